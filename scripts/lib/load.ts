// A small closed-loop HTTP load generator for the benchmarks (bench-contact.ts, and bench-load.ts
// for pages and the mixed page/API/admin load). `connections` loops each send one request, wait for the whole
// answer, and send the next, over a keep-alive node:http Agent with one socket per loop, until
// the time is up. It does little per request (no parsing unless asked), so on a small machine it
// leaves the CPU to the server it measures.
//
//   const result = await runLoad({ url, connections: 50, durationMs: 10_000, warmupMs: 2_000,
//     makeRequest: (i) => ({ method: 'POST', path: '/api/contact', headers, body }) })
//
// Requests started during the warm-up are sent and awaited but counted apart (result.warmup),
// never in the latencies. A measured request is one started after the warm-up and before the
// end; each is awaited, and `elapsedMs` runs from the end of the warm-up to the last answer.
// With `kindOf` (a label per request, e.g. 'page' | 'contact' | 'admin' for a mixed load), the
// result also has `byKind`: the same figures for each label, over the same `elapsedMs`.
//
// Two clients. 'http' (the default): node:http with a keep-alive Agent, full HTTP parsing; it
// costs ~40 µs of CPU per request on the 2-core machine, so from ~20,000 requests/s on it is the
// generator, not the server, that sets the pace. 'raw': one net.Socket per loop, each request
// written as bytes and each answer framed by its Content-Length (or chunked encoding, or the
// connection's end) with no other header parsing; a few µs per request, for fast servers (static
// files, nginx). Both count the same things the same way.
import http from 'node:http'
import net from 'node:net'

export type LoadRequest = { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer }

export type LoadOptions = {
  /** The server's origin, e.g. http://127.0.0.1:3000. */
  url: string
  /** Concurrent requests (one socket each). */
  connections: number
  /** How long to measure, after the warm-up. */
  durationMs: number
  warmupMs?: number
  /** The i-th request of the run (0, 1, 2… across warm-up and measurement). Keep it cheap: precompute bodies. */
  makeRequest: (i: number) => LoadRequest
  /** Called with each complete answer (warm-up ones too); when omitted, bodies are read and dropped. */
  onResponse?: (i: number, status: number, body: Buffer) => void
  /** A request without a complete answer after this long is aborted and counted as a 'timeout' error. */
  timeoutMs?: number
  /** Called when the warm-up ends and measurement starts (cpu.ts's measureLoad takes its CPU readings then). */
  onMeasureStart?: () => void
  /** A label for the i-th request (cheap; same i as makeRequest): the result then has `byKind`. */
  kindOf?: (i: number) => string
  /** 'http' (default): node:http; 'raw': bytes on a socket, far cheaper per request (see the top of this file). */
  client?: 'http' | 'raw'
}

/** Counts of answers by HTTP status and of transport errors by code (ECONNRESET, timeout…). */
export type Outcomes = { count: number; statusCounts: Record<number, number>; errors: Record<string, number> }

type Latency = { min: number; mean: number; p50: number; p90: number; p99: number; max: number }

/** The figures of one kind of request (`kindOf`), measured over the whole run's `elapsedMs`. */
export type KindResult = Outcomes & {
  requestsPerSecond: number
  latency: Latency
  histogram: { upToMs: number; count: number }[]
  /** Bytes of the measured answers' bodies (as received: compressed if the server compressed). */
  bodyBytes: number
  warmup: Outcomes
}

export type LoadResult = Outcomes & {
  elapsedMs: number
  /** Measured requests (answers and errors) per second of `elapsedMs`. */
  requestsPerSecond: number
  /** Of the measured requests that got an answer, in milliseconds. */
  latency: Latency
  /** Answers by latency: `count` of them took at most `upToMs` (and more than the bucket before). */
  histogram: { upToMs: number; count: number }[]
  /** Bytes of the measured answers' bodies (as received: compressed if the server compressed). */
  bodyBytes: number
  warmup: Outcomes
  /** Only with `kindOf`: the same figures for each label. */
  byKind?: Record<string, KindResult>
}

const BUCKETS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, Infinity]

const outcomes = (): Outcomes => ({ count: 0, statusCounts: {}, errors: {} })
const bump = <K extends string | number>(counts: Record<K, number>, key: K) => {
  counts[key] = (counts[key] ?? 0) + 1
}

/** The value at quantile q (0–1) of sorted values, nearest rank. */
function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

/** Outcomes, latencies and bytes of one group of requests (the whole run, or one kind). */
type Tally = { measured: Outcomes; warmup: Outcomes; latencies: Float64Array; samples: number; bytes: number }

const tally = (): Tally => ({
  measured: outcomes(),
  warmup: outcomes(),
  latencies: new Float64Array(1 << 14),
  samples: 0,
  bytes: 0,
})

function record(
  t: Tally,
  inWarmup: boolean,
  status: number | undefined,
  error: string | undefined,
  latencyMs: number,
  bytes: number,
): void {
  const bucket = inWarmup ? t.warmup : t.measured
  bucket.count++
  if (status !== undefined) bump(bucket.statusCounts, status)
  else bump(bucket.errors, error ?? 'unknown')
  if (inWarmup) return
  t.bytes += bytes
  if (status === undefined) return
  if (t.samples === t.latencies.length) {
    const grown = new Float64Array(t.latencies.length * 2)
    grown.set(t.latencies)
    t.latencies = grown
  }
  t.latencies[t.samples++] = latencyMs
}

function summarize(t: Tally, elapsedMs: number): KindResult {
  const sorted = t.latencies.subarray(0, t.samples).sort()
  let sum = 0
  for (const v of sorted) sum += v
  const histogram = BUCKETS_MS.map((upToMs) => ({ upToMs, count: 0 }))
  let b = 0
  for (const v of sorted) {
    while (v > (histogram[b] as { upToMs: number }).upToMs) b++
    ;(histogram[b] as { count: number }).count++
  }
  return {
    ...t.measured,
    requestsPerSecond: elapsedMs > 0 ? (t.measured.count * 1000) / elapsedMs : 0,
    latency: {
      min: sorted[0] ?? NaN,
      mean: t.samples ? sum / t.samples : NaN,
      p50: quantile(sorted, 0.5),
      p90: quantile(sorted, 0.9),
      p99: quantile(sorted, 0.99),
      max: sorted[t.samples - 1] ?? NaN,
    },
    histogram: histogram.filter((h) => h.count > 0),
    bodyBytes: t.bytes,
    warmup: t.warmup,
  }
}

/** How one request ended: a status, or a transport error; the body bytes received; the body when asked for. */
type Done = (status: number | undefined, error: string | undefined, bytes: number, body: Buffer | undefined) => void
type Transport = { send(req: LoadRequest, done: Done): void; close(): void }

const errorCode = (e: NodeJS.ErrnoException) => e.code ?? e.message

/** node:http over a shared keep-alive Agent. */
function httpTransport(origin: URL, connections: number, keepBody: boolean, timeoutMs: number): Transport {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections })
  return {
    send(req, done) {
      let finished = false
      let bytes = 0
      const chunks: Buffer[] = []
      const finish = (status: number | undefined, error?: string) => {
        if (finished) return
        finished = true
        done(
          status,
          error,
          bytes,
          keepBody && status !== undefined ? (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)) : undefined,
        )
      }
      const headers: Record<string, string | number> = { ...req.headers }
      if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body)
      const r = http.request(
        { agent, host: origin.hostname, port: origin.port, method: req.method, path: req.path, headers },
        (res) => {
          res.on('data', (c: Buffer) => {
            bytes += c.length
            if (keepBody) chunks.push(c)
          })
          res.on('end', () => finish(res.statusCode ?? 0))
          res.on('error', (e: NodeJS.ErrnoException) => finish(undefined, errorCode(e)))
        },
      )
      r.setTimeout(timeoutMs, () => {
        finish(undefined, 'timeout')
        r.destroy()
      })
      r.on('error', (e: NodeJS.ErrnoException) => finish(undefined, errorCode(e)))
      r.end(req.body)
    },
    close: () => agent.destroy(),
  }
}

const CRLF = Buffer.from('\r\n')
const HEAD_END = Buffer.from('\r\n\r\n')
const MAX_HEAD = 64 * 1024

/** Where an answer is in being read: its head, then a body of known length, chunked, or until the connection closes. */
type Reading = 'head' | 'length' | 'chunked' | 'untilClose'

/**
 * Reads one HTTP/1.1 answer from the bytes of a connection as they arrive: its status, whether the
 * connection closes after it, where its body ends, and the body's size (and bytes, when kept).
 */
class AnswerReader {
  mode: Reading = 'head'
  status = 0
  bytes = 0
  closeAfter = false
  private pending: Buffer | undefined
  private remaining = 0
  private chunks: Buffer[] = []
  private headRequest = false
  private readonly keepBody: boolean

  constructor(keepBody: boolean) {
    this.keepBody = keepBody
  }

  /** Ready for the answer to a new request (a HEAD request's answer has no body). */
  reset(headRequest: boolean): void {
    this.mode = 'head'
    this.pending = undefined
    this.status = 0
    this.remaining = 0
    this.bytes = 0
    this.chunks = []
    this.closeAfter = false
    this.headRequest = headRequest
  }

  body(): Buffer | undefined {
    return this.keepBody ? (this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks)) : undefined
  }

  /** Takes the next bytes: 'done' once the whole answer has arrived, 'more' until then, or what is wrong with them. */
  take(chunk: Buffer): 'done' | 'more' | { error: string } {
    if (this.mode === 'head') {
      const rest = this.readHead(chunk)
      if (rest === undefined) return 'more'
      if ('error' in rest) return rest
      if (this.nothingLeft()) return 'done'
      if (rest.length === 0) return 'more'
      chunk = rest
    }
    if (this.mode === 'length') {
      const take = Math.min(this.remaining, chunk.length)
      this.bytes += take
      this.remaining -= take
      if (this.keepBody) this.chunks.push(take === chunk.length ? chunk : chunk.subarray(0, take))
      return this.remaining === 0 ? 'done' : 'more'
    }
    if (this.mode === 'chunked') {
      this.pending = this.pending ? Buffer.concat([this.pending, chunk]) : chunk
      const last = this.readChunks()
      if (last !== true) return last
      this.pending = undefined
      return 'done'
    }
    this.bytes += chunk.length
    if (this.keepBody) this.chunks.push(chunk)
    return 'more'
  }

  /** The answer has a known length and all of it has arrived. */
  private nothingLeft(): boolean {
    return this.mode === 'length' && this.remaining === 0
  }

  /** Reads the head: the status and how the body ends. Returns the bytes after the head, or undefined while incomplete. */
  private readHead(chunk: Buffer): Buffer | { error: string } | undefined {
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk
    const end = data.indexOf(HEAD_END)
    if (end === -1) {
      if (data.length > MAX_HEAD) return { error: 'head too large' }
      this.pending = data
      return undefined
    }
    this.pending = undefined
    const head = data.toString('latin1', 0, end)
    this.status = Number(head.slice(9, 12))
    const rest = data.subarray(end + 4)
    if (this.status >= 100 && this.status < 200) return this.readHead(rest) // an interim answer (100 Continue): the real one follows
    this.closeAfter = /\r\nconnection:[ \t]*close/i.test(head) || head.startsWith('HTTP/1.0')
    const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head)
    if (this.headRequest || this.status === 204 || this.status === 304) {
      this.mode = 'length'
      this.remaining = 0
    } else if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) this.mode = 'chunked'
    else if (length) {
      this.mode = 'length'
      this.remaining = Number(length[1])
    } else this.mode = 'untilClose'
    return rest
  }

  /** Chunked body: consumes whole chunks from `pending`; true when the last chunk (and any trailers) has arrived. */
  private readChunks(): true | 'more' | { error: string } {
    let data = this.pending!
    for (;;) {
      const lineEnd = data.indexOf(CRLF)
      if (lineEnd === -1) break
      const size = parseInt(data.toString('latin1', 0, lineEnd), 16)
      if (Number.isNaN(size)) return { error: 'bad chunk' }
      if (size === 0) {
        // The last chunk, then trailers up to an empty line.
        const after = data.subarray(lineEnd + 2)
        if (after.length >= 2 && after[0] === 13 && after[1] === 10) return true
        if (after.indexOf(HEAD_END) !== -1) return true
        break
      }
      if (data.length < lineEnd + 2 + size + 2) break
      this.bytes += size
      if (this.keepBody) this.chunks.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
      data = data.subarray(lineEnd + 2 + size + 2)
    }
    this.pending = data
    return 'more'
  }
}

/** A request's head (and body) as the bytes to write. */
function requestBytes(req: LoadRequest, hostHeader: string): string | Buffer {
  let head = `${req.method} ${req.path} HTTP/1.1\r\n${hostHeader}`
  for (const name in req.headers) head += `${name}: ${req.headers[name]}\r\n`
  if (req.body !== undefined) head += `content-length: ${Buffer.byteLength(req.body)}\r\n`
  head += '\r\n'
  if (req.body === undefined || req.body.length === 0) return head
  return Buffer.concat([Buffer.from(head, 'latin1'), typeof req.body === 'string' ? Buffer.from(req.body) : req.body])
}

/** One keep-alive connection written to and read as bytes; one request at a time (no pipelining). Reconnects when the server closes. */
function rawTransport(origin: URL, keepBody: boolean, timeoutMs: number): Transport {
  const hostHeader = `host: ${origin.host}\r\n`
  const answer = new AnswerReader(keepBody)
  let socket: net.Socket | undefined
  let current: { done: Done; timer: NodeJS.Timeout } | undefined

  function complete(): void {
    const c = current
    if (!c) return
    current = undefined
    clearTimeout(c.timer)
    if (answer.closeAfter) {
      socket?.destroy()
      socket = undefined
    }
    c.done(answer.status, undefined, answer.bytes, answer.body())
  }

  function fail(error: string): void {
    const c = current
    socket?.destroy()
    socket = undefined
    if (!c) return
    current = undefined
    clearTimeout(c.timer)
    c.done(undefined, error, answer.bytes, undefined)
  }

  function onData(chunk: Buffer): void {
    if (!current) {
      fail('answer without a request')
      return
    }
    const step = answer.take(chunk)
    if (step === 'done') complete()
    else if (step !== 'more') fail(step.error)
  }

  function open(): net.Socket {
    const s = net.connect({ host: origin.hostname, port: Number(origin.port || 80), noDelay: true })
    s.on('data', (chunk: Buffer) => {
      if (s === socket) onData(chunk)
    })
    s.on('error', (e: NodeJS.ErrnoException) => {
      if (s === socket) fail(errorCode(e))
    })
    s.on('close', () => {
      if (s !== socket) return
      if (current && answer.mode === 'untilClose') complete()
      else fail('ECONNRESET')
      socket = undefined
    })
    return s
  }

  return {
    send(req, done) {
      socket ??= open()
      answer.reset(req.method === 'HEAD')
      current = { done, timer: setTimeout(() => fail('timeout'), timeoutMs) }
      const bytes = requestBytes(req, hostHeader)
      if (typeof bytes === 'string') socket.write(bytes, 'latin1')
      else socket.write(bytes)
    },
    close() {
      socket?.destroy()
      socket = undefined
    },
  }
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const {
    connections,
    durationMs,
    warmupMs = 0,
    makeRequest,
    onResponse,
    timeoutMs = 30_000,
    onMeasureStart,
    kindOf,
    client = 'http',
  } = options
  const origin = new URL(options.url)
  const keepBody = onResponse !== undefined
  const shared = client === 'http' ? httpTransport(origin, connections, keepBody, timeoutMs) : undefined
  const all = tally()
  const kinds = new Map<string, Tally>()
  let next = 0
  let lastAnswer = 0

  const started = performance.now()
  const measureFrom = started + warmupMs
  const end = measureFrom + durationMs
  const measureTimer = onMeasureStart && setTimeout(onMeasureStart, warmupMs)

  function send(i: number, transport: Transport): Promise<void> {
    const req = makeRequest(i)
    let kind: Tally | undefined
    if (kindOf) {
      const label = kindOf(i)
      kind = kinds.get(label)
      if (!kind) kinds.set(label, (kind = tally()))
    }
    const t0 = performance.now()
    const inWarmup = t0 < measureFrom
    return new Promise<void>((resolve) => {
      transport.send(req, (status, error, bytes, body) => {
        const t1 = performance.now()
        if (onResponse && status !== undefined) onResponse(i, status, body ?? Buffer.alloc(0))
        if (!inWarmup) lastAnswer = Math.max(lastAnswer, t1)
        record(all, inWarmup, status, error, t1 - t0, bytes)
        if (kind) record(kind, inWarmup, status, error, t1 - t0, bytes)
        resolve()
      })
    })
  }

  async function loop(): Promise<void> {
    const transport = shared ?? rawTransport(origin, keepBody, timeoutMs)
    while (performance.now() < end) await send(next++, transport)
    if (!shared) transport.close()
  }

  await Promise.all(Array.from({ length: connections }, loop))
  shared?.close()
  clearTimeout(measureTimer)

  const elapsedMs = Math.max(0, (lastAnswer || end) - measureFrom)
  const { warmup, ...measured } = summarize(all, elapsedMs)
  const result: LoadResult = { ...measured, elapsedMs, warmup }
  if (kindOf)
    result.byKind = Object.fromEntries(
      [...kinds].sort(([a], [b]) => a.localeCompare(b)).map(([label, t]) => [label, summarize(t, elapsedMs)]),
    )
  return result
}

/** The flags every load benchmark takes (for node:util parseArgs), checked by `checkLoadFlags`. */
export const LOAD_FLAGS = {
  connections: { type: 'string', default: '50' },
  seconds: { type: 'string', default: '10' },
  warmup: { type: 'string', default: '2' },
  'cpu-prof': { type: 'boolean', default: false },
} as const

/** The load flags as numbers, or an error naming the bad one: runs stay bounded on a small machine. */
export function checkLoadFlags(values: { connections: string; seconds: string; warmup: string }): {
  connections: number
  seconds: number
  warmupSeconds: number
} {
  const connections = Number(values.connections)
  const seconds = Number(values.seconds)
  const warmupSeconds = Number(values.warmup)
  if (!Number.isInteger(connections) || connections < 1 || connections > 1_000)
    throw new Error('--connections must be a whole number from 1 to 1000')
  if (!(seconds > 0 && seconds <= 120)) throw new Error('--seconds must be more than 0 and at most 120')
  if (!(warmupSeconds >= 0 && warmupSeconds <= 30)) throw new Error('--warmup must be from 0 to 30 seconds')
  return { connections, seconds, warmupSeconds }
}
