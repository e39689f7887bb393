// Starts the real server (node src/server/main.ts, as `npm start` would) on 127.0.0.1, waits
// until it is ready, keeps every line it writes, and stops it: for the integration and fault
// tests and for the benchmarks (scripts/bench-*.ts).
//
// Ready means: at the default log level, the server's "listening" line, which carries the address
// of the port the system chose (PORT=0, so parallel tests never compete for a port). At
// LOG_LEVEL=warn or error (the benchmarks, which keep the server quiet) that info line is not
// written: a free port is chosen first, and ready is GET /healthz answering 200.
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

export const projectRoot = path.resolve(import.meta.dirname, '../..')

export type RunningServer = {
  url: string
  pid: number
  process: ChildProcess
  /** Every line the server has written to stdout and stderr so far. */
  logs: string[]
  /** Parsed JSON log lines. */
  records(): Record<string, unknown>[]
  /** A signal (SIGTERM by default: a graceful drain), then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export type StartOptions = {
  timeoutMs?: number
  /** Node flags before the script, e.g. ['--cpu-prof', '--cpu-prof-dir=.reports/cpu-prof'] (written when it stops). */
  nodeArgs?: string[]
}

/** A port free on 127.0.0.1 right now (a server started next takes it a moment later). */
export async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

async function healthStatus(url: string): Promise<number> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) })
    await res.arrayBuffer()
    return res.status
  } catch {
    return 0
  }
}

function parseRecords(lines: string[]): Record<string, unknown>[] {
  return lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>]
    } catch {
      return [] // not JSON: startup errors are plain text
    }
  })
}

/** Runs `node src/server/main.ts` with only PATH and `env`; `onLine` gets each whole line it writes. */
function spawnServer(env: Record<string, string>, nodeArgs: string[], onLine: (line: string) => void): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, 'src/server/main.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [child.stdout, child.stderr]) {
    let partial = ''
    stream.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n')
      partial = lines.pop()!
      for (const line of lines) if (line) onLine(line)
    })
    stream.on('end', () => partial && onLine(partial))
  }
  return child
}

export async function startServer(
  env: Record<string, string> = {},
  { timeoutMs = 20_000, nodeArgs = [] }: StartOptions = {},
): Promise<RunningServer> {
  // Tests and benchmarks send hundreds of requests from many addresses on purpose: the overall cap
  // on a flood (CONTACT_OVERALL_LIMIT) is lifted unless they set it, and so is folding.
  const settings = {
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: ':memory:',
    LOG_LEVEL: 'info',
    CONTACT_OVERALL_LIMIT: '100000/1h',
    // They send request after request from one phone number, each to be a card and an alert of its
    // own: a second send is not folded into the first (decision 052) unless they set it.
    CONTACT_FOLD_MINUTES: '0',
    // The daily test alert (decision 047) would add an e-mail, a push and a webhook call to what
    // a test counts, at whatever hour it runs: off unless a test turns it on.
    DAILY_TEST_ALERT: 'false',
    ...env,
  }
  const quiet = settings.LOG_LEVEL === 'warn' || settings.LOG_LEVEL === 'error'
  if (quiet && settings.PORT === '0') settings.PORT = String(await freePort())
  const logs: string[] = []
  let listening: string | undefined
  const child = spawnServer(settings, nodeArgs, (line) => {
    logs.push(line)
    if (!listening && line.includes('"listening"')) {
      const rec = parseRecords([line])[0] as { msg?: string; url?: string } | undefined
      if (rec?.msg === 'listening' && rec.url) listening = rec.url
    }
  })
  let exited: number | null | undefined
  // 'close': the process has exited and its output has all been read.
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve((exited = code))))

  const portUrl = `http://127.0.0.1:${settings.PORT}`
  const deadline = Date.now() + timeoutMs
  let url: string | undefined
  while (!url) {
    if (listening) url = listening
    else if (quiet && (await healthStatus(portUrl)) === 200) url = portUrl
    else if (exited !== undefined)
      throw new Error(`server exited with code ${exited} before it was ready:\n${logs.join('\n')}`)
    else if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server was not ready in ${timeoutMs} ms:\n${logs.join('\n')}`)
    } else await new Promise((r) => setTimeout(r, quiet ? 50 : 10))
  }
  return {
    url,
    pid: child.pid!,
    process: child,
    logs,
    records: () => parseRecords(logs),
    async stop(signal = 'SIGTERM') {
      if (exited !== undefined) return exited
      child.kill(signal)
      return exit
    },
  }
}

/** Runs the server with only `env` and collects its output until it exits (for bad-environment tests). */
export async function runServerUntilExit(
  env: Record<string, string>,
  timeoutMs = 10_000,
): Promise<{ code: number | null; output: string }> {
  const lines: string[] = []
  const child = spawnServer(env, [], (line) => lines.push(line))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  clearTimeout(timer)
  return { code, output: lines.join('\n') }
}
