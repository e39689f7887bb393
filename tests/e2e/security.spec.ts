// The Content-Security-Policy in a real browser: one page of every template, the confirmation
// page, the not-found page, the contact page the server renders with a form's problems and the
// admin load, run their scripts, show their map and work their menus without a single CSP
// violation; the headers PRODUCT.md asks for are on every answer.
import type { Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { DESKTOP, expect, PHONE, test } from './fixtures.ts'

const PAGES = [
  '/',
  '/about',
  '/services',
  '/contact',
  '/contact/sent',
  '/heating',
  '/hvac-maintenance',
  '/bel-air-hvac',
  '/cecil-county-hvac',
  '/delaware-hvac',
  '/service-areas',
  '/no-such-page',
  '/privacy',
  '/admin',
]

/** Collects securitypolicyviolation events from the first script on. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __csp: string[] }).__csp = seen
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    )
  })
  // The maps service is out of reach here; answer its frame with a stand-in (CSP still applies).
  await page.route(/^https:\/\/(www|maps)\.google\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' }),
  )
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)
}

for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`no CSP violation, ${size}`, () => {
    // The not-found page's own status, and the inbox asking whether it is signed in (401 before login).
    test.use({ viewport, allowConsoleErrors: [/status of (404|401)/] })
    for (const path of PAGES) {
      test(path, async ({ page }) => {
        const violations = await watchCsp(page)
        const res = await page.goto(path)
        expect(res?.status()).toBe(path === '/no-such-page' ? 404 : 200)
        const headers = res!.headers()
        expect(headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')*;/)
        expect(headers['content-security-policy']).not.toContain('unsafe-inline')
        // Let deferred scripts run, lazy frames load and the menu enhance.
        await page.mouse.wheel(0, 4000)
        await page.waitForLoadState('networkidle')
        if (path === '/admin') {
          await page.getByLabel(/password/i).fill(E2E_ADMIN_PASSWORD)
          await page.getByRole('button', { name: /sign in|log in/i }).click()
          await expect(page.getByRole('tab', { name: /All Submissions/ })).toBeVisible()
        }
        expect(await violations()).toEqual([])
      })
    }

    test.describe(() => {
      test.use({ allowConsoleErrors: [/status of 400/] })
      test('/contact rendered by the server with the problems of a form sent without JavaScript', async ({ page }) => {
        const violations = await watchCsp(page)
        await page.goto('/contact')
        // A plain form submission (no submit event, no browser checks), as without JavaScript.
        const [res] = await Promise.all([
          page.waitForResponse('**/api/contact'),
          page.locator('form[action="/api/contact"]').evaluate((f: HTMLFormElement) => f.submit()),
        ])
        expect(res.status()).toBe(400)
        expect(res.headers()['content-security-policy']).not.toContain('unsafe-inline')
        await page.waitForLoadState('networkidle')
        // Its inline stylesheet applies and its deferred script ran.
        await expect(page.locator('#contact-problems')).toHaveCSS('border-left-style', 'solid')
        await expect(page.locator('form[data-enhanced]')).toHaveCount(1)
        expect(await violations()).toEqual([])
      })
    })
  })
}

test('every answer carries the security headers', async ({ request }) => {
  for (const path of [
    '/',
    '/contact',
    '/assets/../about',
    '/no-such-page',
    '/healthz',
    '/api/admin/session',
    '/sitemap.xml',
    '/finance',
  ]) {
    const res = await request.get(path, { maxRedirects: 0 })
    const h = res.headers()
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'")
    expect(h['content-security-policy'], path).toContain("base-uri 'none'")
    expect(h['x-content-type-options'], path).toBe('nosniff')
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    expect(h['permissions-policy'], path).toContain('camera=()')
    expect(h['cross-origin-opener-policy'], path).toBe('same-origin')
  }
})
