// The customer's e-mails in Chromium at 390×844 (decision 051): "Visits due" from the Clients
// tab lists a client's overdue and this month's visits with call, text and e-mail buttons for a
// thumb, and a name opens its request; a completed request's "More" offers "Ask for a review" as a
// text with the words filled in; the unsubscribe link's page shows a button and does nothing until
// it is pressed. With axe, no sideways scrolling and 44 px tap targets.
import { randomInt, randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { isSuppressed } from '../../src/server/db/customer-mail.ts'
import { signingKey } from '../../src/server/db/signing-keys.ts'
import { unsubscribeToken } from '../../src/server/mail/unsubscribe.ts'
import { startServer } from '../../scripts/lib/server.ts'
import { createStorage } from '../../scripts/lib/storage.ts'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { baseURL } from '../../playwright.config.ts'
import { expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

/** The office's day (America/New_York) `n` days from today. */
const officeDay = (n = 0) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())
  return new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
}

/** Every control of `scope` a finger taps is at least 44 × 44 px. */
async function expectTapTargets(scope: Locator) {
  const small = await scope.locator('button:visible, a:visible').evaluateAll((els) =>
    els
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ el, box }) => `${el.tagName} "${el.textContent?.trim() ?? ''}" ${box.width}×${box.height}`),
  )
  expect(small).toEqual([])
}

const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

/** A request from a customer with a phone and an address; returns its full name and id (from the inbox's API). */
async function send(page: Page, name: string): Promise<string> {
  const full = `${name} v${randomUUID().slice(0, 8)}`
  const phone = `410555${randomInt(1000, 9999)}`
  const sent = await page.request.post('/api/contact', {
    data: { name: full, phone, email: `${full.replace(/\W+/g, '.')}@example.com`, page: '/contact', elapsedMs: 8_000 },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  return full
}

async function idOf(page: Page, name: string): Promise<string> {
  const res = await page.request.get(`/api/admin/submissions?view=all&q=${encodeURIComponent(name)}`)
  expect(res.status()).toBe(200)
  const body = (await res.json()) as { items: { id: string; name: string }[] }
  return body.items.find((i) => i.name === name)!.id
}

const change = async (page: Page, id: string, changes: Record<string, unknown>) => {
  const res = await page.request.patch(`/api/admin/submissions/${id}`, { data: changes, headers: { origin: baseURL } })
  expect(res.status(), await res.text()).toBe(200)
}

test.use({ viewport: PHONE })

test('Visits due lists the clients to call, and a completed request offers "Ask for a review" by text', async ({
  page,
}) => {
  const overdue = await send(page, 'Otto Overdue')
  const soon = await send(page, 'Sue Soon')
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  const soonId = await idOf(page, soon)
  await change(page, await idOf(page, overdue), { is_client: true, next_delivery_date: officeDay(-12) })
  await change(page, soonId, { is_client: true, next_delivery_date: officeDay(), delivery_frequency: 'Twice a year' })
  await change(page, soonId, { status: 'completed' })

  await page.getByRole('tab', { name: /^Clients/ }).click()
  await page.getByRole('button', { name: 'Visits due' }).click()
  const view = page.getByRole('region', { name: 'Visits due' })
  await expect(view).toBeVisible()
  const late = view.locator('[data-group="overdue"]').locator('li', { hasText: overdue })
  await expect(late).toBeVisible()
  await expect(late.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:\+1410555\d{4}$/)
  await expect(late.getByRole('link', { name: 'Text' })).toHaveAttribute('href', /^sms:\+1410555\d{4}$/)
  await expect(late.getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', /^mailto:/)
  const due = view.locator('[data-group="thisMonth"]').locator('li', { hasText: soon })
  await expect(due).toContainText('Twice a year')
  await noSideways(page)
  await expectTapTargets(view)
  await expectNoAxeViolations(page)

  // The name opens the request; its "More" offers the review request by text.
  await due.getByRole('button', { name: soon }).click()
  const card = page.getByRole('article', { name: soon }).first()
  await expect(card).toBeVisible()
  await card.getByRole('button', { name: 'More' }).click()
  const ask = card.getByRole('link', { name: 'Ask for a review' })
  await expect(ask).toHaveAttribute(
    'href',
    /^sms:\+1410555\d{4}\?&body=Hi%20Sue%2C%20thank%20you%20for%20choosing%20Longbar%20Heating%20%26%20Cooling!.*https%3A%2F%2Fg\.page%2Fr%2F/,
  )
  await noSideways(page)
})

test('the unsubscribe page shows a button, and only the button unsubscribes', async ({ page }) => {
  // A server of its own, on a database this test can read (the suite's is in memory).
  const storage = await createStorage('SQLite')
  const db = await storage.open()
  const server = await startServer({
    DATABASE_URL: storage.databaseUrl,
    PUBLIC_ORIGIN: 'http://localhost:3000',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
  })
  try {
    const email = 'pat.customer@example.com'
    const token = unsubscribeToken(await signingKey(db, 'unsubscribe'), email)
    await page.goto(`${server.url}/unsubscribe?t=${token}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible()
    await expect(page.getByText('p***@example.com')).toBeVisible()
    await noSideways(page)
    await expectTapTargets(page.locator('main'))
    await expectNoAxeViolations(page)
    expect(await isSuppressed(db.k, email)).toBe(false)

    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible()
    expect(await isSuppressed(db.k, email)).toBe(true)
    await noSideways(page)
    await expectNoAxeViolations(page)

    // A link that is not valid: a 404 page that says how else to stop the mail.
    const invalid = await page.request.get(`${server.url}/unsubscribe?t=not-a-token`)
    expect(invalid.status()).toBe(404)
    expect(await invalid.text()).toContain('<h1>This link is not valid</h1>')
  } finally {
    await server.stop()
    await db.close()
    await storage.remove()
  }
})
