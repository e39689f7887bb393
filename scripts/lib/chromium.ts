// Debian's Chromium (Playwright's own browser download does not work here): its path and the
// flags the end-to-end tests (playwright.config.ts) and Lighthouse start it with, and a headless
// start with a DevTools port for Lighthouse. The flags keep it from reaching out to the network:
// no background requests, component updates, sync or QUIC probes, which on a machine without a
// way out would only wait and fail.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export async function launchChromium(
  extraFlags: string[] = [],
): Promise<{ port: number; close(): Promise<void>; process: ChildProcess }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'longbar-chromium-'))
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, ...extraFlags, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const port = await new Promise<number>((resolve, reject) => {
    let err = ''
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${err}`)), 15_000)
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString()
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err)
      if (m) {
        clearTimeout(timer)
        resolve(Number(m[1]))
      }
    })
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${err}`)))
  })
  return {
    port,
    process: child,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
    },
  }
}
