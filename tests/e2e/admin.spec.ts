// The inbox at /admin in Chromium, against the real server and its in-memory database: the
// whole path of a request from the public form to the inbox, login and logout (with and without
// JavaScript), every control of a card, calls and texts, urgency, notes, follow-ups, the trash,
// search, filters, spam, pagination, polling, and axe at phone and desktop sizes.
//
// Tests run in parallel on one server and one database, so each test makes its own requests
// with a unique token in the name and narrows the list to them by searching; global counts are
// only compared with what the server answered. Each test sends as its own client address
// (X-Forwarded-For; the e2e server trusts one proxy), so the rate limits of the contact form
// (5 per 10 minutes) and of the login (5 failures per 15 minutes) never meet across tests.
import { randomInt, randomUUID } from 'node:crypto'
import type { APIResponse, Locator, Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, addressedTest as base } from './fixtures.ts'

/**
 * The console errors a test expects, as a fixture tuple: Playwright takes a bare array whose
 * second item is an object (a RegExp is one) for [value, options]. A signed-out visitor causes
 * none: the server sends the login form itself, no session check fails in the browser.
 */
const allow = (...patterns: RegExp[]): [RegExp[], { scope: 'test' }] => [patterns, { scope: 'test' }]
/** Chromium logs a 4xx answer to fetch as a console error (a lost session, a refused change). */
const STATUS = (code: number) => new RegExp(`Failed to load resource: the server responded with a status of ${code}`)

const test = base.extend({ allowConsoleErrors: allow() })

type Visitor = {
  name: string
  phone: string
  email?: string
  service?: string
  message?: string
  zip?: string
  outNow?: 'yes' | 'no'
  callbackTime?: string
}

const uniqueToken = () => `t${randomUUID().slice(0, 8)}`

/** A request as the contact form's script sends it (POST /api/contact); `spam` fills in the honeypot, as a bot does. */
async function sendRequest(
  page: Page,
  visitor: Visitor,
  { spam = false, address }: { spam?: boolean; address?: string } = {},
) {
  const res = await page.request.post('/api/contact', {
    data: { ...visitor, page: '/contact', referrer: '', website: spam ? 'http://spam.example' : '', elapsedMs: 8_000 },
    ...(address ? { headers: { 'x-forwarded-for': address } } : {}),
  })
  expect(res.status(), await res.text()).toBe(201)
}

/** The admin API as the browser would call it (same origin, the page's session cookie). */
const adminCall = (
  page: Page,
  method: 'patch' | 'delete' | 'post',
  path: string,
  data?: unknown,
): Promise<APIResponse> =>
  page.request[method](path, {
    headers: { origin: new URL(page.url()).origin },
    ...(data === undefined ? {} : { data }),
  })

async function signIn(page: Page) {
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
}

/** Sends each request with a fresh token after its name, signs in and narrows the inbox to them; returns the token. */
async function inboxWith(page: Page, ...visitors: (Visitor & { spam?: boolean })[]): Promise<string> {
  const token = uniqueToken()
  for (const { spam, ...visitor } of visitors)
    await sendRequest(page, { ...visitor, name: `${visitor.name} ${token}` }, { spam: spam ?? false })
  await signIn(page)
  await search(page, token)
  return token
}

async function search(page: Page, words: string) {
  const answer = page.waitForResponse(
    (r) => r.url().includes('/api/admin/submissions?') && new URL(r.url()).searchParams.get('q') === words,
  )
  await page.getByRole('searchbox', { name: 'Search' }).fill(words)
  await answer
}

const card = (page: Page, name: string) => page.getByRole('article', { name })
const cards = (page: Page) => page.getByRole('article')
const badges = (card: Locator) => card.getByRole('list', { name: 'Labels' }).getByRole('listitem')
const toast = (page: Page, title: string, text: string) =>
  page
    .getByRole(title === 'Success' ? 'status' : 'alert')
    .filter({ hasText: title })
    .filter({ hasText: text })
const filters = (page: Page) => page.getByRole('search', { name: 'Filter submissions' })
/** The number the header shows under "Total", "Unread", "Clients" or "Follow-ups due". */
const headerCount = (page: Page, label: 'Total' | 'Unread' | 'Clients' | 'Follow-ups due') =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

type Counts = {
  total: number
  unread: number
  clients: number
  followups: number
  spam: number
  trash: number
  due: number
}

/** The header and the tabs show the counts of the server's last answer. */
async function expectCounts(page: Page, counts: Counts) {
  await expect(headerCount(page, 'Total')).toHaveText(String(counts.total))
  await expect(headerCount(page, 'Unread')).toHaveText(String(counts.unread))
  await expect(headerCount(page, 'Clients')).toHaveText(String(counts.clients))
  await expect(headerCount(page, 'Follow-ups due')).toHaveText(String(counts.due))
  await expect(page.getByRole('tab')).toHaveText([
    'All Submissions',
    `Unread (${counts.unread})`,
    `Clients (${counts.clients})`,
    `Follow-ups (${counts.followups})`,
    `Spam (${counts.spam})`,
    `Trash (${counts.trash})`,
  ])
}

/**
 * Taps a tel: or sms: link as a person would, minus the phone app: Chromium headless, told to
 * open one, swallows the next click on the page. The link's address is checked on its own.
 */
async function tapPhoneLink(link: Locator) {
  await link.evaluate((el) => el.addEventListener('click', (event) => event.preventDefault(), { once: true }))
  await link.click()
}

/** A card's "More": follow-up, note, client details, history, delete. */
async function openMore(item: Locator) {
  const more = item.getByRole('button', { name: 'More' })
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click()
}

/** The entries of a card's history, newest first. */
const history = (item: Locator) => item.getByRole('region', { name: 'History' }).getByRole('listitem')

test.describe('the whole path of a request', () => {
  test.use({ viewport: PHONE })

  test('sent on /contact, it shows up unread after the skeleton, is marked read and gets a status', async ({
    page,
  }) => {
    const token = uniqueToken()
    const name = `Dana Whitaker ${token}`
    // A send within a second of the first touch is marked "possible spam": let the clock run ahead.
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
    await expect(item.getByRole('link', { name: 'dana@example.com' })).toHaveAttribute(
      'href',
      'mailto:dana@example.com',
    )
    await expect(item.getByRole('definition')).toContainText(['Heating Repair', 'Contact page · Direct'])
    expect(await item.getByText('The furnace blows cold air.').evaluate((el) => (el as HTMLElement).innerText)).toBe(
      'The furnace blows cold air.\nTwo kids at home.',
    )
    await expect(item.locator('time')).toHaveText(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/,
    )
    await expect(item.getByText(/^(just now|\d+ min ago)$/)).toBeVisible()
    // Call and text first: the card's largest controls, at least 44 px high.
    const call = item.getByRole('link', { name: 'Call Dana' })
    const text = item.getByRole('link', { name: 'Text', exact: true })
    await expect(call).toHaveAttribute('href', 'tel:+14105550199')
    await expect(text).toHaveAttribute('href', 'sms:+14105550199')
    for (const action of [call, text]) expect((await action.boundingBox())!.height).toBeGreaterThanOrEqual(44)

    // Mark as Read: its success toast, the badge goes, the counts follow the server's answer.
    const marked = page.waitForResponse((r) => r.request().method() === 'PATCH')
    await item.getByRole('button', { name: 'Mark as Read' }).click()
    const afterRead = (await (await marked).json()) as { counts: Counts; item: { is_read: boolean; read_at: string } }
    expect(afterRead.item.is_read).toBe(true)
    await expect(toast(page, 'Success', 'Submission marked as read')).toBeVisible()
    await expect(badges(item)).toHaveText(['Status: New'])
    await expect(item).not.toHaveAttribute('data-unread')
    await expect(item.getByRole('button', { name: 'Mark as Unread' })).toBeVisible()
    await expectCounts(page, afterRead.counts)
    await expect(page).toHaveTitle(
      afterRead.counts.unread
        ? `(${afterRead.counts.unread}) Admin | Longbar Heating & Cooling`
        : 'Admin | Longbar Heating & Cooling',
    )

    // A status: any of the five, in any order.
    await item.getByLabel('Status').selectOption('completed')
    await expect(toast(page, 'Success', 'Status updated successfully')).toBeVisible()
    await expect(badges(item)).toHaveText(['Status: Completed'])
    await item.getByLabel('Status').selectOption('contacted')
    await expect(badges(item)).toHaveText(['Status: Contacted'])

    // And back to unread, which the original inbox could not do.
    await item.getByRole('button', { name: 'Mark as Unread' }).click()
    await expect(toast(page, 'Success', 'Submission marked as unread')).toBeVisible()
    await expect(badges(item)).toHaveText(['Unread', 'Status: Contacted'])

    // Nothing survives in the browser's storage but the public pages' visit record (decision 032).
    expect(await page.evaluate(() => [localStorage.length, Object.keys(sessionStorage), document.cookie])).toEqual([
      0,
      ['visit'],
      '',
    ])
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

  test.use({ allowConsoleErrors: allow(STATUS(401)) })

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
    test.use({ allowConsoleErrors: allow(STATUS(401), STATUS(429)) })

    test("too many wrong passwords: the server's own message", async ({ page }) => {
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

  test('already signed in: a reload goes straight to the inbox, its skeleton in the page itself', async ({ page }) => {
    await signIn(page)
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/admin')
    await page.reload()
    const html = await (await answer).text()
    expect(html).toContain('data-skeleton')
    expect(html).not.toContain('id="admin-password"')
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
    await expect(cards(page).first()).toBeVisible()
    await expect(page.getByLabel('Password')).toHaveCount(0)
  })

  test('the login form is in the page before any script, and signs in without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE })
    const page = await context.newPage()
    await page.goto('/admin')
    await page.getByLabel('Password').fill('not the password at all')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Invalid password' })).toBeVisible()
    await expect(page.getByLabel('Password')).toHaveValue('')
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
    // Playwright's text queries leave <noscript> out; its message is on the page all the same.
    await expect(page.locator('main noscript')).toBeVisible()
    expect(await page.content()).toContain('The inbox needs JavaScript. Turn it on in your browser')
    await context.close()
  })

  test('logout returns to the login form, and the API then answers 401', async ({ page }) => {
    await signIn(page)
    expect((await page.request.get('/api/admin/submissions')).status()).toBe(200)
    // "Log out" is in the header's menu, a popover that Escape closes and its button reopens.
    const menu = page.getByRole('button', { name: 'Menu' })
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('button', { name: 'Log out' })).toBeHidden()
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', { name: 'Log out' })).toBeHidden()
    await menu.click()
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
    await expect(
      page.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' }),
    ).toBeVisible()
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

  test('search (name, phone digits, e-mail, message), the status and service filters, and the CSV of the view', async ({
    page,
  }) => {
    const token = uniqueToken()
    const heating = `Heating Person ${token}`
    const plain = `No Service Person ${token}`
    const other = `Maintenance Person ${token}`
    await sendRequest(page, { name: heating, phone: '(410) 555-0161', service: 'heating-repair', message: 'No heat.' })
    await sendRequest(page, {
      name: plain,
      phone: '410.555.0162',
      email: `plain-${token}@example.com`,
      message: `Call me about the ${token} thing.`,
    })
    await sendRequest(page, { name: other, phone: '410 555 0163', service: 'maintenance' })
    await signIn(page)

    await search(page, token)
    await expect(cards(page)).toHaveCount(3)
    await expect(page.getByRole('status').filter({ hasText: '3 submissions shown' })).toBeVisible()
    // "No heat." is urgent: on top until someone calls; then newest first.
    await expect(cards(page).getByRole('heading')).toHaveText([heating, other, plain])

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
    const csv = await page.request.get((await csvLink.getAttribute('href'))!)
    expect(csv.status()).toBe(200)
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/)
    const rows = (await csv.text()).trim().split(/\r?\n/)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatch(/^\ufeff?"Received \(America\/New York\)","Name",/)
    expect(rows[1]).toContain(`"${plain}"`)

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
    await expect(page.getByRole('tab', { name: /^Trash/ })).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Home')
    await expect(all).toBeFocused()
    await expect(cards(page)).toHaveCount(1)
  })

  test('pages of 50: "Load more" brings the next ones', async ({ page }) => {
    const token = uniqueToken()
    // 52 requests, each from an address of its own (the form allows 5 per address).
    const net = `10.250.${randomInt(0, 256)}`
    for (let i = 0; i < 52; i++) {
      await sendRequest(
        page,
        { name: `Bulk ${String(i).padStart(2, '0')} ${token}`, phone: `410555${String(1000 + i)}` },
        { address: `${net}.${i + 1}` },
      )
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
    const token = await inboxWith(page, {
      name: 'Maybe Spam',
      phone: '4105550190',
      message: 'Sent in a hurry.',
      spam: true,
    })
    const name = `Maybe Spam ${token}`
    await expect(page.getByText('No submissions found.')).toBeVisible()

    await page.getByRole('tab', { name: /^Spam \(\d+\)$/ }).click()
    const item = card(page, name)
    await expect(badges(item)).toHaveText(['Spam', 'Status: New'])
    await expect(item.getByRole('definition').filter({ hasText: 'honeypot field filled in' })).toBeVisible()
    const moved = page.waitForResponse((r) => r.request().method() === 'PATCH')
    await item.getByRole('button', { name: 'Not spam' }).click()
    const answer = (await (await moved).json()) as { counts: Counts }
    await expect(toast(page, 'Success', 'Submission moved to the inbox')).toBeVisible()
    await expect(item).toHaveCount(0)
    await expectCounts(page, answer.counts)

    // Taking it out of spam is a change, and every change marks a request read.
    await page.getByRole('tab', { name: 'All Submissions' }).click()
    await expect(badges(card(page, name))).toHaveText(['Status: New'])
  })

  test('a request with a weak sign of a bot stays in the inbox as "Possible spam", and one tap files it as spam', async ({
    page,
  }) => {
    const token = uniqueToken()
    const name = `Quick Autofill ${token}`
    // As the form's script sends it when the visitor tapped Send 0.3 s after touching the form.
    const res = await page.request.post('/api/contact', {
      data: { name, phone: '4105550189', page: '/contact', referrer: '', website: '', elapsedMs: 332 },
    })
    expect(res.status()).toBe(201)
    await signIn(page)
    await search(page, token)
    const item = card(page, name)
    await expect(badges(item)).toHaveText(['Unread', 'Possible spam', 'Status: New'])
    await expect(
      item.getByRole('definition').filter({ hasText: 'sent 0.3 s after the form was first touched' }),
    ).toBeVisible()
    await item.getByRole('button', { name: 'Spam', exact: true }).click()
    await expect(toast(page, 'Success', 'Submission moved to spam')).toBeVisible()
    await expect(item).toHaveCount(0)
    await page.getByRole('tab', { name: /^Spam \(\d+\)$/ }).click()
    await expect(badges(card(page, name))).toHaveText(['Spam', 'Status: New'])
    await expect(
      card(page, name).getByRole('definition').filter({ hasText: 'marked as spam in the inbox' }),
    ).toBeVisible()
  })

  test('client details: mark as client, edit, shown only for clients, listed under Clients', async ({ page }) => {
    const name = `Future Client ${await inboxWith(page, { name: 'Future Client', phone: '4105550191' })}`
    const item = card(page, name)
    await expect(item.getByRole('heading', { name: 'Client details' })).toHaveCount(0)

    await openMore(item)
    await item.getByRole('button', { name: 'Mark as client' }).click()
    const form = item.getByRole('group', { name: `Client details of ${name}` })
    await expect(form.getByLabel('This is a client')).toBeChecked()
    await expect(form.getByLabel('Client since')).toBeFocused()
    await form.getByLabel('Client since').fill('2026-11-22')
    await form.getByLabel('Next service visit').fill('2027-04-15')
    await form.getByLabel('Maintenance plan').fill('Twice a year')
    await form.getByLabel('Service notes').fill('Dog in the yard.\nFilter 16x25x1.')
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH')
    await item.getByRole('button', { name: 'Save', exact: true }).click()
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
    // Any change marks the request read.
    await expect(badges(item)).toHaveText(['Client', 'Status: New'])
    const details = item.getByRole('region', { name: 'Client details' })
    await expect(details.getByRole('definition')).toHaveText([
      'Nov 22, 2026',
      'Apr 15, 2027',
      'Twice a year',
      'Dog in the yard.\nFilter 16x25x1.',
    ])

    await page.getByRole('tab', { name: /^Clients \(\d+\)$/ }).click()
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText([name])

    // No longer a client: the fields go away with the badge.
    await item.getByRole('button', { name: 'Edit client details' }).click()
    await form.getByLabel('This is a client').uncheck()
    await item.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(toast(page, 'Success', 'Client details saved')).toBeVisible()
    await expect(badges(item)).toHaveText(['Status: New'])
    await expect(item.getByRole('region', { name: 'Client details' })).toHaveCount(0)
  })

  test('delete asks first, then moves the request to the Trash, where it can be restored', async ({ page }) => {
    const name = `To Delete ${await inboxWith(page, { name: 'To Delete', phone: '4105550192' })}`
    const item = card(page, name)
    await openMore(item)
    const deleteButton = item.getByRole('button', { name: 'Delete' })

    await deleteButton.click()
    const dialog = page.getByRole('dialog', { name: 'Delete this request?' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(
      `The request from ${name} goes to the Trash. You can restore it there for 30 days`,
    )
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
    await expect(toast(page, 'Success', 'Submission moved to the trash')).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(item).toHaveCount(0)
    await expect(page.getByText('No submissions found.')).toBeVisible()
    await expectCounts(page, answer.counts)

    await page.getByRole('tab', { name: /^Trash \(\d+\)$/ }).click()
    await expect(item.getByText(/^Deleted (just now|\d+ min ago)$/)).toBeVisible()
    await expect(item.getByRole('link', { name: /^Call/ })).toHaveCount(0)
    await item.getByRole('button', { name: 'Restore' }).click()
    await expect(toast(page, 'Success', 'Submission restored')).toBeVisible()
    await expect(item).toHaveCount(0)
    await page.getByRole('tab', { name: 'All Submissions' }).click()
    await expect(item).toBeVisible()
    await openMore(item)
    await expect(history(item)).toContainText(['Restored from the trash', 'Moved to the trash', 'Request received'])
  })

  test.describe(() => {
    test.use({ allowConsoleErrors: allow(STATUS(409)) })

    test('a change the server refuses: the "Error" toast, and the card stays as it was', async ({ page }) => {
      const token = await inboxWith(page, { name: 'Gone Meanwhile', phone: '4105550193' })
      const name = `Gone Meanwhile ${token}`
      const item = card(page, name)
      await expect(item).toBeVisible()
      // Deleted from another tab in the meantime: a request in the trash takes no change.
      const list = (await (await page.request.get(`/api/admin/submissions?q=${token}`)).json()) as {
        items: { id: string }[]
      }
      expect((await adminCall(page, 'delete', `/api/admin/submissions/${list.items[0]?.id}`)).status()).toBe(200)

      await item.getByRole('button', { name: 'Mark as Read' }).click()
      await expect(toast(page, 'Error', 'Failed to update submission')).toContainText(
        'This request is in the trash. Restore it first.',
      )
      await expect(badges(item)).toHaveText(['Unread', 'Status: New'])
      await item.getByLabel('Status').selectOption('closed')
      await expect(toast(page, 'Error', 'Failed to update status')).toBeVisible()
      await expect(item.getByLabel('Status')).toHaveValue('new')
    })
  })

  test('a change shows at once, before the server answers; its control waits for the answer', async ({ page }) => {
    const name = `Right Away ${await inboxWith(page, { name: 'Right Away', phone: '4105550178' })}`
    const item = card(page, name)
    await expect(badges(item)).toHaveText(['Unread', 'Status: New'])
    // A change's answer is held until the test lets it through.
    let gate = Promise.resolve()
    const hold = () => {
      let release!: () => void
      gate = new Promise<void>((resolve) => (release = resolve))
      return release
    }
    await page.route('**/api/admin/submissions/*', async (route) => {
      if (route.request().method() === 'PATCH') await gate
      await route.continue()
    })

    let release = hold()
    await item.getByRole('button', { name: 'Mark as Read' }).click()
    await expect(badges(item)).toHaveText(['Status: New'])
    await expect(item.getByRole('button', { name: 'Mark as Unread' })).toBeDisabled()
    await expect(toast(page, 'Success', 'Submission marked as read')).toHaveCount(0)
    release()
    await expect(toast(page, 'Success', 'Submission marked as read')).toBeVisible()
    await expect(item.getByRole('button', { name: 'Mark as Unread' })).toBeEnabled()

    release = hold()
    await item.getByLabel('Status').selectOption('scheduled')
    await expect(badges(item)).toHaveText(['Status: Scheduled'])
    await expect(item.getByLabel('Status')).toBeDisabled()
    await expect(toast(page, 'Success', 'Status updated successfully')).toHaveCount(0)
    release()
    await expect(toast(page, 'Success', 'Status updated successfully')).toBeVisible()
    await expect(item.getByLabel('Status')).toBeEnabled()
    await expect(item.getByLabel('Status')).toHaveValue('scheduled')
  })
})

test.describe('the lead desk', () => {
  test.use({ viewport: PHONE })

  test('an emergency is badged and stays on top until someone calls; the call is recorded and marks it read', async ({
    page,
  }) => {
    const token = await inboxWith(
      page,
      { name: 'Cold House', phone: '4105550171', service: 'heating-repair', message: 'Furnace out, two kids, 58°F.' },
      { name: 'Tune Up', phone: '4105550172', service: 'maintenance', message: 'Spring check.' },
    )
    const urgent = card(page, `Cold House ${token}`)
    await expect(cards(page).getByRole('heading')).toHaveText([`Cold House ${token}`, `Tune Up ${token}`])
    await expect(badges(urgent)).toHaveText(['Emergency', 'Unread', 'Status: New'])
    await expect(urgent).toContainText('Why urgent: No heat: “furnace out”')

    const recorded = page.waitForResponse((r) => r.url().endsWith('/contacts'))
    await tapPhoneLink(urgent.getByRole('link', { name: 'Call Cold' }))
    expect((await recorded).request().postDataJSON()).toEqual({ channel: 'call' })
    await expect(badges(urgent)).toHaveText(['Emergency', 'Status: New'])
    // Contacted: no longer kept on top, newest first again (the card stays put until the list is fetched again).
    await page.reload()
    await search(page, token)
    await expect(cards(page).getByRole('heading')).toHaveText([`Tune Up ${token}`, `Cold House ${token}`])
    await openMore(urgent)
    await expect(history(urgent)).toHaveText([/Called$/, /Marked as read$/, /Request received( after hours)?$/])
  })

  test('intake: out now makes it urgent and on top; the card shows the call-back time, the ZIP code and its town, "Outside area"', async ({
    page,
  }) => {
    const token = await inboxWith(
      page,
      { name: 'Far Away', phone: '4105550181', zip: '19999', callbackTime: 'morning' },
      { name: 'Out Now', phone: '4105550182', zip: '21085', outNow: 'yes', callbackTime: 'evening' },
      { name: 'Plain Zip', phone: '4105550183', zip: '21014', outNow: 'no' },
    )
    // Out now: urgent, so first whatever its age; then newest first.
    await expect(cards(page).getByRole('heading')).toHaveText([
      `Out Now ${token}`,
      `Plain Zip ${token}`,
      `Far Away ${token}`,
    ])
    const outNow = card(page, `Out Now ${token}`)
    await expect(badges(outNow)).toHaveText(['Emergency', 'Unread', 'Status: New'])
    await expect(outNow).toContainText('ZIP code: 21085 (Joppa, Harford County)')
    await expect(outNow).toContainText('Out right now: yes')
    await expect(outNow).toContainText('Call back: Evening')
    await expect(outNow).toContainText('Why urgent: Out right now')

    const far = card(page, `Far Away ${token}`)
    await expect(badges(far)).toHaveText(['Unread', 'Outside area', 'Status: New'])
    await expect(far).toContainText('ZIP code: 19999')
    await expect(far).not.toContainText('19999 (')
    await expect(far).toContainText('Call back: Morning')

    const plain = card(page, `Plain Zip ${token}`)
    await expect(badges(plain)).toHaveText(['Unread', 'Status: New'])
    await expect(plain).toContainText('ZIP code: 21014 (Bel Air)')
    await expect(plain).toContainText('Out right now: no')
    await expectNoAxeViolations(page)
  })

  test('a text, a note and a follow-up date, each on the timeline; follow-ups listed and counted', async ({ page }) => {
    const token = await inboxWith(page, { name: 'Call Back', phone: '4105550173', message: 'After 5 please.' })
    const item = card(page, `Call Back ${token}`)
    const texted = page.waitForResponse((r) => r.url().endsWith('/contacts'))
    await tapPhoneLink(item.getByRole('link', { name: 'Text', exact: true }))
    expect((await texted).request().postDataJSON()).toEqual({ channel: 'text' })
    await expect(badges(item)).toHaveText(['Status: New'])

    await openMore(item)
    await item.getByLabel('Add a note').fill('Left voicemail, try at 5.')
    await item.getByRole('button', { name: 'Save note' }).click()
    await expect(toast(page, 'Success', 'Note saved')).toBeVisible()
    await expect(item.getByLabel('Add a note')).toHaveValue('')

    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH')
    await item.getByLabel('Follow up on').fill('2020-01-02')
    await item.getByRole('button', { name: 'Save date' }).click()
    const answer = (await (await saved).json()) as { counts: Counts }
    await expect(toast(page, 'Success', 'Follow-up date saved')).toBeVisible()
    await expect(item).toContainText('Follow up on: Jan 2, 2020')
    await expectCounts(page, answer.counts)
    expect(answer.counts.due).toBeGreaterThanOrEqual(1)
    await expect(history(item)).toHaveText([
      /Follow-up set for 2020-01-02$/,
      /Note: Left voicemail, try at 5\.$/,
      /Texted$/,
      /Marked as read$/,
      /Request received( after hours)?$/,
    ])

    await page.getByRole('tab', { name: /^Follow-ups \(\d+\)$/ }).click()
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText([`Call Back ${token}`])
  })

  test('"Mark all as read" marks every unread request of the view shown', async ({ page }) => {
    const token = await inboxWith(
      page,
      { name: 'Bulk A', phone: '4105550174' },
      { name: 'Bulk B', phone: '4105550175' },
    )
    await page.getByRole('tab', { name: /^Unread/ }).click()
    await expect(cards(page)).toHaveCount(2)
    // On a phone the bulk actions wait behind "Filters", under the first cards.
    await page.getByRole('button', { name: 'Filters' }).click()
    await page.getByRole('button', { name: 'Mark all as read' }).click()
    await expect(toast(page, 'Success', '2 submissions marked as read')).toBeVisible()
    await expect(page.getByText('No submissions found.')).toBeVisible()
    await page.getByRole('tab', { name: 'All Submissions' }).click()
    await expect(badges(card(page, `Bulk A ${token}`))).toHaveText(['Status: New'])
  })

  test('a long message is clamped to six lines, "Show all" shows the rest', async ({ page }) => {
    const long = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long story about the furnace.`).join(' ')
    const token = await inboxWith(page, { name: 'Long Story', phone: '4105550176', message: long })
    const item = card(page, `Long Story ${token}`)
    const text = item.getByText(/^Line 1 of a long story/)
    const clamped = (await text.boundingBox())!.height
    expect(clamped).toBeLessThanOrEqual(6 * 20 + 1)
    await item.getByRole('button', { name: 'Show all' }).click()
    expect((await text.boundingBox())!.height).toBeGreaterThan(clamped * 2)
    await item.getByRole('button', { name: 'Show less' }).click()
    expect((await text.boundingBox())!.height).toBe(clamped)
  })
})

for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`the inbox at ${size} size ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })

    test('no axe violations with unread, read, client and spam cards and the client form open', async ({ page }) => {
      // Three axe passes over an inbox the whole suite has filled: about 15 s alone, twice that
      // beside another worker.
      test.setTimeout(90_000)
      const token = await inboxWith(
        page,
        {
          name: 'Axe Unread',
          phone: '4105550194',
          email: 'unread@example.com',
          service: 'ac-repair',
          message: 'Line one.\nLine two.',
        },
        { name: 'Axe Client', phone: '4105550195', service: 'maintenance' },
        { name: 'Axe Spam', phone: '4105550196', spam: true },
      )
      const client = card(page, `Axe Client ${token}`)
      await client.getByRole('button', { name: 'Mark as Read' }).click()
      await expect(toast(page, 'Success', 'Submission marked as read')).toBeVisible()
      await openMore(client)
      await client.getByRole('button', { name: 'Mark as client' }).click()
      await client.getByLabel('Next service visit').fill('2027-04-15')
      await client.getByRole('button', { name: 'Save', exact: true }).click()
      await expect(badges(client)).toContainText(['Client'])
      const unread = card(page, `Axe Unread ${token}`)
      await openMore(unread)
      await unread.getByRole('button', { name: 'Mark as client' }).click()
      await expect(history(unread).last()).toContainText('Request received')
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
