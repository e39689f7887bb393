// A small closed-loop HTTP load generator for the benchmarks (bench-contact.ts, later the mixed
// page/API/admin load test). `connections` loops each send one request, wait for the whole
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
import { readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'

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
  makeRequest(i: number): LoadRequest
  /** Called with each complete answer (warm-up ones too); when omitted, bodies are read and dropped. */
  onResponse?(i: number, status: number, body: Buffer): void
  /** A request without a complete answer after this long is aborted and counted as a 'timeout' error. */
  timeoutMs?: number
  /** Called when the warm-up ends and measurement starts (e.g. to take CPU readings). */
  onMeasureStart?(): void
}

/** Counts of answers by HTTP status and of transport errors by code (ECONNRESET, timeout…). */
export type Outcomes = { count: number; statusCounts: Record<number, number>; errors: Record<string, number> }

export type Latency = { min: number; mean: number; p50: number; p90: number; p99: number; max: number }

export type LoadResult = Outcomes & {
  elapsedMs: number
  /** Measured requests (answers and errors) per second of `elapsedMs`. */
  requestsPerSecond: number
  /** Of the measured requests that got an answer, in milliseconds. */
  latency: Latency
  /** Answers by latency: `count` of them took at most `upToMs` (and more than the bucket before). */
  histogram: { upToMs: number; count: number }[]
  warmup: Outcomes
}

const BUCKETS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, Infinity]

const outcomes = (): Outcomes => ({ count: 0, statusCounts: {}, errors: {} })
const bump = <K extends string | number>(counts: Record<K, number>, key: K) => {
  counts[key] = (counts[key] ?? 0) + 1
}

/** The value at quantile q (0–1) of sorted values, nearest rank. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { connections, durationMs, warmupMs = 0, makeRequest, onResponse, timeoutMs = 30_000, onMeasureStart } = options
  const origin = new URL(options.url)
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections })
  const warmup = outcomes()
  const measured = outcomes()
  let latencies = new Float64Array(1 << 14)
  let samples = 0
  let next = 0
  let lastAnswer = 0

  const started = performance.now()
  const measureFrom = started + warmupMs
  const end = measureFrom + durationMs
  const measureTimer = onMeasureStart && setTimeout(onMeasureStart, warmupMs)

  function send(i: number): Promise<void> {
    const req = makeRequest(i)
    const t0 = performance.now()
    const bucket = t0 < measureFrom ? warmup : measured
    return new Promise<void>((resolve) => {
      let done = false
      const finish = (status: number | undefined, error?: string) => {
        if (done) return
        done = true
        const t1 = performance.now()
        bucket.count++
        if (status !== undefined) bump(bucket.statusCounts, status)
        else bump(bucket.errors, error ?? 'unknown')
        if (bucket === measured) {
          lastAnswer = Math.max(lastAnswer, t1)
          if (status !== undefined) {
            if (samples === latencies.length) {
              const grown = new Float64Array(latencies.length * 2)
              grown.set(latencies)
              latencies = grown
            }
            latencies[samples++] = t1 - t0
          }
        }
        resolve()
      }
      const headers: Record<string, string | number> = { ...req.headers }
      if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body)
      const r = http.request({ agent, host: origin.hostname, port: origin.port, method: req.method, path: req.path, headers }, (res) => {
        const chunks: Buffer[] = []
        if (onResponse) res.on('data', (c: Buffer) => chunks.push(c))
        else res.resume()
        res.on('end', () => {
          const status = res.statusCode ?? 0
          if (onResponse) onResponse(i, status, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks))
          finish(status)
        })
        res.on('error', (e: NodeJS.ErrnoException) => finish(undefined, e.code ?? e.message))
      })
      r.setTimeout(timeoutMs, () => {
        finish(undefined, 'timeout')
        r.destroy()
      })
      r.on('error', (e: NodeJS.ErrnoException) => finish(undefined, e.code ?? e.message))
      r.end(req.body)
    })
  }

  async function loop(): Promise<void> {
    while (performance.now() < end) await send(next++)
  }

  await Promise.all(Array.from({ length: connections }, loop))
  agent.destroy()
  clearTimeout(measureTimer)

  const sorted = latencies.subarray(0, samples).sort()
  let sum = 0
  for (const v of sorted) sum += v
  const histogram = BUCKETS_MS.map((upToMs) => ({ upToMs, count: 0 }))
  let b = 0
  for (const v of sorted) {
    while (v > (histogram[b] as { upToMs: number }).upToMs) b++
    ;(histogram[b] as { count: number }).count++
  }
  const elapsedMs = Math.max(0, (lastAnswer || end) - measureFrom)
  return {
    ...measured,
    elapsedMs,
    requestsPerSecond: elapsedMs > 0 ? (measured.count * 1000) / elapsedMs : 0,
    latency: {
      min: sorted[0] ?? NaN,
      mean: samples ? sum / samples : NaN,
      p50: quantile(sorted, 0.5),
      p90: quantile(sorted, 0.9),
      p99: quantile(sorted, 0.99),
      max: sorted[samples - 1] ?? NaN,
    },
    histogram: histogram.filter((h) => h.count > 0),
    warmup,
  }
}

// CPU readings from /proc (Linux), to tell whether the server, the load generator or the rest of
// the machine (a database server, the disk) is the limit.

const CLOCK_TICKS_PER_SECOND = 100 // USER_HZ: 100 on every Linux that matters

/** CPU time (user + system, all threads) a process has used so far, in ms; undefined off Linux. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces) start at field 3; utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return undefined
  }
}

/** CPU time (ms) used so far by each running process named `command` (e.g. the postgres backends), by pid. */
export function commandCpuMs(command: string): Map<number, number> {
  const byPid = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === command) byPid.set(Number(entry), processCpuMs(Number(entry)) ?? 0)
    } catch {
      /* gone meanwhile */
    }
  }
  return byPid
}

/** CPU time spent between two commandCpuMs readings by the processes alive at the second (those that ended meanwhile are missed). */
export function cpuSpentMs(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0)
  return total
}

/** The whole machine's CPU time so far (all cores), in ms: busy (of which in interrupts, e.g. loopback networking), waiting on the disk, total. */
export function machineCpuMs(): { busy: number; interrupts: number; iowait: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number)
    const ms = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND
    return { busy: ms(user + nice + system + irq + softirq + steal), interrupts: ms(irq + softirq), iowait: ms(iowait), total: ms(user + nice + system + idle + iowait + irq + softirq + steal) }
  } catch {
    return undefined
  }
}
