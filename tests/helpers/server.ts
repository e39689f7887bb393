// Starts the real server (node src/server/main.ts) on a free port, as `npm start` would, and
// stops it after the test. Integration tests talk to it over HTTP.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

export type RunningServer = {
  url: string
  process: ChildProcess
  /** Every line the server has written to stdout and stderr so far. */
  logs: string[]
  /** Parsed JSON log lines. */
  records(): Record<string, unknown>[]
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export const projectRoot = path.resolve(import.meta.dirname, '../..')

export async function startServer(env: Record<string, string> = {}, { timeoutMs = 15_000 } = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATABASE_URL: ':memory:', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  let exited: number | null | undefined
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve((exited = code))))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${logs.join('')}`)), timeoutMs)
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        logs.push(line)
        try {
          const rec = JSON.parse(line) as { msg?: string; url?: string }
          if (rec.msg === 'listening' && rec.url) {
            clearTimeout(timer)
            resolve(rec.url)
          }
        } catch {
          /* not JSON: startup errors are plain text */
        }
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    void exit.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with code ${code} before listening:\n${logs.join('\n')}`))
    })
  })
  return {
    url,
    process: child,
    logs,
    records: () =>
      logs.flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, unknown>]
        } catch {
          return []
        }
      }),
    async stop(signal = 'SIGTERM') {
      if (exited !== undefined) return exited
      child.kill(signal)
      return exit
    },
  }
}

/** Runs the server with an environment and collects its output until it exits (for bad-env tests). */
export async function runServerUntilExit(env: Record<string, string>, timeoutMs = 10_000): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['src/server/main.ts'], { cwd: projectRoot, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr.on('data', (c: Buffer) => (output += c.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  clearTimeout(timer)
  return { code, output }
}
