// The inbox as an installable app with notifications (docs/decisions/030-web-push.md), in
// Chromium, as far as it runs without the internet: the manifest and its icons, linked from
// /admin only; the service worker, registered with scope /admin and none on the public pages;
// the "Notifications on this device" switch and its states; a push delivered to the service
// worker (DevTools' ServiceWorker.deliverPushMessage) shown as a notification; and the link a
// notification opens. Subscribing itself cannot run here: Playwright's contexts are incognito-like
// and Chromium has no Push API in them, and with a profile it needs FCM, on the internet; the
// switch must then say that it could not turn on, which is what is tested. The server's side of a
// subscription is tested against a real push receiver (tests/integration/push*.test.ts).
import { randomUUID } from 'node:crypto'
import type { BrowserContext, Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

async function signIn(page: Page, path = '/admin') {
  await page.goto(path)
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
}

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)]

const registrationScope = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready
    return (await navigator.serviceWorker.getRegistration('/admin'))?.scope ?? null
  })

/** Sets the notifications permission of the page's origin as DevTools does (Playwright can only grant). */
async function setNotifications(context: BrowserContext, page: Page, setting: 'granted' | 'denied') {
  const cdp = await context.newCDPSession(page)
  const { targetInfo } = await cdp.send('Target.getTargetInfo')
  await cdp.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting,
    origin: new URL(page.url()).origin,
    ...(targetInfo.browserContextId ? { browserContextId: targetInfo.browserContextId } : {}),
  })
}

test('the manifest makes /admin an installable app, and only /admin links to it', async ({ page, request }) => {
  const res = await request.get('/admin/manifest.webmanifest')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('application/manifest+json')
  const manifest = (await res.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose: string }[]
  }
  expect(manifest).toMatchObject({
    name: 'Longbar Heating & Cooling Inbox',
    short_name: 'Inbox',
    start_url: '/admin',
    scope: '/admin',
    display: 'standalone',
    theme_color: '#0c2d56',
  })
  for (const purpose of ['any', 'maskable'])
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.purpose === purpose && i.sizes === `${size}x${size}`)
      expect(icon, `${purpose} ${size}`).toBeDefined()
      const png = await request.get(icon!.src)
      expect(png.headers()['content-type']).toBe('image/png')
      expect(pngSize(await png.body())).toEqual([size, size])
    }

  await page.goto('/admin')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/admin/manifest.webmanifest')
  await page.goto('/')
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0)
})

test('the service worker is served to control /admin, never cached, and not on the public pages', async ({
  page,
  request,
}) => {
  const sw = await request.get('/admin/sw.js')
  expect(sw.status()).toBe(200)
  expect(sw.headers()).toMatchObject({
    'content-type': 'text/javascript; charset=utf-8',
    'service-worker-allowed': '/admin',
    'cache-control': 'no-cache',
  })
  await signIn(page)
  expect(await registrationScope(page)).toBe(`${new URL(page.url()).origin}/admin`)
  // The public pages stay outside it: no worker controls them, none is registered for them.
  await page.goto('/contact')
  expect(
    await page.evaluate(async () => ({
      controlled: navigator.serviceWorker.controller !== null,
      registration: (await navigator.serviceWorker.getRegistration('/contact')) !== undefined,
    })),
  ).toEqual({ controlled: false, registration: false })
})

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`the switch says what it can do, on a ${label}`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await signIn(page)
    const toggle = page.getByRole('switch', { name: 'Notifications on this device' })
    await expect(toggle).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await expect(page.locator('#push-state')).toHaveText('Off: turn on to hear of each new request at once.')
    await expect(page.getByRole('button', { name: 'Send test' })).toHaveCount(0)
    await expectNoAxeViolations(page)
  })
}

test.describe('with notifications blocked', () => {
  test('the switch is off, and says how to allow them', async ({ page, context }) => {
    await page.goto('/admin')
    await setNotifications(context, page, 'denied')
    await signIn(page)
    const toggle = page.getByRole('switch', { name: 'Notifications on this device' })
    await expect(toggle).toBeDisabled()
    await expect(page.locator('#push-state')).toContainText(
      'Blocked by this browser. Allow notifications for this site',
    )
  })
})

test.describe('offline, with notifications allowed', () => {
  // Playwright's contexts are incognito-like, and Chromium has no Push API there (it says so in the
  // console); with a profile it would need FCM on the internet. Either way the subscription fails.
  test.use({
    allowConsoleErrors: [[/Push API in incognito mode|push service|Registration failed/i], { scope: 'test' }],
  })

  test('turning on asks the push service, and says so when it cannot be reached', async ({ page, context }) => {
    await context.grantPermissions(['notifications'])
    await signIn(page)
    const toggle = page.getByRole('switch', { name: 'Notifications on this device' })
    await expect(toggle).toBeEnabled()
    await toggle.click()
    // The browser refuses the subscription (see above): the switch says so and stays off.
    await expect(page.getByText('Notifications could not be turned on')).toBeVisible({ timeout: 20_000 })
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
  })

  test('the service worker shows a pushed request as a notification that opens it', async ({ page, context }) => {
    await context.grantPermissions(['notifications'])
    await signIn(page)
    const origin = new URL(page.url()).origin
    const cdp = await context.newCDPSession(page)
    const registrations: { registrationId: string; scopeURL: string }[] = []
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations))
    await cdp.send('ServiceWorker.enable')
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${origin}/admin`)).toBeDefined()
    const { registrationId } = registrations.find((r) => r.scopeURL === `${origin}/admin`)!
    // A push reaches an active worker only.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready))

    const id = randomUUID()
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify({
        title: 'Urgent: New request: Dana Whitaker',
        body: 'No heat. Heating Repair – No heat since 6 am',
        url: `/admin?request=${id}`,
        tag: `request-${id}`,
        urgent: true,
      }),
    })
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/admin')
        const list = (await registration?.getNotifications()) ?? []
        return list.map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: n.icon,
          badge: n.badge,
          requireInteraction: n.requireInteraction,
          data: n.data as unknown,
        }))
      })
    await expect.poll(shown, { timeout: 10_000 }).toHaveLength(1)
    expect((await shown())[0]).toEqual({
      title: 'Urgent: New request: Dana Whitaker',
      body: 'No heat. Heating Repair – No heat since 6 am',
      tag: `request-${id}`,
      icon: `${origin}/admin/icon-192.png`,
      badge: `${origin}/admin/badge-96.png`,
      requireInteraction: true,
      data: { url: `${origin}/admin?request=${id}` },
    })

    // A link that leaves the inbox is not followed: the notification opens the inbox instead.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify({ title: 'Odd', body: '', url: 'https://evil.example/', tag: 'odd', urgent: false }),
    })
    await expect
      .poll(async () => (await shown()).find((n) => n.tag === 'odd')?.data)
      .toEqual({ url: `${origin}/admin` })

    // The daily test alert (decision 047): its token stays with the notification, for the tap to send back.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify({
        title: 'Test alert: tap to confirm',
        body: '',
        url: '/admin',
        tag: 'alert-test',
        urgent: false,
        ack: 'daily-test-token-0123456789',
      }),
    })
    await expect
      .poll(async () => (await shown()).find((n) => n.tag === 'alert-test')?.data)
      .toEqual({ url: `${origin}/admin`, ack: 'daily-test-token-0123456789' })
  })
})

test('a notification’s link opens its request on top of the inbox', async ({ page, request }) => {
  const token = `t${randomUUID().slice(0, 8)}`
  const sent = await request.post('/api/contact', {
    data: { name: `Opened ${token}`, phone: '4105550177', message: 'From a push', page: '/contact', elapsedMs: 8_000 },
  })
  expect(sent.status()).toBe(201)
  await signIn(page)
  const list = await page.request.get(`/api/admin/submissions?view=all&q=${token}`)
  const [item] = ((await list.json()) as { items: { id: string }[] }).items
  await page.setViewportSize(PHONE)
  await page.goto(`/admin?request=${item!.id}`)
  const opened = page.getByRole('region', { name: 'Opened from a notification' })
  await expect(opened).toBeVisible()
  await expect(opened.getByText(`Opened ${token}`)).toBeVisible()
  await expect(opened).toBeInViewport()
  await opened.getByRole('button', { name: 'Close' }).click()
  await expect(opened).toHaveCount(0)
  expect(new URL(page.url()).search).toBe('')
})
