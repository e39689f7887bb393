// Online booking on the contact form (content/booking.yaml, src/sections/BookingPicker.tsx,
// src/client/booking.ts) in Chromium at phone size: with JavaScript the window choice is filled
// from GET /api/booking/windows once it comes into view, a window is booked with the request and
// named in the confirmation, and the choice is read again after the send; an emergency (or a ZIP
// code outside the area) puts the choice away for its note; without JavaScript the link leads to
// /contact/book, the same form with the windows in place, and a plain post lands on
// /contact/sent/<id> with the window booked; a window with no room left is shown full. With axe.
//
// Tests run in parallel on one server and one database (playwright.config.ts), and every booking
// takes room: each test books on a day of its own (the first window offered, the second day's
// first, the last open one from the end), so none fills a window another one chooses. Each sends as its own client address
// (X-Forwarded-For; the e2e server trusts one proxy), clear of the contact form's rate limit.
import { randomInt } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

const LEGEND = 'Choose an arrival window'
const MORE = 'See the open arrival windows'
const PHONE_NUMBER = '(410) 555-0142'
const EMERGENCY_NOTE = `Emergencies are never booked online: call ${PHONE_NUMBER} now and we send someone.`
const OUTSIDE_NOTE = 'We book online inside our service area only: send your request and we will call you.'
const JUST_FILLED =
  'Your request is in, but the window you chose is no longer free: we will call you to find another time.'
/** The confirmation's sentence for a window booked: "Your arrival window: Fri Nov 27, 8–10 am. We will call to confirm it." */
const bookedSentence = (label: string) => `Your arrival window: ${label}. We will call to confirm it.`
/** A window's words as the form shows them: "Fri Nov 27, 8–10 am". */
const WINDOW_LABEL =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} \d{1,2}, \d{1,2}(:\d{2})?( [ap]m)?–\d{1,2}(:\d{2})? [ap]m$/

type DayChoice = { date: string; label: string; windows: { id: string; label: string; full: boolean }[] }

const form = (page: Page) => page.getByRole('region', { name: 'Request Service' })
const field = {
  name: (page: Page) => page.getByLabel('Full Name *'),
  phone: (page: Page) => page.getByLabel('Phone Number *'),
  zip: (page: Page) => page.getByLabel('ZIP Code'),
  service: (page: Page) => page.getByLabel('Service Needed'),
}
const sendButton = (page: Page) => form(page).getByRole('button', { name: 'Send Message' })
const bookingBox = (page: Page) => page.locator('#contact-booking')
const windowSelect = (page: Page) => page.getByLabel(LEGEND)
const note = (page: Page, name: 'none' | 'emergency' | 'outside') => bookingBox(page).locator(`[data-note="${name}"]`)
/** The windows that can be chosen: neither the first "No window" choice nor a full one. */
const openWindows = (scope: Locator) => scope.locator('option:not([disabled]):not([value=""])')

async function fillIn(page: Page, { name, zip = '21014' }: { name: string; zip?: string }) {
  await field.name(page).fill(name)
  await field.phone(page).fill('(410) 555-0199')
  await field.zip(page).fill(zip)
  await field.service(page).selectOption({ label: 'Heating Repair' })
}

/** /contact with its script running, scrolled to the window choice until the windows are in. */
async function openWithWindows(page: Page) {
  await page.goto('/contact')
  // The form's script arrives after the first paint (decision 006).
  await expect(page.locator('form[data-enhanced]')).toHaveCount(1)
  await bookingBox(page).scrollIntoViewIfNeeded()
  await expect(windowSelect(page)).toBeVisible()
  await expect(openWindows(windowSelect(page)).first()).toBeAttached()
}

/** A window chosen: its value and its words as the option shows them. */
async function choose(select: Locator, option: Locator) {
  const value = (await option.getAttribute('value')) ?? ''
  const label = (await option.textContent())?.trim() ?? ''
  expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
  expect(label).toMatch(WINDOW_LABEL)
  await select.selectOption(value)
  return { value, label }
}

test.describe('with JavaScript', () => {
  test.use({ viewport: PHONE })

  test('nothing below the choice moves when the windows arrive: the privacy link and Send stay where a finger aims', async ({
    page,
  }) => {
    // The windows held back until the positions are taken, then let through.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/booking/windows', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/contact')
    const privacy = page.getByRole('link', { name: 'What we keep and for how long' })
    const send = page.getByRole('button', { name: 'Send Message' })
    await page.getByRole('link', { name: MORE }).scrollIntoViewIfNeeded()
    const before = [(await privacy.boundingBox())!.y, (await send.boundingBox())!.y]
    release()
    await expect(page.getByLabel(LEGEND)).toBeVisible()
    const after = [(await privacy.boundingBox())!.y, (await send.boundingBox())!.y]
    expect(after).toEqual(before)
  })

  test('a window is chosen and booked: "Message Sent!", the confirmation names it, the choice is read again and the form empty', async ({
    page,
  }) => {
    await openWithWindows(page)
    const select = windowSelect(page)
    // Filled: one group per day, the link for browsers without script gone, no note.
    await expect(select.locator('optgroup').first()).toHaveAttribute('label', /^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}$/)
    await expect(select).toHaveValue('')
    await expect(page.getByRole('link', { name: MORE })).toHaveCount(0)
    await expect(bookingBox(page).locator('[data-note]:visible')).toHaveCount(0)
    await expect(select).toHaveAccessibleDescription(/^Optional\. The technician arrives within the window you pick/)

    await fillIn(page, { name: 'Robin Booker' })
    // The first window offered: on the first day, which the other tests here leave alone.
    const chosen = await choose(select, openWindows(select).first())
    await expect(select).toHaveValue(chosen.value)
    await expectNoAxeViolations(page)

    const sent: unknown[] = []
    page.on('request', (req) => req.url().endsWith('/api/contact') && sent.push(req.postDataJSON()))
    // The windows were read once already: this waits for the next reading.
    const readAgain = page.waitForResponse((res) => res.url().endsWith('/api/booking/windows'))
    await sendButton(page).click()
    await expect(page.getByRole('status').filter({ hasText: 'Message Sent!' })).toBeVisible()
    expect(sent[0]).toMatchObject({ window: chosen.value, service: 'heating-repair', zip: '21014' })
    const panel = page.locator('#contact-confirmation')
    await expect(panel).toBeVisible()
    await expect(panel.locator('[data-slot="booking"]')).toHaveText(bookedSentence(chosen.label))
    await expect(panel).toContainText("Thank you, Robin Booker. We'll call you at (410) 555-0199.")

    // The windows are read again after the send; the form, the choice included, is empty.
    expect((await readAgain).status()).toBe(200)
    await expect(select).toBeVisible()
    await expect(select).toHaveValue('')
    await expect(openWindows(select).first()).toBeAttached()
    // Still listed: with one visit of two taken, as it was (shown full only once a second one is).
    await expect(select.locator(`option[value="${chosen.value}"]`)).toContainText(chosen.label)
    await expect(field.name(page)).toHaveValue('')
    await expect(field.phone(page)).toHaveValue('')
    await expect(field.zip(page)).toHaveValue('')
    await expect(field.service(page)).toHaveValue('')
    await expectNoAxeViolations(page)
  })

  test('an emergency is never booked: the choice goes for the note with the phone number, and comes back with another service', async ({
    page,
  }) => {
    await openWithWindows(page)
    const select = windowSelect(page)
    await expect(note(page, 'emergency')).toBeHidden()
    await fillIn(page, { name: 'Sam Urgent' })
    await choose(select, openWindows(select).first())

    await field.service(page).selectOption({ label: 'Emergency Service' })
    await expect(select).toBeHidden()
    await expect(note(page, 'emergency')).toBeVisible()
    await expect(note(page, 'emergency')).toHaveText(EMERGENCY_NOTE)
    await expect(note(page, 'emergency')).toContainText(PHONE_NUMBER)
    await expect(note(page, 'outside')).toBeHidden()
    await expectNoAxeViolations(page)

    await field.service(page).selectOption({ label: 'Heating Repair' })
    await expect(select).toBeVisible()
    await expect(note(page, 'emergency')).toBeHidden()
    // The window chosen before is not kept: an emergency never sends one.
    await expect(select).toHaveValue('')

    // A ZIP code outside the area: its own note, no choice; back inside, the choice again.
    await field.zip(page).fill('10001')
    await expect(select).toBeHidden()
    await expect(note(page, 'outside')).toHaveText(OUTSIDE_NOTE)
    await expect(note(page, 'emergency')).toBeHidden()
    await field.zip(page).fill('21014')
    await expect(select).toBeVisible()
    await expect(note(page, 'outside')).toBeHidden()
  })
})

test.describe('without JavaScript', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false })

  test('the link leads to /contact/book, the form with the windows in place; a plain post books one and lands on /contact/sent/<id>', async ({
    page,
  }) => {
    await page.goto('/contact')
    await expect(page.getByText(LEGEND, { exact: true })).toBeVisible()
    await expect(windowSelect(page)).toBeHidden()
    const more = page.getByRole('link', { name: MORE })
    await expect(more).toBeVisible()
    await expect(more).toHaveAttribute('href', '/contact/book#contact-booking')

    await more.click()
    await expect(page).toHaveURL(/\/contact\/book#contact-booking$/)
    const select = windowSelect(page)
    await expect(select).toBeVisible()
    await expect(select).toHaveValue('')
    await expect(page.getByRole('link', { name: MORE })).toHaveCount(0)
    const days = select.locator('optgroup')
    expect(await days.count()).toBeGreaterThanOrEqual(3)
    await expect(openWindows(select).first()).toBeAttached()

    await fillIn(page, { name: 'Noel Noscript' })
    // The second day offered: the first is the test with JavaScript's, the last the full one's.
    const chosen = await choose(select, openWindows(days.nth(1)).first())
    await Promise.all([page.waitForURL(/\/contact\/sent\/[0-9a-f-]{36}$/), sendButton(page).click()])
    const panel = page.getByRole('region', { name: 'Your request has arrived' })
    await expect(panel).toContainText("Thank you, Noel Noscript. We'll call you at (410) 555-0199.")
    await expect(panel.locator('[data-slot="booking"]')).toHaveText(bookedSentence(chosen.label))
    await expect(panel.locator('[data-slot="booking"]')).toBeVisible()
  })
})

test.describe('axe on /contact/book', () => {
  test.use({ viewport: PHONE })

  // axe runs as a script in the page, which a context without JavaScript does not run (it never
  // answers): /contact/book is checked with script on, as it arrives (its windows are the server's,
  // the script does not read them again), with a window chosen, and with the emergency note.
  test('no violations: the windows in place, one chosen, and the emergency note', async ({ page }) => {
    const read: string[] = []
    page.on('request', (req) => req.url().endsWith('/api/booking/windows') && read.push(req.url()))
    await page.goto('/contact/book')
    await expect(page.locator('form[data-enhanced]')).toHaveCount(1)
    const select = windowSelect(page)
    await expect(select).toBeVisible()
    await expect(openWindows(select).first()).toBeAttached()
    await expectNoAxeViolations(page)
    await choose(select, openWindows(select).first())
    await field.service(page).selectOption({ label: 'Emergency Service' })
    await expect(note(page, 'emergency')).toBeVisible()
    await expect(select).toBeHidden()
    await expectNoAxeViolations(page)
    expect(read).toEqual([])
  })
})

test.describe('a window with no room left', () => {
  test.use({ viewport: PHONE })

  test('booked twice, it is shown full and cannot be chosen; a third request for it is kept to be called back', async ({
    page,
    request,
  }) => {
    const listed = await request.get('/api/booking/windows')
    expect(listed.status()).toBe(200)
    const { days } = (await listed.json()) as { days: DayChoice[] }
    expect(days.length).toBeGreaterThanOrEqual(3)
    // The last window still open, from the end: no other test here books after the second day
    // (on a server that runs the tests again, an earlier one when the last has filled).
    const target = days
      .slice(2)
      .flatMap((day) => day.windows)
      .findLast((w) => !w.full)
    if (!target) throw new Error('no window with room after the second day')

    const send = (name: string, from: string) =>
      request.post('/api/contact', {
        data: {
          name,
          phone: '4105550177',
          zip: '21014',
          service: 'heating-repair',
          window: target.id,
          page: '/contact',
          referrer: '',
          website: '',
          elapsedMs: 5000,
        },
        headers: { 'x-forwarded-for': from },
      })
    const base = `10.${randomInt(1, 255)}.${randomInt(0, 256)}`
    for (const [i, name] of ['First Booker', 'Second Booker'].entries()) {
      const res = await send(name, `${base}.${i + 1}`)
      expect(res.status(), await res.text()).toBe(201)
      expect(((await res.json()) as { confirmation: { booking: string } }).confirmation.booking).toBe(
        bookedSentence(target.label),
      )
    }
    const third = await send('Third Booker', `${base}.3`)
    expect(third.status(), await third.text()).toBe(201)
    expect(((await third.json()) as { confirmation: { booking: string } }).confirmation.booking).toBe(JUST_FILLED)

    // The windows as the script reads them, and /contact/book as the server renders it.
    const again = (await (await request.get('/api/booking/windows')).json()) as { days: DayChoice[] }
    expect(again.days.flatMap((d) => d.windows).find((w) => w.id === target.id)).toEqual({ ...target, full: true })

    await page.goto('/contact/book')
    const option = windowSelect(page).locator(`option[value="${target.id}"]`)
    await expect(option).toBeDisabled()
    await expect(option).toHaveText(`${target.label} (Full)`)
    await expect(option).toHaveText(/\(Full\)$/)
    await page.reload()
    await expect(option).toBeDisabled()
    await expect(option).toHaveText(/\(Full\)$/)
  })
})
