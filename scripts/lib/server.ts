// Starts the built server (node src/server/main.ts, as `npm start` would) for a benchmark, on
// 127.0.0.1, and stops it. Unlike tests/helpers/server.ts it does not wait for the "listening"
// log line: benchmarks run the server at LOG_LEVEL=warn, which leaves that info line out. So it
// takes a free port first and waits until GET /healthz answers 200 (after the migrations).
import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'

export const projectRoot = path.resolve(import.meta.dirname, '../..')

export type BenchServer = {
  url: string
  pid: number
  process: ChildProcess
  /** Every line the server has written to stdout and stderr so far. */
  logs: string[]
  /** SIGTERM (a graceful drain) and wait for the exit code. */
  stop(): Promise<number | null>
}

/** A port free on 127.0.0.1 right now (the server takes it a moment later). */
export async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

function healthStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(`${url}/healthz`, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.setTimeout(1_000, () => req.destroy())
    req.on('error', () => resolve(0))
  })
}

/** `nodeArgs` go before the script, e.g. ['--cpu-prof', '--cpu-prof-dir=.reports/cpu-prof'] (written when it stops). */
export async function startBuiltServer(env: Record<string, string>, { timeoutMs = 20_000, nodeArgs = [] as string[] } = {}): Promise<BenchServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [...nodeArgs, 'src/server/main.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  const collect = (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean))
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  let exited: number | null | undefined
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve((exited = code))))

  const deadline = Date.now() + timeoutMs
  while ((await healthStatus(url)) !== 200) {
    if (exited !== undefined) throw new Error(`server exited with code ${exited} before answering:\n${logs.join('\n')}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not answer /healthz in ${timeoutMs} ms:\n${logs.join('\n')}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url,
    pid: child.pid as number,
    process: child,
    logs,
    async stop() {
      if (exited !== undefined) return exited
      child.kill('SIGTERM')
      return exit
    },
  }
}

/** Signs in to the admin (POST /api/admin/login) and returns the session cookie to send back. */
export async function signIn(url: string, { password, origin, headers = {} }: { password: string; origin: string; headers?: Record<string, string> }): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin, ...headers }, body: JSON.stringify({ password }) })
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`)
  return (res.headers.get('set-cookie') ?? '').split(';')[0] as string
}
