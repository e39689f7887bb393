// The contact form in Chromium, as a visitor uses it: with JavaScript (the script's checks in the
// server's words, the "Sending..." state, the toasts of SPEC §8, fields cleared or kept, the
// confirmation that stays), without it (a plain POST that lands on /contact/sent/<id>, or comes
// back with the problems listed), and with axe at phone and desktop sizes. Real sends go to the
// built server (in-memory SQLite); it allows 5 per 10 minutes per address, so only a few tests
// here store a request (the newer ones each from an address of their own, through TRUST_PROXY)
// and the rest answer from page.route.
import type { Page, Route } from '@playwright/test'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test } from './fixtures.ts'

const SUCCESS_TEXT =
  'Thanks for contacting Longbar Heating & Cooling! A technician will reach out shortly to confirm your appointment or answer your question.'
const FAILURE_TEXT = 'Failed to send message. Please try again or call us directly.'
const NAME_PROBLEM = 'Please enter your name.'
const PHONE_PROBLEM = 'Please enter a phone number we can call back, with 10 to 15 digits, e.g. (410) 555-0199.'
const EMAIL_PROBLEM = 'Please enter an e-mail address like name@example.com, or leave it empty.'
const ZIP_PROBLEM = 'Please enter a 5-digit ZIP code, like 21014, or leave it empty.'
const OUTSIDE_NOTE = 'That ZIP code is outside our usual service area.'
/** The confirmation's words for a request sent from outside the area (never "send it anyway"). */
const OUTSIDE_SENT = "That ZIP code is outside our usual service area: we'll call to tell you"
/**
 * The form's console.error, and Chromium's own line for a failed fetch. One pattern: test.use()
 * would read a list of two as a fixture's [value, options].
 */
const FAILED_SEND = [/^Contact form:|Failed to load resource/]

const VALUES = {
  name: 'Dana Whitaker',
  phone: '(410) 555-0199',
  email: 'dana@example.com',
  service: 'heating-repair',
  message: 'The furnace blows cold air since this morning.',
}

const form = (page: Page) => page.getByRole('region', { name: 'Request Service' })
const field = {
  name: (page: Page) => page.getByLabel('Full Name *'),
  phone: (page: Page) => page.getByLabel('Phone Number *'),
  email: (page: Page) => page.getByLabel('Email', { exact: true }),
  service: (page: Page) => page.getByLabel('Service Needed'),
  message: (page: Page) => page.getByLabel('Message', { exact: true }),
}
const sendButton = (page: Page) => form(page).getByRole('button', { name: 'Send Message' })

async function open(page: Page) {
  await page.goto('/contact')
  // The form's script arrives after the first paint (decision 006).
  await expect(page.locator('form[data-enhanced]')).toHaveCount(1)
}

async function fillIn(page: Page, values: Partial<typeof VALUES> = VALUES) {
  if (values.name !== undefined) await field.name(page).fill(values.name)
  if (values.phone !== undefined) await field.phone(page).fill(values.phone)
  if (values.email !== undefined) await field.email(page).fill(values.email)
  if (values.service !== undefined) await field.service(page).selectOption(values.service)
  if (values.message !== undefined) await field.message(page).fill(values.message)
}

async function expectValues(page: Page, values: typeof VALUES | 'empty') {
  const v = values === 'empty' ? { name: '', phone: '', email: '', service: '', message: '' } : values
  await expect(field.name(page)).toHaveValue(v.name)
  await expect(field.phone(page)).toHaveValue(v.phone)
  await expect(field.email(page)).toHaveValue(v.email)
  await expect(field.service(page)).toHaveValue(v.service)
  await expect(field.message(page)).toHaveValue(v.message)
}

/** Answers POST /api/contact from the test instead of the server. */
async function answerSends(page: Page, answer: (route: Route) => Promise<void>) {
  await page.route('**/api/contact', (route) =>
    route.request().method() === 'POST' ? answer(route) : route.continue(),
  )
}

test.describe('with JavaScript', () => {
  test.use({ viewport: PHONE })

  test('sends: the button reads "Sending..." and is disabled, then "Message Sent!" and every field is cleared', async ({
    page,
  }) => {
    await open(page)
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const sent: unknown[] = []
    await answerSends(page, async (route) => {
      sent.push(route.request().postDataJSON())
      expect(route.request().headers()['content-type']).toBe('application/json')
      await held
      await route.continue()
    })
    await fillIn(page)
    await sendButton(page).click()

    const sending = form(page).getByRole('button', { name: 'Sending...' })
    await expect(sending).toBeDisabled()
    await expect.poll(() => sent.length).toBe(1)
    // With the visit's record (decision 032): a visit that started on this page, from nowhere.
    expect(sent[0]).toEqual({
      ...VALUES,
      zip: '',
      callbackTime: '',
      // The arrival window (issue 24): none chosen.
      window: '',
      website: '',
      page: '/contact',
      landing: '/contact',
      referrer: '',
      elapsedMs: expect.any(Number),
    })
    release()

    const toast = page.getByRole('status').filter({ hasText: 'Message Sent!' })
    await expect(toast).toContainText(SUCCESS_TEXT)
    await expect(sendButton(page)).toBeEnabled()
    await expectValues(page, 'empty')
  })

  test("the script checks first, in the server's words: at each field and in the list, nothing sent, no toast", async ({
    page,
  }) => {
    await open(page)
    const sent: string[] = []
    await answerSends(page, async (route) => {
      sent.push(route.request().url())
      await route.fulfill({ status: 201, json: { success: true } })
    })
    await sendButton(page).click()
    const box = page.getByRole('region', { name: 'Please check the form' })
    await expect(box.getByRole('listitem')).toHaveText([NAME_PROBLEM, PHONE_PROBLEM])
    await expect(box.getByRole('link', { name: NAME_PROBLEM })).toHaveAttribute('href', '#contact-name')
    await expect(field.name(page)).toBeFocused()
    await expect(field.name(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(field.name(page)).toHaveAccessibleDescription(NAME_PROBLEM)
    await expect(field.phone(page)).toHaveAccessibleDescription(PHONE_PROBLEM)

    // Only spaces is no name; too few digits is no phone number; maria@example is no address (the server's own rules).
    await fillIn(page, { name: '   ', phone: '555-0199', email: 'maria@example' })
    await page.getByLabel('ZIP Code').fill('2101')
    await sendButton(page).click()
    await expect(box.getByRole('listitem')).toHaveText([NAME_PROBLEM, PHONE_PROBLEM, EMAIL_PROBLEM, ZIP_PROBLEM])
    await expect(field.email(page)).toHaveAccessibleDescription(EMAIL_PROBLEM)
    await expect(field.name(page)).toBeFocused()

    // Fixed: the problems go, and the request is sent.
    await fillIn(page, { name: 'Maria', phone: '410-555-0199', email: 'maria@example.com' })
    await page.getByLabel('ZIP Code').fill('21014')
    await sendButton(page).click()
    await expect(page.getByRole('status')).toContainText('Message Sent!')
    await expect(box).toBeHidden()
    await expect(field.email(page)).not.toHaveAttribute('aria-invalid')
    expect(sent).toHaveLength(1)
    await expect(page.getByRole('alert')).toBeEmpty()
  })

  test('the new fields: a ZIP code outside the area gets a note (not a refusal); out now and the call-back time are sent', async ({
    page,
  }) => {
    await open(page)
    const sent: unknown[] = []
    await answerSends(page, async (route) => {
      sent.push(route.request().postDataJSON())
      await route.fulfill({ status: 201, json: { success: true } })
    })
    const zip = page.getByLabel('ZIP Code')
    const note = page.getByText(OUTSIDE_NOTE)
    await expect(note).toBeHidden()
    await zip.fill('90210')
    await expect(note).toBeVisible()
    await zip.fill('21014')
    await expect(note).toBeHidden()
    await zip.fill('19999')
    await expect(note).toBeVisible()
    await expectNoAxeViolations(page)

    await fillIn(page, { name: 'Far Away', phone: '4105550199' })
    const outNow = page.getByRole('group', { name: 'Is your heating or cooling out right now?' })
    await outNow.getByLabel('Yes').check()
    await page.getByLabel('Best Time to Call Back').selectOption('evening')
    await sendButton(page).click()
    await expect(page.getByRole('status')).toContainText('Message Sent!')
    expect(sent[0]).toMatchObject({ zip: '19999', outNow: 'yes', callbackTime: 'evening' })
    // Cleared like the other fields.
    await expect(zip).toHaveValue('')
    await expect(note).toBeHidden()
    await expect(outNow.getByLabel('Yes')).not.toBeChecked()
    await expect(page.getByLabel('Best Time to Call Back')).toHaveValue('')
  })

  test('the confirmation stays above the form: the name and phone, when we call, call now, the call button', async ({
    page,
  }) => {
    // A real send, from its own address (the rate limit): the words are the server's, as on /contact/sent/<id>.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.41' })
    await open(page)
    await fillIn(page, { name: 'Maria Lopez', phone: '(443) 555-0123' })
    await page.getByRole('group', { name: 'Is your heating or cooling out right now?' }).getByLabel('Yes').check()
    await sendButton(page).click()
    await expect(page.getByRole('status')).toContainText('Message Sent!')
    const panel = form(page).getByRole('region', { name: 'Your request has arrived' })
    await expect(panel).toContainText("Thank you, Maria Lopez. We'll call you at (443) 555-0123.")
    await expect(panel).toContainText(/Our office is (open now|closed right now: we call back from \d)/)
    await expect(panel).toContainText('call (410) 555-0142 now')
    await expect(panel.getByText(OUTSIDE_SENT)).toBeHidden()
    // In view and focused: on a phone the panel is above the form, out of sight after Send.
    await expect(panel).toBeFocused()
    await expect(panel).toBeInViewport()
    await expect(panel.getByRole('link', { name: 'Call (410) 555-0142 Now' })).toHaveAttribute(
      'href',
      'tel:+14105550142',
    )
    await expectValues(page, 'empty')
    // Still there once the toast has gone; the panel is above the form.
    await page.getByRole('button', { name: 'Dismiss notification' }).click()
    await expect(panel).toBeVisible()
    const [panelBox, nameBox] = [await panel.boundingBox(), await field.name(page).boundingBox()]
    expect(panelBox!.y + panelBox!.height).toBeLessThan(nameBox!.y)
    await expectNoAxeViolations(page)
  })

  test('a toast hides itself after a few seconds, and stays while the pointer is on it', async ({ page }) => {
    // The fake clock follows real time until paused.
    await page.clock.install()
    await open(page)
    await answerSends(page, (route) => route.fulfill({ status: 201, json: { success: true } }))
    await fillIn(page, { name: 'Dana', phone: '4105550199' })
    await sendButton(page).click()
    const toast = page.getByRole('status').getByText('Message Sent!')
    await expect(toast).toBeVisible()
    await page.clock.pauseAt(Date.now() + 500)
    await toast.hover()
    await page.clock.runFor(8_000)
    await expect(toast).toBeVisible()
    await page.mouse.move(0, 0)
    await page.clock.runFor(5_100)
    await expect(toast).toBeHidden()
  })

  test('the keyboard goes from field to field and to the button, never into the honeypot', async ({ page }) => {
    await open(page)
    // The arrival windows arrive when their choice comes into view (src/client/booking.ts).
    await page.locator('#contact-booking').scrollIntoViewIfNeeded()
    await expect(page.locator('#contact-booking-window')).toBeVisible()
    await field.name(page).focus()
    const order: (string | null)[] = []
    for (let i = 0; i < 9; i++) {
      await page.keyboard.press('Tab')
      order.push(
        await page.evaluate(
          () => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent ?? null,
        ),
      )
    }
    expect(order).toEqual([
      'phone',
      'email',
      'zip',
      'outNow',
      'service',
      'callbackTime',
      'message',
      'window',
      'Send Message',
    ])
  })
})

test.describe('with JavaScript, when sending fails', () => {
  test.use({ viewport: PHONE, allowConsoleErrors: FAILED_SEND })

  test('a failed send: the "Error" toast, the values kept, the error in the console', async ({ page }) => {
    const logged: string[] = []
    page.on('console', (msg) => msg.type() === 'error' && logged.push(msg.text()))
    await open(page)
    await answerSends(page, (route) =>
      route.fulfill({ status: 500, json: { success: false, error: 'Internal server error (reference 1234abcd)' } }),
    )
    await fillIn(page)
    await sendButton(page).click()

    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Error')
    await expect(alert).toContainText(FAILURE_TEXT)
    await expect(alert).not.toContainText('Internal server error')
    await expect(sendButton(page)).toBeEnabled()
    await expectValues(page, VALUES)
    expect(logged.filter((line) => line.startsWith('Contact form:'))).toHaveLength(1)
  })

  test('a network failure and an answer without success: the same "Error" toast, closed by its button or Escape', async ({
    page,
  }) => {
    await open(page)
    let attempt = 0
    await answerSends(page, (route) =>
      ++attempt === 1 ? route.abort('connectionreset') : route.fulfill({ status: 200, json: { success: false } }),
    )
    await fillIn(page)

    await sendButton(page).click()
    await expect(page.getByRole('alert')).toContainText(FAILURE_TEXT)
    await page.getByRole('button', { name: 'Dismiss notification' }).click()
    await expect(page.getByRole('alert')).toBeEmpty()
    await expect(sendButton(page)).toBeFocused()

    await sendButton(page).click()
    await expect(page.getByRole('alert')).toContainText(FAILURE_TEXT)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('alert')).toBeEmpty()

    expect(attempt).toBe(2)
    await expectValues(page, VALUES)
  })

  test("rate limited: the toast also gives the server's message, its phone number a link to call", async ({ page }) => {
    await open(page)
    const error =
      "We've received many requests from your network in a short time. Please call us at (410) 555-0142 and we'll help you right away."
    await answerSends(page, (route) =>
      route.fulfill({ status: 429, headers: { 'retry-after': '600' }, json: { success: false, error } }),
    )
    await fillIn(page)
    await sendButton(page).click()
    await expect(page.getByRole('alert')).toContainText(`Error${FAILURE_TEXT}${error}`)
    await expect(page.getByRole('alert').getByRole('link', { name: '(410) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+14105550142',
    )
  })

  test('the server refuses a field: its problem under it and in the list, the field takes the focus, no "Failed to send" toast', async ({
    page,
  }) => {
    await open(page)
    // The server is the judge: what it refuses is shown as its own checks are.
    await answerSends(page, (route) =>
      route.fulfill({ status: 400, json: { success: false, error: NAME_PROBLEM, fields: { name: NAME_PROBLEM } } }),
    )
    await fillIn(page)
    await sendButton(page).click()
    const name = field.name(page)
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAccessibleDescription(NAME_PROBLEM)
    await expect(name).toBeFocused()
    const box = page.getByRole('region', { name: 'Please check the form' })
    await expect(box.getByRole('listitem')).toHaveText([NAME_PROBLEM])
    await expect(page.getByRole('alert')).toBeEmpty()
    await expect(page.getByText(FAILURE_TEXT)).toBeHidden()
    await expect(field.phone(page)).not.toHaveAttribute('aria-invalid')
    await expectValues(page, VALUES)

    // Sent again: the problem goes away before the answer comes.
    await page.unrouteAll({ behavior: 'wait' })
    await answerSends(page, (route) => route.fulfill({ status: 201, json: { success: true } }))
    await sendButton(page).click()
    await expect(page.getByRole('status')).toContainText('Message Sent!')
    await expect(name).not.toHaveAttribute('aria-invalid')
    await expect(page.getByText(NAME_PROBLEM)).toBeHidden()
    await expect(box).toBeHidden()
  })
})

test.describe('without JavaScript', () => {
  test.use({
    viewport: PHONE,
    javaScriptEnabled: false,
    allowConsoleErrors: [/Failed to load resource: the server responded with a status of 400/],
  })

  test('a send lands on /contact/sent with the confirmation that stays: the name, the phone, when we call', async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.42' })
    await page.goto('/contact')
    await fillIn(page)
    await page.getByLabel('ZIP Code').fill('19999')
    await page.getByRole('group', { name: 'Is your heating or cooling out right now?' }).getByLabel('Yes').check()
    await sendButton(page).click()
    await expect(page).toHaveURL(/\/contact\/sent\/[0-9a-f-]{36}$/)
    const panel = page.getByRole('region', { name: 'Your request has arrived' })
    await expect(panel).toContainText(`Thank you, ${VALUES.name}. We'll call you at ${VALUES.phone}.`)
    await expect(panel).toContainText(/Our office is (open now|closed right now: we call back from \d)/)
    await expect(panel).toContainText(
      "Heating or cooling out right now? Don't wait for our call: call (410) 555-0142 now",
    )
    await expect(panel).toContainText(OUTSIDE_SENT)
    await expect(panel).not.toContainText('anyway')
    await expect(panel.getByRole('link', { name: 'Call (410) 555-0142 Now' })).toHaveAttribute(
      'href',
      'tel:+14105550142',
    )
  })

  test('/contact/sent itself: the notice, a call button and the way home', async ({ page }) => {
    await page.goto('/contact/sent')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message Sent!')
    await expect(page.getByText(SUCCESS_TEXT)).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Call (410) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+14105550142',
    )
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/')
    await expect(page).toHaveTitle('Message Sent | Longbar Heating & Cooling')
  })

  test('a bad send comes back with the problem listed and at its field, the values kept', async ({ page }) => {
    await page.goto('/contact')
    await fillIn(page, { ...VALUES, name: '   ' })
    const [response] = await Promise.all([page.waitForResponse('**/api/contact'), sendButton(page).click()])
    expect(response.status()).toBe(400)
    await expect(page).toHaveTitle(/^Please check the form – Contact Us/)
    const box = page.getByRole('region', { name: 'Please check the form' })
    await expect(box).toBeFocused()
    await expect(box.getByRole('listitem')).toHaveText([NAME_PROBLEM])
    await expect(box.getByRole('link', { name: NAME_PROBLEM })).toHaveAttribute('href', '#contact-name')
    await expect(field.name(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(field.name(page)).toHaveAccessibleDescription(NAME_PROBLEM)
    await expectValues(page, { ...VALUES, name: '   ' })
  })
})

for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`axe at ${size} size ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test.describe(() => {
      test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] })
      test('no violations with the problems of a send without JavaScript shown', async ({ page }) => {
        await open(page)
        // A plain form submission (no submit event, no browser checks): what a browser without JavaScript sends.
        await Promise.all([
          page.waitForURL('**/api/contact'),
          form(page)
            .locator('form')
            .evaluate((f: HTMLFormElement) => f.submit()),
        ])
        const box = page.getByRole('region', { name: 'Please check the form' })
        await expect(box.getByRole('listitem')).toHaveCount(2)
        await expectNoAxeViolations(page)
      })
    })

    test("no violations on a request's own confirmation page", async ({ page }) => {
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${viewport.width === PHONE.width ? 43 : 44}` })
      await open(page)
      await fillIn(page, { name: 'Dana', phone: '4105550199' })
      await page.getByLabel('ZIP Code').fill('19999')
      // A plain form submission, as without JavaScript: it lands on /contact/sent/<id>.
      await Promise.all([
        page.waitForURL(/\/contact\/sent\/[0-9a-f-]{36}$/),
        form(page)
          .locator('form')
          .evaluate((f: HTMLFormElement) => f.submit()),
      ])
      await expect(page.getByRole('region', { name: 'Your request has arrived' })).toContainText(OUTSIDE_SENT)
      await expectNoAxeViolations(page)
    })

    test('no violations with the success toast shown', async ({ page }) => {
      await open(page)
      await answerSends(page, (route) => route.fulfill({ status: 201, json: { success: true } }))
      await fillIn(page, { name: 'Dana', phone: '4105550199' })
      await sendButton(page).click()
      await expect(page.getByRole('status')).toContainText('Message Sent!')
      await expectNoAxeViolations(page)
    })

    test.describe(() => {
      test.use({ allowConsoleErrors: FAILED_SEND })
      test("no violations with the script's field problems shown, and with the error toast", async ({ page }) => {
        await open(page)
        await fillIn(page, { name: '', phone: '12', email: 'maria@example' })
        await sendButton(page).click()
        await expect(field.name(page)).toHaveAttribute('aria-invalid', 'true')
        await expect(page.getByRole('region', { name: 'Please check the form' }).getByRole('listitem')).toHaveCount(3)
        await expectNoAxeViolations(page)

        await answerSends(page, (route) => route.fulfill({ status: 503, json: { success: false, error: 'Down' } }))
        await fillIn(page, { name: 'Dana', phone: '4105550199', email: '' })
        await sendButton(page).click()
        await expect(page.getByRole('alert')).toContainText(FAILURE_TEXT)
        await expectNoAxeViolations(page)
      })
    })
  })
}
