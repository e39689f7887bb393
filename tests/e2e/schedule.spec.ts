// The office's side of online booking in Chromium at 390×844 (docs/admin-api.md "Bookings"): a
// request that booked says "Booked: …" on its card; the owner confirms it, moves it to another
// window under "More" (a window that filled meanwhile is refused with the server's sentence), opens
// the Schedule from the header and finds the visit under its window, lowers that day's visits per
// window (the window shows "Full", the contact form too) and puts it back, taps the visit to open
// its request, and cancels the booking there, which frees the window. With axe, no sideways
// scrolling and 44 px tap targets in the Schedule; and the Schedule at 1280×800. SCREENSHOTS=<folder>
// keeps the card, the window choice and the Schedule as seen.
//
// Tests run in parallel on one server and one database (playwright.config.ts), and a booking takes
// room: this one books on the fourth weekday offered, in its second, third and fourth windows, clear
// of tests/e2e/booking.spec.ts (the first two days, and the last open window from the end).
import { randomInt, randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

type Slot = { id: string; label: string; full: boolean }
type Day = { date: string; label: string; windows: Slot[] }

const refused = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: 'Error' }).filter({ hasText: text })
const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: 'Success' }).filter({ hasText: text })

/** The windows the contact form offers now. */
async function offered(page: Page): Promise<Day[]> {
  const res = await page.request.get('/api/booking/windows')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { days: Day[] }).days
}
const slot = async (page: Page, id: string) => (await offered(page)).flatMap((d) => d.windows).find((w) => w.id === id)

/** Every control of `scope` a finger taps is at least 44 × 44 px. */
async function expectTapTargets(scope: Locator) {
  const small = await scope.locator('button:visible, a:visible, summary:visible, select:visible').evaluateAll((els) =>
    els
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ el, box }) => `${el.tagName} "${el.textContent?.trim() ?? ''}" ${box.width}×${box.height}`),
  )
  expect(small).toEqual([])
}

/** Sends a request named `name` and a fresh token that books `window` (from `address`, else the test's); returns its full name. */
async function send(page: Page, name: string, window: string, address?: string): Promise<string> {
  const full = `${name} t${randomUUID().slice(0, 8)}`
  const sent = await page.request.post('/api/contact', {
    data: {
      name: full,
      phone: '4105550142',
      zip: '21014',
      service: 'heating-repair',
      window,
      page: '/contact',
      referrer: '',
      website: '',
      elapsedMs: 8_000,
    },
    ...(address ? { headers: { 'x-forwarded-for': address } } : {}),
  })
  expect(sent.status(), await sent.text()).toBe(201)
  return full
}

/** Sends a request that books `window`, signs in; returns the request's full name. */
async function sendAndSignIn(page: Page, name: string, window: string): Promise<string> {
  const full = await send(page, name, window)
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  return full
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

test.describe('bookings in the inbox at 390×844', () => {
  // The move the server refuses (409) is logged by the browser as a failed load.
  test.use({
    viewport: PHONE,
    allowConsoleErrors: [[/the server responded with a status of 409/], { scope: 'test' }],
  })

  test('"Booked: …" on the card; confirm, move, the Schedule (its room lowered and back), cancel frees the window', async ({
    page,
  }) => {
    // Five axe passes over a phone-size inbox the suite has filled: 18 s alone, over a minute in a
    // clean-clone CI run beside another worker.
    test.setTimeout(150_000)
    const days = (await offered(page)).filter((d) => d.windows.length >= 3)
    const day = days[3]
    if (!day?.windows[3]) throw new Error('fewer than four weekdays offered')
    const [booked, moved, taken] = [day.windows[1]!, day.windows[2]!, day.windows[3]]
    expect(booked.full || moved.full || taken.full).toBe(false)

    const name = await sendAndSignIn(page, 'Jordan Schedule', booked.id)
    await page.getByRole('searchbox', { name: 'Search' }).fill(name)
    // The card in the list (the request opened from the Schedule is a second one, above the tabs).
    const card = page.getByRole('tabpanel').getByRole('article', { name })
    await expect(card).toBeVisible()

    await test.step('the card says the booking, and confirms it', async () => {
      await expect(card).toContainText(`Booked: ${booked.label}`)
      await expect(card).not.toContainText('confirmed')
      await expectNoAxeViolations(page)
      if (process.env.SCREENSHOTS)
        await card.screenshot({ path: `${process.env.SCREENSHOTS}/schedule-card-booked.png` })
      await card.getByRole('button', { name: 'Confirm' }).click()
      await expect(toast(page, 'Booking confirmed')).toBeVisible()
      await expect(card).toContainText(`Booked: ${booked.label} · confirmed`)
      await expect(card.getByRole('button', { name: 'Confirm' })).toHaveCount(0)
      if (process.env.SCREENSHOTS)
        await card.screenshot({ path: `${process.env.SCREENSHOTS}/schedule-card-confirmed.png` })
    })

    await test.step('"Move" under More offers the windows, full ones shown and not choosable', async () => {
      await card.getByRole('button', { name: 'More' }).click()
      const visit = card.getByRole('region', { name: `Visit of ${name}` })
      await expect(visit).toContainText(`${booked.label} · confirmed`)
      await visit.getByRole('button', { name: 'Move' }).click()
      const choice = visit.getByLabel('Arrival window')
      await expect(choice.locator(`option[value="${moved.id}"]`)).toBeEnabled()
      // Its own window is there, as the one booked now.
      await expect(choice.locator(`option[value="${booked.id}"]`)).toBeDisabled()
      await expect(choice.locator(`option[value="${booked.id}"]`)).toContainText('now booked')
      await expectNoAxeViolations(page)
      // Meanwhile two visitors take the last window of the day, which the choice still offers: the
      // server refuses the move with its sentence, and the choice is read again.
      await expect(choice.locator(`option[value="${taken.id}"]`)).toBeEnabled()
      await send(page, 'Early Bird', taken.id, `10.250.${randomInt(0, 256)}.1`)
      await send(page, 'Second Bird', taken.id, `10.250.${randomInt(0, 256)}.2`)
      await choice.selectOption(taken.id)
      await visit.getByRole('button', { name: 'Move here' }).click()
      const sentence = `${taken.label} is full: choose another window, or give that day more room in the Schedule.`
      await expect(refused(page, 'Failed to move the booking')).toContainText(sentence)
      await expect(visit).toContainText(sentence)
      await expect(choice.locator(`option[value="${taken.id}"]`)).toBeDisabled()
      await expect(choice.locator(`option[value="${taken.id}"]`)).toContainText('(Full)')
      await expect(card).toContainText(`Booked: ${booked.label} · confirmed`)
      await choice.selectOption(moved.id)
      if (process.env.SCREENSHOTS) await visit.screenshot({ path: `${process.env.SCREENSHOTS}/schedule-card-move.png` })
      await visit.getByRole('button', { name: 'Move here' }).click()
      await expect(toast(page, 'Booking moved')).toBeVisible()
      await expect(card).toContainText(`Booked: ${moved.label} · confirmed`)
      await expect(visit.getByLabel('Arrival window')).toHaveCount(0)
      await expect(card.getByRole('region', { name: /^History of/ })).toContainText(
        `Booking moved: ${booked.label} → ${moved.label}`,
      )
      await card.getByRole('button', { name: 'More' }).click()
    })

    const schedule = page.getByRole('region', { name: 'Schedule', exact: true })
    const dayOf = schedule.locator(`[data-day="${day.date}"]`)
    const windowOf = (id: string) => dayOf.locator(`[data-window="${id}"]`)
    const visitLink = windowOf(moved.id).getByRole('link', { name: new RegExp(name) })

    await test.step('the Schedule lists the visit under its window, with the room left', async () => {
      await page.getByRole('button', { name: 'Schedule', exact: true }).click()
      await expect(schedule).toBeVisible()
      await expect(dayOf.locator('summary')).toContainText(day.label)
      await expect(dayOf.locator('summary')).toContainText(/\d+ booked/)
      await expect(visitLink).toBeVisible()
      await expect(visitLink).toContainText('Heating Repair')
      await expect(visitLink).toContainText('confirmed')
      await expect(windowOf(moved.id)).toContainText('room left: 1')
      await expect(windowOf(booked.id)).toContainText('room left: 2')
      await noSidewaysScroll(page)
      await expectTapTargets(schedule)
      await expectNoAxeViolations(page)
    })

    await test.step("a day's visits per window lowered: its windows fill, on the contact form too; then back to usual", async () => {
      const perWindow = dayOf.getByRole('group', { name: 'Visits per window' })
      await expect(perWindow.locator('output')).toHaveText('2')
      await perWindow.getByRole('button', { name: 'One visit fewer per window' }).click()
      await expect(toast(page, 'Visits per window saved')).toBeVisible()
      await expect(perWindow.locator('output')).toHaveText('1')
      await expect(windowOf(moved.id)).toContainText('Full')
      await expect(windowOf(booked.id)).toContainText('room left: 1')
      await expect(dayOf).toContainText('Changed for this day')
      expect((await slot(page, moved.id))?.full).toBe(true)
      await noSidewaysScroll(page)
      await expectTapTargets(schedule)
      await expectNoAxeViolations(page)
      if (process.env.SCREENSHOTS) {
        await toast(page, 'Visits per window saved').getByRole('button', { name: 'Dismiss notification' }).click()
        await schedule.screenshot({ path: `${process.env.SCREENSHOTS}/schedule-390.png` })
        await page.screenshot({ path: `${process.env.SCREENSHOTS}/schedule-390-screen.png` })
      }
      await dayOf.getByRole('button', { name: 'Back to usual' }).click()
      await expect(perWindow.locator('output')).toHaveText('2')
      await expect(windowOf(moved.id)).toContainText('room left: 1')
      await expect(dayOf).not.toContainText('Changed for this day')
      expect((await slot(page, moved.id))?.full).toBe(false)
    })

    await test.step('a tap on the visit opens its request; cancelled there, the window is free again', async () => {
      await visitLink.click()
      await expect(schedule).toBeHidden()
      const opened = page.getByRole('region', { name: 'Opened from the Schedule' })
      await expect(opened).toBeVisible()
      await expect(page).toHaveURL(/\/admin\?request=[0-9a-f-]{36}&from=schedule$/)
      const openedCard = opened.getByRole('article', { name })
      await expect(openedCard).toContainText(`Booked: ${moved.label} · confirmed`)
      await openedCard.getByRole('button', { name: 'More' }).click()
      await openedCard.getByRole('button', { name: 'Cancel booking' }).click()
      const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' })
      await expect(dialog).toContainText(moved.label)
      await expectNoAxeViolations(page)
      await dialog.getByRole('button', { name: 'Cancel booking' }).click()
      await expect(toast(page, 'Booking cancelled')).toBeVisible()
      await expect(dialog).toBeHidden()
      await expect(openedCard).not.toContainText('Booked:')
      await expect(card).not.toContainText('Booked:')
      await expect(openedCard.getByRole('button', { name: 'Book a visit' })).toBeVisible()
      expect((await slot(page, moved.id))?.full).toBe(false)
      await page.getByRole('button', { name: 'Schedule', exact: true }).click()
      await expect(windowOf(moved.id)).toContainText('room left: 2')
      await expect(windowOf(moved.id).getByRole('link')).toHaveCount(0)
      await noSidewaysScroll(page)
    })
  })
})

test.describe('the Schedule at 1280×800', () => {
  test.use({ viewport: DESKTOP })

  // On the fifth weekday offered: clear of the test above and of booking.spec.ts.
  test("each day's windows side by side, with their room and visits, with axe", async ({ page }) => {
    const day = (await offered(page)).filter((d) => d.windows.length >= 3)[4]
    if (!day) throw new Error('fewer than five days with three windows offered')
    const name = await sendAndSignIn(page, 'Avery Desktop', day.windows[1]!.id)
    await page.getByRole('button', { name: 'Schedule', exact: true }).click()
    const schedule = page.getByRole('region', { name: 'Schedule', exact: true })
    const dayOf = schedule.locator(`[data-day="${day.date}"]`)
    await expect(dayOf.getByRole('link', { name: new RegExp(name) })).toBeVisible()
    await expect(dayOf.locator(`[data-window="${day.windows[1]!.id}"]`)).toContainText('room left: 1')
    await expectNoAxeViolations(page)
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/schedule-1280.png` })
    // Closed again, the inbox is as it was.
    await schedule.getByRole('button', { name: 'Close' }).click()
    await expect(schedule).toBeHidden()
    await expect(page.getByRole('button', { name: 'Schedule', exact: true })).toHaveAttribute('aria-expanded', 'false')
  })
})
