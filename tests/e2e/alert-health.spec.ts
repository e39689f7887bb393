// The inbox's alert-health banner (decision 033) in Chromium: the e2e server runs without SMTP_URL
// or WEBHOOK_URLS, so no alert reaches the office, and the inbox says so, with what to do, at
// phone and desktop sizes, with no axe violation.
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`the alert-health banner at ${size} size`, () => {
    test.use({ viewport })

    test('says in one line that alerts are not reaching the phone, and what to do behind a tap', async ({ page }) => {
      await page.goto('/admin')
      await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
      await page.getByRole('button', { name: 'Sign in' }).click()
      const banner = page.getByRole('region', { name: "Alerts aren't reaching your phone. Turn on notifications" })
      await expect(banner).toBeVisible()
      await banner.getByRole('button', { name: /Alerts aren't reaching your phone/ }).click()
      await expect(banner).toContainText(
        'Nobody is told when a request comes in: notifications are off on every device, and no e-mail or webhook is set up.',
      )
      await expect(banner).toContainText('Turn on notifications with the switch above')
      await expect(banner).toContainText('Until then, check this inbox often.')
      // Above the tabs: the first thing after the header.
      const bannerBox = (await banner.boundingBox())!
      const tabsBox = (await page.getByRole('tablist').boundingBox())!
      expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(tabsBox.y)
      expect(bannerBox.width).toBeLessThanOrEqual(viewport.width)
      await expectNoAxeViolations(page)
      if (process.env.SCREENSHOTS)
        await page.screenshot({ path: `${process.env.SCREENSHOTS}/alert-health-${size}.png`, fullPage: false })
    })
  })
}
