// The editors' live preview: `npm run dev` (vike dev, with the content plugin of vite.config.ts)
// on a copy of content/ (CONTENT_DIR). An edited town shows without a restart, a new town file
// is a page at once, a broken file shows content:check's message in the browser and the page
// comes back when it is fixed. The dev server runs in its own process group, killed at the end
// with everything it started.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, projectRoot } from '../../scripts/lib/server.ts'
import { expect, test } from './fixtures.ts'

test.describe.configure({ mode: 'serial', timeout: 240_000 })
// The error page answers 500, which Chromium logs.
test.use({ allowConsoleErrors: [/status of 500/] })

let dev: ChildProcess | undefined
let devUrl = ''
let contentDir = ''
const output: string[] = []

/** Starts `vike dev` (the real bin, not through npm or npx, so its pid is the server's). */
async function startDev(): Promise<string> {
  const port = await freePort()
  dev = spawn(process.execPath, [path.join(projectRoot, 'node_modules/vike/bin.js'), 'dev', '--port', String(port)], {
    cwd: projectRoot,
    env: { ...process.env, CONTENT_DIR: contentDir, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  for (const stream of [dev.stdout!, dev.stderr!]) stream.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const deadline = Date.now() + 60_000
  for (;;) {
    // eslint-disable-next-line no-control-regex
    const url = /Local:\s+(http:\/\/\S+?)\/?\s/.exec(output.join('').replace(/\x1b\[[0-9;]*m/g, ''))?.[1]
    if (url) return url
    if (dev.exitCode !== null || Date.now() > deadline) throw new Error(`vike dev did not start:\n${output.join('')}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** SIGTERM to the dev server's process group, SIGKILL if it is still there 5 s later. */
async function stopDev(): Promise<void> {
  const child = dev
  if (!child?.pid || child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const group = -child.pid
  try {
    process.kill(group, 'SIGTERM')
  } catch {
    return
  }
  const timer = setTimeout(() => {
    try {
      process.kill(group, 'SIGKILL')
    } catch {
      // gone already
    }
  }, 5_000)
  await exited
  clearTimeout(timer)
}

const town = () => path.join(contentDir, 'areas/towns/aberdeen-hvac.yaml')
const edit = (file: string, from: string | RegExp, to: string) => {
  const text = readFileSync(file, 'utf8')
  const next = text.replace(from, to)
  expect(next, `${file} should contain ${String(from)}`).not.toBe(text)
  writeFileSync(file, next)
}

test.beforeAll(async () => {
  contentDir = mkdtempSync(path.join(tmpdir(), 'longbar-content-'))
  cpSync(path.join(projectRoot, 'content'), contentDir, { recursive: true })
  devUrl = await startDev()
  // The first page of a dev server transforms everything once: warm it up outside the test's clock
  // (asking again while the server is still getting ready: a busy machine may refuse at first).
  const deadline = Date.now() + 120_000
  for (;;) {
    try {
      const res = await fetch(`${devUrl}/aberdeen-hvac`, {
        headers: { accept: 'text/html' },
        signal: AbortSignal.timeout(120_000),
      })
      if (res.ok) break
      throw new Error(`status ${res.status}`)
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`vike dev did not answer: ${String(error)}\n${output.join('')}`)
      await new Promise((r) => setTimeout(r, 250))
    }
  }
})

test.afterAll(async () => {
  await stopDev()
  if (contentDir) rmSync(contentDir, { recursive: true, force: true })
})

test('a content edit shows without a restart, a new town is a page at once, and a content error is shown until fixed', async ({
  page,
}) => {
  const heading = page.getByRole('heading', { level: 1 })
  // A page reloads by itself only once Vite's client on it is connected to the dev server (it
  // says so in the console, after the load event): a change saved before then is not seen.
  const connected = () =>
    page.waitForEvent('console', { predicate: (msg) => msg.text().includes('[vite] connected'), timeout: 30_000 })
  const open = async (url: string) => {
    const ready = connected()
    const res = await page.goto(url)
    await ready
    return res
  }
  await open(`${devUrl}/aberdeen-hvac`)
  await expect(heading).toHaveText('Heating & Air Conditioning Services in Aberdeen, MD')

  await test.step('an edited town: the open page reloads by itself', async () => {
    edit(town(), 'title: Heating & Air Conditioning Services in Aberdeen, MD', 'title: Aberdeen, Edited Live')
    await expect(heading).toHaveText('Aberdeen, Edited Live', { timeout: 30_000 })
  })

  await test.step('a new town file: its page exists without a restart', async () => {
    const text = readFileSync(town(), 'utf8')
      .replace('path: /aberdeen-hvac', 'path: /perryman-hvac')
      .replace('aliases: [/aberdeen]', 'aliases: [/perryman]')
      .replace('title: Aberdeen, Edited Live', 'title: Heating & Cooling in Perryman, MD')
      // A ZIP code belongs to one place (content:check): the copy lists none of Aberdeen's.
      .replace(/^zips: .*\n/m, '')
    // Away from the dev server's pages (whose reload would cut the navigation short) until the
    // terminal says the file is seen; then the new page is there, with no restart in between.
    await page.goto('about:blank')
    writeFileSync(path.join(contentDir, 'areas/towns/perryman-hvac.yaml'), text)
    await expect.poll(() => output.join(''), { timeout: 30_000 }).toContain('perryman-hvac.yaml changed')
    const res = await open(`${devUrl}/perryman-hvac`)
    expect(res?.status()).toBe(200)
    await expect(heading).toHaveText('Heating & Cooling in Perryman, MD')
  })

  await test.step('a broken file: the page says what content:check says, and so does the terminal', async () => {
    const reloaded = connected()
    edit(town(), /^ {2}order: \d+$/m, '  order: fifty')
    const problems = page.locator('#content-problems')
    await expect(problems).toBeVisible({ timeout: 30_000 })
    // The error page keeps Vite's client: connected, it reloads when the file is fixed.
    await reloaded
    const message = await problems.innerText()
    expect(message).toContain('1 problem in content/:')
    expect(message).toMatch(/aberdeen-hvac\.yaml:\d+ {2}listing\.order: is text, but must be a whole number\./)
    expect(message).toContain('For example: 10.')
    // The terminal said the same, word for word.
    expect(output.join('')).toContain(message.split('\n')[1]!.trim())
  })

  await test.step('fixed: the page comes back by itself', async () => {
    edit(town(), '  order: fifty', '  order: 50')
    await expect(heading).toHaveText('Heating & Cooling in Perryman, MD', { timeout: 30_000 })
    await page.goto(`${devUrl}/aberdeen-hvac`)
    await expect(heading).toHaveText('Aberdeen, Edited Live')
  })
})
