// The desk's first screen (docs/decisions/042-desk-first-screen.md) in Chromium: at 390×844 the
// first request starts within the first 400 px, under the inbox's own compact header (the public
// site's sticky header is not shown over the inbox) and a one-line alert banner in the owner's
// words, its details behind a tap; at 1280×800 the first card is on the first screen too. Each
// size with axe. The measured tops are printed for the closing note.
import { randomInt, randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

/** Sends a request named `name` and a fresh token, signs in; returns the request's full name. */
async function sendAndSignIn(page: Page, name: string, message: string): Promise<string> {
  const full = `${name} t${randomUUID().slice(0, 8)}`
  const res = await page.request.post('/api/contact', {
    // A phone of its own: two tests' requests from one phone within the hour would fold into one card.
    data: {
      name: full,
      phone: `410555${randomInt(1000, 10000)}`,
      message,
      page: '/contact',
      referrer: '',
      website: '',
      elapsedMs: 8_000,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  return full
}

const LIMITS = { phone: 400, desktop: 400 }

for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP }) as [
  'phone' | 'desktop',
  typeof PHONE,
][]) {
  test.describe(`the desk's first screen at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test('the first request starts within the first 400 px, under one line of alert in the owner’s words', async ({
      page,
    }) => {
      // Two full axe scans of the inbox: 10–15 s each on a slow 2-core machine with the other worker
      // busy (the inbox itself is done in 4 s), past the default 30 s in a full run.
      test.slow()
      await sendAndSignIn(page, 'First Screen', 'Heat is out, 58 °F inside, two kids at home')
      const first = page.getByRole('article').first()
      await expect(first).toBeVisible()
      // The alert banner (no channel is set up on the e2e server) is there, so the figure counts it.
      const banner = page.getByTestId('alert-health')
      await expect(banner).toBeVisible()
      await page.evaluate(() => window.scrollTo(0, 0))
      const top = (await first.boundingBox())!.y
      console.log(`first card top at ${viewport.width}×${viewport.height}: ${Math.round(top)} px`)
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/desk-first-${size}.png` })
      expect(top).toBeLessThanOrEqual(LIMITS[size])
      // The inbox's own header, not the public site's (with the company's phone as a call button).
      await expect(page.locator('.site-header')).toBeHidden()
      // Every tab in sight: no sideways scrolling, on the page or in the tab strip.
      for (const tab of await page.getByRole('tab').all()) {
        const box = (await tab.boundingBox())!
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
      // One line in the owner's words; the details behind a tap, and nothing contradicting it.
      const line = banner.getByRole('button', { name: /Alerts aren't reaching your phone\. Turn on notifications/ })
      await expect(line).toHaveAttribute('aria-expanded', 'false')
      await expect(banner.getByText('Nobody is told when a request comes in', { exact: false })).toBeHidden()
      await expectNoAxeViolations(page)
      await line.click()
      await expect(banner.getByText('Nobody is told when a request comes in', { exact: false })).toBeVisible()
      await expect(banner).not.toContainText('been waiting')
      await expectNoAxeViolations(page)
    })
  })
}

test.describe('a card at 390×844 says what was done', () => {
  test.use({ viewport: PHONE })

  test('"Call" records the attempt, asks how it went in one tap, and the card shows the last action and the latest note', async ({
    page,
  }) => {
    const name = await sendAndSignIn(page, 'Kevin Outcome', 'Furnace noisy, call after 4')
    await page.getByRole('searchbox', { name: 'Search' }).fill(name)
    const card = page.getByRole('article', { name })
    await expect(card).toBeVisible()
    const call = card.getByRole('link', { name: 'Call Kevin' })
    // The phone app is not there in headless Chromium: the tap is recorded, the link not followed.
    await call.evaluate((el) => el.addEventListener('click', (event) => event.preventDefault(), { once: true }))
    const recorded = page.waitForResponse((r) => r.url().endsWith('/contacts'))
    await call.click()
    await recorded
    const question = card.getByRole('group', { name: 'How did the call go?' })
    await expect(question.getByRole('button')).toHaveText(['reached', 'no answer', 'left message'])
    await expectNoAxeViolations(page)
    await question.getByRole('button', { name: 'no answer' }).click()
    await expect(question).toBeHidden()
    await expect(card).toContainText(/Last action: Called \d{1,2}:\d{2}\s?[AP]M · no answer/)
    await card.getByRole('button', { name: 'More' }).click()
    await card.getByLabel('Add a note').fill('No answer, try 5 pm. Wife says he is at work until then.')
    await card.getByRole('button', { name: 'Save note' }).click()
    // The note shows on the card from the server's answer, without opening More again.
    await card.getByRole('button', { name: 'More' }).click()
    await expect(card).toContainText('Latest note: No answer, try 5 pm.')
    await expect(card).toContainText(/Last action: Called .* · no answer/)
    expect(await page.evaluate(() => window.innerWidth)).toBe(PHONE.width)
    if (process.env.SCREENSHOTS) await card.screenshot({ path: `${process.env.SCREENSHOTS}/desk-card-done.png` })
    // The status select shows its whole value: the longest one fits its box.
    const select = card.getByLabel('Status')
    const fits = await select.evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el)
      const ctx = document.createElement('canvas').getContext('2d')!
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const widest = Math.max(...[...el.options].map((o) => ctx.measureText(o.text).width))
      // The padding and the arrow (about 20 px) take the rest of the box.
      return widest + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 20 <= el.clientWidth
    })
    expect(fits).toBe(true)
  })
})

test.describe('undo at 390×844', () => {
  test.use({ viewport: PHONE })

  test('"Mark all as read" and a delete each offer Undo for 10 seconds, and the server reverses them', async ({
    page,
  }) => {
    const name = await sendAndSignIn(page, 'Undo Me', 'Please call about a tune-up')
    await page.getByRole('searchbox', { name: 'Search' }).fill(name)
    const card = page.getByRole('article', { name })
    await expect(card.getByRole('list', { name: 'Labels' })).toContainText('Unread')
    await page.getByRole('button', { name: 'Filters' }).click()
    await page.getByRole('button', { name: 'Mark all as read' }).click()
    const toast = page.getByRole('status').filter({ hasText: '1 submission marked as read' })
    await expect(card.getByRole('list', { name: 'Labels' })).not.toContainText('Unread')
    // Held under the pointer while axe looks at it (it would hide after 10 s).
    await toast.hover()
    await expectNoAxeViolations(page)
    const undone = page.waitForResponse((r) => r.url().endsWith('/mark-read/undo'))
    await toast.getByRole('button', { name: 'Undo' }).click()
    expect((await undone).status()).toBe(200)
    await expect(page.getByRole('status').filter({ hasText: '1 submission unread again' })).toBeVisible()
    await expect(card.getByRole('list', { name: 'Labels' })).toContainText('Unread')

    await card.getByRole('button', { name: 'More' }).click()
    await card.getByRole('button', { name: 'Delete' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(card).toBeHidden()
    await page
      .getByRole('status')
      .filter({ hasText: 'Submission moved to the trash' })
      .getByRole('button', { name: 'Undo' })
      .click()
    await expect(page.getByRole('status').filter({ hasText: 'Submission restored' })).toBeVisible()
    await expect(card).toBeVisible()
  })
})

test.describe('search on a phone with its keyboard open (390×450 left)', () => {
  test.use({ viewport: { width: 390, height: 450 } })

  test('the first result is brought into view when it arrives', async ({ page }) => {
    const name = await sendAndSignIn(page, 'Scroll Into View', 'Tune-up please')
    await page.getByRole('searchbox', { name: 'Search' }).fill(name)
    const card = page.getByRole('article', { name })
    await expect(card).toBeVisible()
    await expect(async () => {
      const box = (await card.boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(0)
      expect(box.y).toBeLessThan(450 - 100)
    }).toPass({ timeout: 5_000 })
  })
})

test.describe("the visitor's side at 390×844", () => {
  test.use({ viewport: PHONE })

  test('a fast tap on "Request Service" from an ad\'s landing page keeps the campaign; "out right now" offers the call first', async ({
    page,
  }) => {
    // The landing page's scripts never run: the visitor tapped on before they arrived.
    await page.route('**/*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }))
    await page.goto('/?utm_source=google&utm_medium=cpc&utm_campaign=winter-tuneup')
    await page.unroute('**/*.js')
    await page.getByRole('link', { name: 'Request Service', exact: true }).first().click()
    await expect(page).toHaveURL(/\/contact$/)
    await expect(page.locator('form[data-enhanced]')).toHaveCount(1)
    const name = `Fast Tap t${randomUUID().slice(0, 8)}`
    await page.getByLabel('Full Name *').fill(name)
    await page.getByLabel('Phone Number *').fill('(443) 555-0188')
    // "Yes, it's out right now": the call button is offered before sending.
    const callFirst = page.locator('[data-out-now-call]')
    await expect(callFirst).toBeHidden()
    await page.getByRole('group', { name: 'Is your heating or cooling out right now?' }).getByLabel('Yes').check()
    await expect(callFirst.getByRole('link', { name: 'Call (410) 555-0142 Now' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Send Message' }).click()
    const panel = page.getByRole('region', { name: 'Your request has arrived' })
    await expect(panel).toBeFocused()
    await expect(panel).toBeInViewport()

    await page.goto('/admin')
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('searchbox', { name: 'Search' }).fill(name)
    await expect(page.getByRole('article', { name })).toContainText('Home page · Google Ads · campaign winter-tuneup')
  })
})

test.describe('a change while another list is on its way, at 390×844', () => {
  test.use({ viewport: PHONE })

  // CI's authors.spec failure: a search's answer, read by the server before a "Mark as Read" made on
  // a card of the list still shown, arrived after it and showed the card unread again, for good.
  // Here the search's answer is read at once and handed over 1.5 s later, after the change; it is
  // mended as it arrives (the card never shows unread again) and asked for again.
  test('a search answered with the version from before "Mark as Read" is asked again, and the card stays read', async ({
    page,
  }) => {
    const name = await sendAndSignIn(page, 'Stale Answer', 'The furnace clicks but no flame')
    const card = page.getByRole('article', { name })
    await expect(card).toBeVisible()
    let held = 0
    await page.route(
      (url) => url.pathname === '/api/admin/submissions' && url.searchParams.get('q') === name,
      async (route) => {
        held += 1
        const answer = held === 1 ? await route.fetch() : null
        if (answer) {
          await new Promise((resolve) => setTimeout(resolve, 1_500))
          await route.fulfill({ response: answer })
        } else await route.continue()
      },
    )
    const searched = page.waitForRequest((r) => new URL(r.url()).searchParams.get('q') === name)
    await page.getByRole('searchbox', { name: 'Search' }).fill(name)
    await searched
    await card.getByRole('button', { name: 'Mark as Read' }).click()
    await expect(card.getByRole('list', { name: 'Labels' })).not.toContainText('Unread')
    // The old answer came, was mended, and the search was asked again: the card is still read.
    await expect.poll(() => held).toBeGreaterThanOrEqual(2)
    await expect(card.getByRole('list', { name: 'Labels' })).not.toContainText('Unread')
  })
})
