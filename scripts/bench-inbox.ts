// `npm run bench:inbox`: the inbox as the owner sees it, measured in Chromium against the built
// server with a day's worth of requests (scripts/lib/inbox-sample.ts: 33 of them).
//   1. How tall the inbox is with all 33 shown, at 390×844 (a phone) and 1280×800: the page, and
//      the list alone. Screenshots in .reports/inbox-*.png.
//   2. How long from tapping "Sign in" until the first request shows, and from opening /admin
//      already signed in, under Lighthouse's mobile profile (slow 4G, the CPU 4× slower), in its
//      two forms: the simulated one's figures applied as they are (150 ms round trips, 1.6 Mbit/s
//      down, 750 kbit/s up), and as Lighthouse's DevTools mode applies them, with each request's
//      latency stretched to stand for connection set-up (562.5 ms, 1.47 Mbit/s, 675 kbit/s).
//      Medians of 5.
// Needs `npm run build` first.
//   npm run bench:inbox [-- --runs 5]
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Browser, type Page } from '@playwright/test'
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium.ts'
import { sendSample } from './lib/inbox-sample.ts'
import { median } from './lib/report.ts'
import { freePort, projectRoot, startServer } from './lib/server.ts'

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const RUNS = Number(args.runs)
const PASSWORD = 'inbox benchmark password'
const REPORTS = path.join(projectRoot, '.reports')

type Throttle = { latency: number; download: number; upload: number; cpu: number }
/** Lighthouse's mobile profile (slow 4G, a mid-range phone): its figures as they are… */
const MOBILE: Throttle = { latency: 150, download: (1638.4 * 1024) / 8, upload: (750 * 1024) / 8, cpu: 4 }
/** …and as its DevTools mode applies them (lighthouse/core/config/constants.js). */
const MOBILE_DEVTOOLS: Throttle = {
  latency: 150 * 3.75,
  download: (1638.4 * 0.9 * 1024) / 8,
  upload: (750 * 0.9 * 1024) / 8,
  cpu: 4,
}

async function signIn(page: Page) {
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

async function heights(browser: Browser, base: string, viewport: { width: number; height: number }, name: string) {
  const page = await browser.newPage({ viewport })
  await page.goto(`${base}/admin`)
  await signIn(page)
  await page.getByRole('article').nth(32).waitFor()
  // Fonts and layout settle; the relative times tick at most once.
  await page.waitForTimeout(300)
  const sizes = await page.evaluate(() => {
    const list = document.querySelector('#inbox-panel ul')!.getBoundingClientRect()
    return { page: document.documentElement.scrollHeight, list: Math.round(list.height) }
  })
  await page.screenshot({ path: path.join(REPORTS, `inbox-${name}.png`), fullPage: true })
  await page.close()
  return sizes
}

/** Milliseconds from "Sign in" (or from asking for /admin signed in) to the first request on screen, throttled. */
async function timeToList(browser: Browser, base: string, signedIn: boolean, throttle: Throttle): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 })
  const page = await context.newPage()
  if (signedIn) {
    await page.goto(`${base}/admin`)
    await signIn(page)
    await page.getByRole('article').first().waitFor()
  }
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: throttle.latency,
    downloadThroughput: throttle.download,
    uploadThroughput: throttle.upload,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpu })
  // Timed in the page itself: from the click (or the navigation) to the first frame drawn with a
  // request on screen. Playwright's own polling would wait behind the rest of the list being drawn.
  const firstCard = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const done = () => requestAnimationFrame(() => resolve(performance.now()))
          if (document.querySelector('article')) return done()
          new MutationObserver((_, observer) => {
            if (!document.querySelector('article')) return
            observer.disconnect()
            done()
          }).observe(document.body, { childList: true, subtree: true })
        }),
    )
  let ms: number
  if (signedIn) {
    await page.goto(`${base}/admin`, { waitUntil: 'commit' })
    // From the start of the navigation: the page's own clock starts there.
    ms = await firstCard()
  } else {
    // Everything loaded, the app's scripts run: the owner has the page open and types.
    await page.goto(`${base}/admin`, { waitUntil: 'networkidle' })
    await page.getByLabel('Password').fill(PASSWORD)
    await page.evaluate(() => {
      document.addEventListener('click', (event) => ((window as { clickedAt?: number }).clickedAt = event.timeStamp), {
        capture: true,
        once: true,
      })
    })
    const shown = firstCard()
    await page.getByRole('button', { name: 'Sign in' }).click()
    const clickedAt = await page.evaluate(() => (window as { clickedAt?: number }).clickedAt ?? 0)
    ms = (await shown) - clickedAt
  }
  await context.close()
  return ms
}

mkdirSync(REPORTS, { recursive: true })
// The inbox signs in only at PUBLIC_ORIGIN: the address the browser opens.
const port = await freePort()
const server = await startServer({
  ADMIN_PASSWORD: PASSWORD,
  TRUST_PROXY: '1',
  LOG_LEVEL: 'warn',
  PORT: String(port),
  PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
})
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
try {
  await sendSample(server.url)
  const phone = await heights(browser, server.url, { width: 390, height: 844 }, 'phone')
  const desktop = await heights(browser, server.url, { width: 1280, height: 800 }, 'desktop')
  console.log('The inbox with 33 requests, all shown (px):')
  console.log(
    `  phone 390×844:    page ${phone.page.toLocaleString('en-US')}, list ${phone.list.toLocaleString('en-US')}`,
  )
  console.log(
    `  desktop 1280×800: page ${desktop.page.toLocaleString('en-US')}, list ${desktop.list.toLocaleString('en-US')}`,
  )

  const list = (values: number[]) => values.map((v) => Math.round(v)).join(', ')
  let goal = 0
  for (const [name, throttle] of [
    ['Lighthouse mobile (150 ms round trips)', MOBILE],
    ['Lighthouse mobile as DevTools applies it (562.5 ms)', MOBILE_DEVTOOLS],
  ] as const) {
    const afterSignIn: number[] = []
    const signedInOpen: number[] = []
    for (let i = 0; i < RUNS; i++) {
      afterSignIn.push(await timeToList(browser, server.url, false, throttle))
      signedInOpen.push(await timeToList(browser, server.url, true, throttle))
    }
    if (throttle === MOBILE) goal = median(afterSignIn)
    console.log(`\nFirst request on screen, ${name}, median of ${RUNS} (ms):`)
    console.log(`  after tapping "Sign in":     ${Math.round(median(afterSignIn))}  (${list(afterSignIn)})`)
    console.log(`  opening /admin, signed in:   ${Math.round(median(signedInOpen))}  (${list(signedInOpen)})`)
  }
  console.log(
    `\nGoal: under 1,000 ms after sign-in on Lighthouse's mobile profile — ${goal < 1000 ? 'met' : 'NOT met'}`,
  )
} finally {
  await browser.close()
  await server.stop()
}
