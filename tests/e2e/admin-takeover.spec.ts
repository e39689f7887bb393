// The inbox's header before the app has taken over (CI's failure of two-factor.spec: a People
// tapped too soon did nothing). A signed-in /admin comes from the server with the inbox's
// header in its HTML, and the Menu's popover opens without a script, so a tap on Menu and then
// People before React runs opened the menu and then did nothing at all; words typed in the search
// were never searched for (admin.spec's lead desk once waited 90 s for that answer). The header's
// buttons, the tabs, the search and the filters say they are not ready (disabled) until the app
// runs; then the same taps and words do what they say.
// The admin's scripts are held back 1.5 s to make "before" long enough to tap in.
import { randomInt } from 'node:crypto'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { expect, PHONE, test } from './fixtures.ts'

test.use({
  viewport: PHONE,
  extraHTTPHeaders: { 'x-forwarded-for': `10.11.${randomInt(0, 256)}.${randomInt(1, 255)}` },
})

test('a tap on Menu, then People, before the app has taken over, opens People once it has', async ({ page }) => {
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()

  let held = 0
  await page.route(/\.js(\?|$)/, async (route) => {
    held += 1
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await route.continue()
  })
  await page.reload()
  // The server's HTML: the header is there, its buttons not ready yet.
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  const menu = page.getByRole('button', { name: 'Menu' })
  expect(await page.evaluate(() => document.querySelector('[data-inbox]') !== null)).toBe(true)
  await expect(menu).toBeDisabled()
  for (const name of ['Schedule', 'Sources']) await expect(page.getByRole('button', { name })).toBeDisabled()
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeDisabled()
  await expect(page.getByRole('tab', { name: /^Unread/ })).toBeDisabled()

  // The taps wait for the app, and then do what they say.
  await menu.click()
  await page.getByRole('button', { name: 'People' }).click()
  await expect(page.locator('[data-people]').getByRole('heading', { name: 'People' })).toBeVisible()
  expect(held).toBeGreaterThan(0)
})

test('words typed in the search before the app has taken over are searched for once it has', async ({ page }) => {
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  await page.route(/\.js(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    await route.continue()
  })
  await page.reload()
  const words = `nobody-${randomInt(1e9)}`
  const searched = page.waitForResponse(
    (r) => r.url().includes('/api/admin/submissions?') && new URL(r.url()).searchParams.get('q') === words,
  )
  await page.getByRole('searchbox', { name: 'Search' }).fill(words)
  expect((await searched).status()).toBe(200)
})
