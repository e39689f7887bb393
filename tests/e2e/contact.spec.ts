// The contact form in Chromium, as a visitor uses it: with JavaScript (the "Sending..." state,
// the toasts of SPEC §8, fields cleared or kept), without it (a plain POST that lands on
// /contact/sent, or comes back with the problems listed), and with axe at phone and desktop
// sizes. Real sends go to the built server (in-memory SQLite); it allows 5 per 10 minutes per
// address, so only two tests here store a request and the rest answer from page.route.
import type { Page, Route } from '@playwright/test'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test } from './fixtures.ts'

const SUCCESS_TEXT =
  'Thanks for contacting Longbar Heating & Cooling! A technician will reach out shortly to confirm your appointment or answer your question.'
const FAILURE_TEXT = 'Failed to send message. Please try again or call us directly.'
const NAME_PROBLEM = 'Please enter your name.'
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

  test('the browser checks first: nothing is sent without a name and a phone number', async ({ page }) => {
    await open(page)
    const sent: string[] = []
    await answerSends(page, async (route) => {
      sent.push(route.request().url())
      await route.fulfill({ status: 201, json: { success: true } })
    })
    await sendButton(page).click()
    await expect(field.name(page)).toBeFocused()
    expect(await field.name(page).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true)
    await fillIn(page, { name: 'Dana', phone: '555-0199' })
    await sendButton(page).click()
    expect(await field.phone(page).evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true)
    expect(sent).toEqual([])
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
    await field.name(page).focus()
    const order: (string | null)[] = []
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab')
      order.push(
        await page.evaluate(
          () => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent ?? null,
        ),
      )
    }
    expect(order).toEqual(['phone', 'email', 'service', 'message', 'Send Message'])
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

  test('the server names a field: its problem is shown under it, the field is marked invalid and takes the focus', async ({
    page,
  }) => {
    await open(page)
    // Only spaces: the browser's `required` lets it through, the server does not.
    await fillIn(page, { ...VALUES, name: '   ' })
    await sendButton(page).click()
    await expect(page.getByRole('alert')).toContainText(FAILURE_TEXT)
    const name = field.name(page)
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAccessibleDescription(NAME_PROBLEM)
    await expect(name).toBeFocused()
    await expect(field.phone(page)).not.toHaveAttribute('aria-invalid')
    await expectValues(page, { ...VALUES, name: '   ' })

    // Corrected and sent again: the problem goes away before the answer comes.
    await answerSends(page, (route) => route.fulfill({ status: 201, json: { success: true } }))
    await name.fill('Dana Whitaker')
    await sendButton(page).click()
    await expect(page.getByRole('status')).toContainText('Message Sent!')
    await expect(name).not.toHaveAttribute('aria-invalid')
    await expect(page.getByText(NAME_PROBLEM)).toBeHidden()
  })
})

test.describe('without JavaScript', () => {
  test.use({
    viewport: PHONE,
    javaScriptEnabled: false,
    allowConsoleErrors: [/Failed to load resource: the server responded with a status of 400/],
  })

  test('a send lands on /contact/sent with the confirmation', async ({ page }) => {
    await page.goto('/contact')
    await fillIn(page)
    await sendButton(page).click()
    await expect(page).toHaveURL(/\/contact\/sent$/)
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
      test('no violations with the error toast and a field problem shown', async ({ page }) => {
        await open(page)
        await answerSends(page, (route) =>
          route.fulfill({ status: 400, json: { success: false, error: NAME_PROBLEM, fields: { name: NAME_PROBLEM } } }),
        )
        await fillIn(page, { name: 'Dana', phone: '4105550199' })
        await sendButton(page).click()
        await expect(page.getByRole('alert')).toContainText(FAILURE_TEXT)
        await expect(field.name(page)).toHaveAttribute('aria-invalid', 'true')
        await expectNoAxeViolations(page)
      })
    })
  })
}
