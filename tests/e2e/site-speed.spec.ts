// The live site's speed (issue 21 item 6) in Chromium against the real server: a page view on a
// phone loads the web-vitals chunk after the page, and when the visitor moves on, its beacon is
// counted; the inbox's Sources report shows "Site speed" with the page, the device and Google's
// bands in words. Screenshots at 390x844 and 1280x800 go to /tmp/ops2/ when SHOTS is set.
import type { Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

async function openSiteSpeed(page: Page) {
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  await page.getByRole('button', { name: 'Sources' }).click()
  await expect(page.getByRole('heading', { name: 'Site speed' })).toBeVisible()
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true })

  test('a page view sends its vitals when the visitor moves on; the inbox shows them with their bands', async ({
    page,
  }) => {
    // What the page's beacons carried, kept across the navigation (sessionStorage).
    await page.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator)
      navigator.sendBeacon = (url, data) => {
        const seen = JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as unknown[]
        sessionStorage.setItem('beacons', JSON.stringify([...seen, data]))
        return send(url, data)
      }
    })
    await page.goto('/about')
    // The library arrives after the page (its own chunk), then the visitor taps and moves on.
    await page.waitForLoadState('networkidle')
    await page.locator('main').click({ position: { x: 5, y: 5 } })
    await page.goto('/contact')
    const beacons = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as string[])
    await expect.poll(async () => (await beacons()).length).toBe(1)
    const sent = JSON.parse((await beacons())[0]!) as Record<string, unknown>
    expect(sent).toMatchObject({ type: 'vitals', page: '/about', device: 'mobile' })
    expect(Object.keys(sent).sort()).toEqual(expect.arrayContaining(['type', 'page', 'device', 'ttfb', 'lcp', 'cls']))
    expect(Object.keys(sent).every((k) => ['type', 'page', 'device', 'lcp', 'inp', 'cls', 'ttfb'].includes(k))).toBe(
      true,
    )

    await openSiteSpeed(page)
    const row = page.locator('[data-site-speed] tbody tr', { hasText: '/about' }).filter({ hasText: 'Phone' })
    await expect(row).toHaveCount(1)
    await expect(row.locator('[data-band]').first()).toHaveText(/good|needs improvement|poor/)
    await expectNoAxeViolations(page)
    if (process.env.SHOTS) await page.screenshot({ path: '/tmp/ops2/site-speed-390.png', fullPage: true })
  })
})

test.describe('on a computer', () => {
  test.use({ viewport: DESKTOP })

  test('the Site speed table fits beside the Sources report', async ({ page }) => {
    await page.goto('/about')
    await page.waitForLoadState('networkidle')
    await page.goto('/contact')
    await openSiteSpeed(page)
    await expect(page.locator('[data-site-speed] tbody tr', { hasText: '/about' }).first()).toBeVisible()
    if (process.env.SHOTS) await page.screenshot({ path: '/tmp/ops2/site-speed-1280.png', fullPage: true })
  })
})
