// The inbox at /admin in Chromium, against the real server and its in-memory database: the
// whole path of a request from the public form to the inbox, login and logout, every control of
// a card, search, filters, spam, pagination, polling, and axe at phone and desktop sizes.
//
// Tests run in parallel on one server and one database, so each test makes its own requests
// with a unique token in the name and narrows the list to them by searching; global counts are
// only compared with what the server answered. Each test sends as its own client address
// (X-Forwarded-For; the e2e server trusts one proxy), so the rate limits of the contact form
// (5 per 10 minutes) and of the login (5 failures per 15 minutes) never meet across tests.
import { randomInt, randomUUID } from 'node:crypto'
import type { APIResponse, Locator, Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test as base } from './fixtures.ts'

/** Chromium logs every 4xx fetch as a console error: GET /api/admin/session answers 401 to a visitor who is not signed in. */
const SIGNED_OUT = /Failed to load resource: the server responded with a status of 401/
/**
 * The console errors a test expects, as a fixture tuple: Playwright takes a bare array whose
 * second item is an object (a RegExp is one) for [value, options].
 */
const allow = (...patterns: RegExp[]): [RegExp[], { scope: 'test' }] => [[SIGNED_OUT, ...patterns], { scope: 'test' }]

const test = base.extend<{ address: string }>({
  address: async ({}, use) => use(`10.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`),
  extraHTTPHeaders: async ({ address }, use) => use({ 'x-forwarded-for': address }),
  allowConsoleErrors: allow(),
})

type Visitor = { name: string; phone: string; email?: string; service?: string; message?: string }

const uniqueToken = () => `t${randomUUID().slice(0, 8)}`

/** A request as the contact form's script sends it (POST /api/contact); `spam` sends it too fast after the form was shown. */
async function sendRequest(page: Page, visitor: Visitor, { spam = false, address }: { spam?: boolean; address?: string } = {}) {
  const res = await page.request.post('/api/contact', {
    data: { ...visitor, page: '/contact', referrer: '', website: '', elapsedMs: spam ? 400 : 8_000 },
    ...(address ? { headers: { 'x-forwarded-for': address } } : {}),
  })
  expect(res.status(), await res.text()).toBe(201)
}

/** The admin API as the browser would call it (same origin, the page's session cookie). */
const adminCall = (page: Page, method: 'patch' | 'delete' | 'post', path: string, data?: unknown): Promise<APIResponse> =>
  page.request[method](path, { headers: { origin: new URL(page.url()).origin }, ...(data === undefined ? {} : { data }) })

async function signIn(page: Page) {
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
}

/** Sends each request with a fresh token after its name, signs in and narrows the inbox to them; returns the token. */
async function inboxWith(page: Page, ...visitors: (Visitor & { spam?: boolean })[]): Promise<string> {
  const token = uniqueToken()
  for (const { spam, ...visitor } of visitors) await sendRequest(page, { ...visitor, name: `${visitor.name} ${token}` }, { spam: spam ?? false })
  await signIn(page)
  await search(page, token)
  return token
}

async function search(page: Page, words: string) {
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/submissions?') && new URL(r.url()).searchParams.get('q') === words)
  await page.getByRole('searchbox', { name: 'Search' }).fill(words)
  await answer
}

const card = (page: Page, name: string) => page.getByRole('article', { name })
const cards = (page: Page) => page.getByRole('article')
const badges = (card: Locator) => card.getByRole('list', { name: 'Labels' }).getByRole('listitem')
const toast = (page: Page, title: string, text: string) => page.getByRole(title === 'Success' ? 'status' : 'alert').filter({ hasText: title }).filter({ hasText: text })
const filters = (page: Page) => page.getByRole('search', { name: 'Filter submissions' })
/** The number the header shows under "Total", "Unread" or "Clients". */
const headerCount = (page: Page, label: 'Total' | 'Unread' | 'Clients') => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

type Counts = { total: number; unread: number; clients: number; spam: number }

/** The header and the tabs show the counts of the server's last answer. */
async function expectCounts(page: Page, counts: Counts) {
  await expect(headerCount(page, 'Total')).toHaveText(String(counts.total))
  await expect(headerCount(page, 'Unread')).toHaveText(String(counts.unread))
  await expect(headerCount(page, 'Clients')).toHaveText(String(counts.clients))
  await expect(page.getByRole('tab')).toHaveText(['All Submissions', `Unread (${counts.unread})`, `Clients (${counts.clients})`, `Spam (${counts.spam})`])
}

test.describe('the whole path of a request', () => {
  test.use({ viewport: PHONE })

  test('sent on /contact, it shows up unread after the skeleton, is marked read and gets a status', async ({ page }) => {
    const token = uniqueToken()
    const name = `Dana Whitaker ${token}`
    // The form flags a send faster than 3 s after it was shown as spam: let its clock run ahead.
    await page.clock.install()
    await page.goto('/contact')
    await expect(page.locator('form[data-enhanced]')).toHaveCount(1)
    await page.getByLabel('Full Name *').fill(name)
    await page.getByLabel('Phone Number *').fill('(410) 555-0199')
    await page.getByLabel('Email', { exact: true }).fill('dana@example.com')
    await page.getByLabel('Service Needed').selectOption('heating-repair')
    await page.getByLabel('Message', { exact: true }).fill('The furnace blows cold air.\nTwo kids at home.')
    await page.clock.fastForward(5_000)
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Message Sent!' })).toBeVisible()

    // The login form, then the skeleton while the list is on its way (held here to see it).
    await page.goto('/admin')
    await expect(page).toHaveTitle('Admin | Longbar Heating & Cooling')
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/admin/submissions?*', async (route) => {
      await held
      await route.continue()
    })
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.locator('[data-skeleton]')).toHaveCount(3)
    await expect(page.getByRole('status').filter({ hasText: 'Loading submissions…' })).toBeAttached()
    const firstPage = page.waitForResponse('**/api/admin/submissions?*')
    release()
    const listed = (await (await firstPage).json()) as { counts: Counts }
    await expect(page.locator('[data-skeleton]')).toHaveCount(0)

    // Newest first: the request just sent leads the list (other tests' requests may come later).
    const item = card(page, name)
    await expect(item).toBeVisible()
    await expect(badges(item)).toHaveText(['Unread', 'Status: New'])
    await expect(item).toHaveAttribute('data-unread', '')
    await expectCounts(page, listed.counts)
    expect(listed.counts.unread).toBeGreaterThanOrEqual(1)
    await expect(page).toHaveTitle(`(${listed.counts.unread}) Admin | Longbar Heating & Cooling`)

    // Its fields: tap-to-call, mailto, the service's label, the message's lines, where it came from, when.
    await expect(item.getByRole('link', { name: '(410) 555-0199' })).toHaveAttribute('href', 'tel:+14105550199')
    await expect(item.getByRole('link', { name: 'dana@example.com' })).toHaveAttribute('href', 'mailto:dana@example.com')
    await expect(item.getByRole('definition')).toContainText(['Heating Repair', '/contact'])
    expect(await item.getByText('The furnace blows cold air.').evaluate((el) => (el as HTMLElement).innerText)).toBe('The furnace blows cold air.\nTwo kids at home.')
    await expect(item.locator('time')).toHaveText(/^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/)

    // Mark as Read: the toast of SPEC §8, the badge goes, the counts follow the server's answer.
    const marked = page.waitForResponse((r) => r.request().method() === 'PATCH')
    await item.getByRole('button', { name: 'Mark as Read' }).click()
    const afterRead = (await (await marked).json()) as { counts: Counts; item: { is_read: boolean; read_at: string } }
    expect(afterRead.item.is_read).toBe(true)
    await expect(toast(page, 'Success', 'Submission marked as read')).toBeVisible()
    await expect(badges(item)).toHaveText(['Status: New'])
    await expect(item).not.toHaveAttribute('data-unread')
    await expect(item.getByRole('button', { name: 'Mark as Unread' })).toBeVisible()
    await expectCounts(page, afterRead.counts)
    await expect(page).toHaveTitle(afterRead.counts.unread ? `(${afterRead.counts.unread}) Admin | Longbar Heating & Cooling` : 'Admin | Longbar Heating & Cooling')

    // A status: any of the five, in any order.
    await item.getByLabel('Status').selectOption('completed')
    await expect(toast(page, 'Success', 'Status updated successfully')).toBeVisible()
    await expect(badges(item)).toHaveText(['Status: Completed'])
    await item.getByLabel('Status').selectOption('contacted')
    await expect(badges(item)).toHaveText(['Status: Contacted'])

    // And back to unread, which PRODUCT.md adds.
    await item.getByRole('button', { name: 'Mark as Unread' }).click()
    await expect(toast(page, 'Success', 'Submission marked as unread')).toBeVisible()
    await expect(badges(item)).toHaveText(['Unread', 'Status: Contacted'])

    // Nothing survives in the browser's storage.
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, ''])
  })
})

test.describe('signing in and out', () => {
  for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
    test(`the login form has no axe violations (${size})`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto('/admin')
      const password = page.getByLabel('Password')
      await expect(password).toHaveAttribute('type', 'password')
      await expect(password).toHaveAttribute('autocomplete', 'current-password')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin sign-in')
      await expectNoAxeViolations(page)
    })
  }

  test('a wrong password: the "Authentication Failed" toast, and the field is cleared', async ({ page }) => {
    await page.goto('/admin')
    await page.getByLabel('Password').fill('not the password at all')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(toast(page, 'Authentication Failed', 'Invalid password')).toBeVisible()
    await expect(page.getByLabel('Password')).toHaveValue('')
    await expect(page.getByLabel('Password')).toBeFocused()
    await expect(page.getByRole('heading', { name: 'Inbox' })).toHaveCount(0)
    await expectNoAxeViolations(page)
  })

  test.describe(() => {
    test.use({ allowConsoleErrors: allow(/status of 429/) })

    test('too many wrong passwords: the server\'s own message', async ({ page }) => {
      await page.goto('/admin')
      for (let i = 0; i < 5; i++) {
        await page.getByLabel('Password').fill(`wrong password ${i}`)
        await page.getByRole('button', { name: 'Sign in' }).click()
        await expect(toast(page, 'Authentication Failed', 'Invalid password')).toBeVisible()
        await page.getByRole('button', { name: 'Dismiss notification' }).click()
      }
      await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(toast(page, 'Authentication Failed', 'Too many failed attempts. Try again in')).toBeVisible()
    })
  })

  test('already signed in: a reload goes straight to the inbox', async ({ page }) => {
    await signIn(page)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
    await expect(page.getByLabel('Password')).toHaveCount(0)
  })

  test('logout returns to the login form, and the API then answers 401', async ({ page }) => {
    await signIn(page)
    expect((await page.request.get('/api/admin/submissions')).status()).toBe(200)
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByLabel('Password')).toBeFocused()
    await expect(page.getByRole('status').filter({ hasText: 'You are logged out.' })).toBeVisible()
    await expect(page).toHaveTitle('Admin | Longbar Heating & Cooling')
    for (const path of ['/api/admin/submissions', '/api/admin/counts', '/api/admin/session']) {
      const res = await page.request.get(path)
      expect(res.status(), path).toBe(401)
      expect(await res.json()).toEqual({ success: false, error: 'Not signed in' })
    }
  })

  test('a session that ended elsewhere: back to the login form with a short explanation', async ({ page }) => {
    await signIn(page)
    // The same session, ended from outside the page (another tab's logout, or its expiry).
    expect((await adminCall(page, 'post', '/api/admin/logout')).status()).toBe(200)
    await page.getByRole('tab', { name: /^Unread/ }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' })).toBeVisible()
    await expect(page.getByLabel('Password')).toBeFocused()
  })
})

test.describe('what a visitor sent is text', () => {
  test.use({ viewport: DESKTOP })

  test('markup and script in a request are shown as inert text', async ({ page }) => {
    const token = uniqueToken()
    const name = `<img src=x onerror=alert(1)> ${token}`
    const message = `<script>window.__x=1</script> <b>bold</b> ${token}`
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    await sendRequest(page, { name, phone: '4105550100', email: 'x@example.com', message })
    await signIn(page)
    await search(page, token)
    const item = card(page, name)
    await expect(item.getByRole('heading', { name })).toBeVisible()
    await expect(item.getByText(message)).toBeVisible()
    await expect(page.locator('img')).toHaveCount(0)
    await expect(page.locator('main script, main b')).toHaveCount(0)
    expect(await page.evaluate(() => (window as { __x?: unknown }).__x)).toBeUndefined()
    expect(dialogs).toEqual([])
    // No inline style anywhere (the CSP allows none); a violation would be a console error.
    await expect(page.locator('[style]')).toHaveCount(0)
  })
})

test.describe('finding requests', () => {
  test.use({ viewport: DESKTOP })

  test('search (name, phone digits, e-mail, message), the status and service filters, and the CSV of the view', async ({ page }) => {
    const token = uniqueToken()
    const heating = `Heating Person ${token}`
    const plain = `No Service Person ${token}`
    const other = `Maintenance Person ${token}`
    await sendRequest(page, { name: heating, phone: '(410) 555-0161', service: 'heating-repair', message: 'No heat.' })
    await sendRequest(page, { name: plain, phone: '410.555.0162', email: `plain-${token}@example.com`, message: `Call me about the ${token} thing.` })
    await sendRequest(page, { name: other, phone: '410 555 0163', service: 'maintenance' })
    await signIn(page)

    await search(page, token)
    await expect(cards(page)).toHaveCount(3)
    await expect(page.getByRole('status').filter({ hasText: '3 submissions shown' })).toBeVisible()
    // Newest first.
    await expect(cards(page).getByRole('heading')).toHaveText([other, plain, heating])

    // Digits match however the number was written (stored as 410.555.0162); e-mail and message are searched too.
    await search(page, `4105550162 ${token}`)
    await expect(cards(page).getByRole('heading')).toHaveText([plain])
    await search(page, `plain-${token}@example.com`)
    await expect(cards(page).getByRole('heading')).toHaveText([plain])

    await search(page, token)
    await filters(page).getByLabel('Service').selectOption({ label: 'No service' })
    await expect(cards(page).getByRole('heading')).toHaveText([plain])
    await expect(cards(page).first().getByRole('definition').filter({ hasText: 'No service' })).toBeVisible()
    // The CSV export is the current view with its filters.
    const csvLink = page.getByRole('link', { name: 'Export CSV' })
    await expect(csvLink).toHaveAttribute('href', `/api/admin/submissions.csv?view=all&q=${token}&service=none`)
    const csv = await page.request.get((await csvLink.getAttribute('href')) as string)
    expect(csv.status()).toBe(200)
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/)
    const rows = (await csv.text()).trim().split(/\r?\n/)
    expect(rows).toHaveLength(2)
    expect(rows[1]).toContain(plain)

    await filters(page).getByLabel('Service').selectOption({ label: 'Heating Repair' })
    await expect(cards(page).getByRole('heading')).toHaveText([heating])
    await filters(page).getByLabel('Service').selectOption({ label: 'All services' })
    await expect(cards(page)).toHaveCount(3)

    await card(page, other).getByLabel('Status').selectOption('scheduled')
    await expect(toast(page, 'Success', 'Status updated successfully')).toBeVisible()
    await filters(page).getByLabel('Status').selectOption({ label: 'Scheduled' })
    await expect(cards(page).getByRole('heading')).toHaveText([other])
    await expect(csvLink).toHaveAttribute('href', `/api/admin/submissions.csv?view=all&q=${token}&status=scheduled`)
    await page.getByRole('searchbox', { name: 'Search' }).fill(`${token} nobody-by-this-name`)
    await expect(page.getByText('No submissions found.')).toBeVisible()
  })

  test('the tabs are a tablist: arrow keys move between them and each shows its view', async ({ page }) => {
    await inboxWith(page, { name: 'Tab Person', phone: '4105550170' })
    const all = page.getByRole('tab', { name: 'All Submissions' })
    await expect(all).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel', { name: 'All Submissions' })).toBeVisible()
    await all.focus()
    await page.keyboard.press('ArrowRight')
    const unread = page.getByRole('tab', { name: /^Unread \(\d+\)$/ })
    await expect(unread).toBeFocused()
    await expect(unread).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel')).toHaveAccessibleName(/^Unread/)
    await expect(cards(page)).toHaveCount(1)
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: /^Clients/ })).toBeFocused()
    await expect(page.getByText('No submissions found.')).toBeVisible()
    await page.keyboard.press('End')
    await expect(page.getByRole('tab', { name: /^Spam/ })).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Home')
    await expect(all).toBeFocused()
    await expect(cards(page)).toHaveCount(1)
  })

  test('pages of 50: "Load more" brings the next ones', async ({ page }) => {
    const token = uniqueToken()
    // 52 requests, each from an address of its own (the form allows 5 per address).
    const net = `10.250.${randomInt(0, 256)}`
    for (let i = 0; i < 52; i++) {
      await sendRequest(page, { name: `Bulk ${String(i).padStart(2, '0')} ${token}`, phone: `410555${String(1000 + i)}` }, { address: `${net}.${i + 1}` })
    }
    await signIn(page)
    await search(page, token)
    await expect(cards(page)).toHaveCount(50)
    await expect(page.getByRole('status').filter({ hasText: '50 submissions shown, more below' })).toBeVisible()
    await page.getByRole('button', { name: 'Load more' }).click()
    await expect(cards(page)).toHaveCount(52)
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0)
    await expect(cards(page).last().getByRole('heading')).toHaveText(`Bulk 00 ${token}`)
  })

  test('a new request appears without a reload (polling every 15 s)', async ({ page }) => {
    const token = uniqueToken()
    await page.clock.install()
    await signIn(page)
    await search(page, token)
    await expect(page.getByText('No submissions found.')).toBeVisible()
    await sendRequest(page, { name: `Late Caller ${token}`, phone: '4105550180' })
    await page.clock.fastForward(16_000)
    await expect(card(page, `Late Caller ${token}`)).toBeVisible()
    await expect(page).toHaveTitle(/^\(\d+\) Admin \| Longbar Heating & Cooling$/)
  })
})

test.describe('spam, clients and deletion', () => {
  test.use({ viewport: DESKTOP })

  test('a request flagged as spam is only under Spam; "Not spam" moves it to the inbox', async ({ page }) => {
    const token = await inboxWith(page, { name: 'Maybe Spam', phone: '4105550190', message: 'Sent in a hurry.', spam: true })
    const name = `Maybe Spam ${token}`
    await expect(page.getByText('No submissions found.')).toBeVisible()

    await page.getByRole('tab', { name: /^Spam \(\d+\)$/ }).click()
    const item = card(page, name)
    await expect(badges(item)).toHaveText(['Spam', 'Status: New'])
    await expect(item.getByRole('definition').filter({ hasText: /ms after it was shown/ })).toBeVisible()
    const moved = page.waitForResponse((r) => r.request().method() === 'PATCH')
    await item.getByRole('button', { name: 'Not spam' }).click()
    const answer = (await (await moved).json()) as { counts: Counts }
    await expect(toast(page, 'Success', 'Submission moved to the inbox')).toBeVisible()
    await expect(item).toHaveCount(0)
    await expectCounts(page, answer.counts)

    await page.getByRole('tab', { name: 'All Submissions' }).click()
    await expect(badges(card(page, name))).toHaveText(['Unread', 'Status: New'])
  })

  test('client details: mark as client, edit, shown only for clients, listed under Clients', async ({ page }) => {
    const name = `Future Client ${await inboxWith(page, { name: 'Future Client', phone: '4105550191' })}`
    const item = card(page, name)
    await expect(item.getByRole('heading', { name: 'Client details' })).toHaveCount(0)

    await item.getByRole('button', { name: 'Mark as client' }).click()
    const form = item.getByRole('group', { name: `Client details of ${name}` })
    await expect(form.getByLabel('This is a client')).toBeChecked()
    await expect(form.getByLabel('Client since')).toBeFocused()
    await form.getByLabel('Client since').fill('2026-11-22')
    await form.getByLabel('Next delivery').fill('2027-04-15')
    await form.getByLabel('Delivery frequency').fill('Twice a year')
    await form.getByLabel('Delivery notes').fill('Dog in the yard.\nFilter 16x25x1.')
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH')
    await item.getByRole('button', { name: 'Save' }).click()
    expect((await saved).request().postDataJSON()).toEqual({
      is_client: true,
      client_since: '2026-11-22',
      next_delivery_date: '2027-04-15',
      delivery_frequency: 'Twice a year',
      delivery_notes: 'Dog in the yard.\nFilter 16x25x1.',
    })
    await expect(toast(page, 'Success', 'Client details saved')).toBeVisible()
    await expect(form).toHaveCount(0)
    await expect(item.getByRole('button', { name: 'Edit client details' })).toBeFocused()
    await expect(badges(item)).toHaveText(['Unread', 'Client', 'Status: New'])
    const details = item.getByRole('region', { name: 'Client details' })
    await expect(details.getByRole('definition')).toHaveText(['Nov 22, 2026', 'Apr 15, 2027', 'Twice a year', 'Dog in the yard.\nFilter 16x25x1.'])

    await page.getByRole('tab', { name: /^Clients \(\d+\)$/ }).click()
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText([name])

    // No longer a client: the fields go away with the badge.
    await item.getByRole('button', { name: 'Edit client details' }).click()
    await form.getByLabel('This is a client').uncheck()
    await item.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Success', 'Client details saved')).toBeVisible()
    await expect(badges(item)).toHaveText(['Unread', 'Status: New'])
    await expect(item.getByRole('region', { name: 'Client details' })).toHaveCount(0)
  })

  test('delete asks first: Cancel keeps the request, Delete removes it for good', async ({ page }) => {
    const name = `To Delete ${await inboxWith(page, { name: 'To Delete', phone: '4105550192' })}`
    const item = card(page, name)
    const deleteButton = item.getByRole('button', { name: 'Delete' })

    await deleteButton.click()
    const dialog = page.getByRole('dialog', { name: 'Delete this request?' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(`The request from ${name} will be deleted for good.`)
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(deleteButton).toBeFocused()
    await deleteButton.click()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(item).toBeVisible()

    await deleteButton.click()
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE')
    await dialog.getByRole('button', { name: 'Delete' }).click()
    const answer = (await (await deleted).json()) as { counts: Counts }
    await expect(toast(page, 'Success', 'Submission deleted')).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(item).toHaveCount(0)
    await expect(page.getByText('No submissions found.')).toBeVisible()
    await expectCounts(page, answer.counts)
  })

  test.describe(() => {
    test.use({ allowConsoleErrors: allow(/status of 404/) })

    test('a change the server refuses: the "Error" toast, and the card stays as it was', async ({ page }) => {
      const token = await inboxWith(page, { name: 'Gone Meanwhile', phone: '4105550193' })
      const name = `Gone Meanwhile ${token}`
      const item = card(page, name)
      await expect(item).toBeVisible()
      // Deleted from another tab in the meantime.
      const list = (await (await page.request.get(`/api/admin/submissions?q=${token}`)).json()) as { items: { id: string }[] }
      expect((await adminCall(page, 'delete', `/api/admin/submissions/${list.items[0]?.id}`)).status()).toBe(200)

      await item.getByRole('button', { name: 'Mark as Read' }).click()
      await expect(toast(page, 'Error', 'Failed to update submission')).toContainText('Submission not found')
      await expect(badges(item)).toHaveText(['Unread', 'Status: New'])
      await item.getByLabel('Status').selectOption('closed')
      await expect(toast(page, 'Error', 'Failed to update status')).toBeVisible()
      await expect(item.getByLabel('Status')).toHaveValue('new')
    })
  })
})

for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`the inbox at ${size} size ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test('no axe violations with unread, read, client and spam cards and the client form open', async ({ page }) => {
      const token = await inboxWith(
        page,
        { name: 'Axe Unread', phone: '4105550194', email: 'unread@example.com', service: 'ac-repair', message: 'Line one.\nLine two.' },
        { name: 'Axe Client', phone: '4105550195', service: 'maintenance' },
        { name: 'Axe Spam', phone: '4105550196', spam: true },
      )
      const client = card(page, `Axe Client ${token}`)
      await client.getByRole('button', { name: 'Mark as Read' }).click()
      await expect(toast(page, 'Success', 'Submission marked as read')).toBeVisible()
      await client.getByRole('button', { name: 'Mark as client' }).click()
      await client.getByLabel('Next delivery').fill('2027-04-15')
      await client.getByRole('button', { name: 'Save' }).click()
      await expect(badges(client)).toContainText(['Client'])
      await card(page, `Axe Unread ${token}`).getByRole('button', { name: 'Mark as client' }).click()
      await expectNoAxeViolations(page)

      await page.getByRole('tab', { name: /^Spam/ }).click()
      await expect(card(page, `Axe Spam ${token}`)).toBeVisible()
      await expectNoAxeViolations(page)

      // The keyboard focus is visible: from the search box back to the selected tab.
      await page.getByRole('searchbox', { name: 'Search' }).focus()
      await page.keyboard.press('Shift+Tab')
      const tab = page.getByRole('tab', { name: /^Spam/ })
      await expect(tab).toBeFocused()
      expect(await tab.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none')
    })
  })
}
