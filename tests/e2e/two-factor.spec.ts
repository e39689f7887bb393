// The code from an app in Chromium at 390×844 (issue 26 step 2, decision 063): an invited office
// manager turns it on in People (the test reads the key shown and computes the codes as an
// authenticator app does), sees the recovery codes, logs out from the Menu and signs in again with
// e-mail, password and then the code, a second step of the same form; the owner's reset link
// sets a new password and turns the code off; the owner reads it all in Account activity. axe on each sign-in step, no sideways scrolling.
import { randomInt, randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { authenticatorCode } from '../helpers/totp-client.ts'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true })
}
const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

test.use({ viewport: PHONE })

test('an account turns on the code from an app and signs in with e-mail, password and code', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'People' }).click()
  const people = page.locator('[data-people]')
  const email = `kim.${randomUUID().slice(0, 8)}@example.com`
  await people.getByLabel('Name').fill('Kim Office')
  await people.getByLabel('E-mail').fill(email)
  await people.getByRole('button', { name: 'Make invitation link' }).click()
  const link = (await people.locator('[data-invitation-link] .font-mono').textContent())!

  const theirs = await browser.newContext({
    viewport: PHONE,
    extraHTTPHeaders: { 'x-forwarded-for': `10.7.${randomInt(0, 256)}.${randomInt(1, 255)}` },
  })
  try {
    const kim = await theirs.newPage()
    const password = 'kim chose a long password'
    await kim.goto(link)
    await kim.getByLabel(/New password/).fill(password)
    await kim.getByLabel('The same password again').fill(password)
    await kim.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(kim.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()

    // Turn it on in People: the key shown, a first code, then the recovery codes.
    await kim.getByRole('button', { name: 'Menu' }).click()
    await kim.getByRole('button', { name: 'People' }).click()
    const section = kim.locator('[data-two-factor]')
    await section.getByRole('button', { name: 'Turn on' }).click()
    await expect(section.getByRole('img', { name: 'QR code of the authenticator-app link' })).toBeVisible()
    const secret = (await section.locator('[data-totp-secret]').textContent())!.replace(/\s/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await expect(section.getByText(/^otpauth:\/\/totp\//)).toBeVisible()
    await noSideways(kim)
    await expectNoAxeViolations(kim)
    await shot(kim, 'two-factor-setup-390')
    const t0 = Date.now()
    await section.getByLabel('Code the app shows now').fill(authenticatorCode(secret, t0))
    await section.getByRole('button', { name: 'Confirm and turn on' }).click()
    await expect(section.locator('[data-recovery-codes] li')).toHaveCount(10)
    await expect(section.getByText(/^On\. .*Recovery codes left: 10\.$/)).toBeVisible()
    await noSideways(kim)
    await expectNoAxeViolations(kim)
    await shot(kim, 'two-factor-recovery-codes-390')

    // Log out from the Menu, then sign in: e-mail and password, then the code.
    await kim.getByRole('button', { name: 'Menu' }).click()
    await kim.getByRole('button', { name: 'Log out' }).click()
    await expect(kim.getByText('You are logged out.')).toBeVisible()
    await kim.getByLabel('E-mail').fill(email)
    await kim.getByLabel('Password').fill(password)
    await expectNoAxeViolations(kim)
    await shot(kim, 'two-factor-sign-in-step-1-390')
    await kim.getByRole('button', { name: 'Sign in' }).click()
    const code = kim.getByLabel('The 6-digit code from your app, or a recovery code')
    await expect(code).toBeFocused()
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    await expect(code).toHaveAttribute('inputmode', 'numeric')
    await noSideways(kim)
    await expectNoAxeViolations(kim)
    await shot(kim, 'two-factor-sign-in-step-2-390')
    // The code the set-up took works no more: said, and the step stays.
    await code.fill(authenticatorCode(secret, t0))
    await kim.getByRole('button', { name: 'Sign in' }).click()
    await expect(kim.getByText('That code is not right, or was used already.', { exact: false })).toBeVisible()
    await shot(kim, 'two-factor-sign-in-wrong-code-390')
    // Pasting is not blocked (WCAG 2.2 SC 3.3.8): nothing on the page cancels a paste into the field.
    const pasteCancelled = await code.evaluate((input) => {
      const data = new DataTransfer()
      data.setData('text/plain', '123456')
      const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
      input.dispatchEvent(paste)
      return paste.defaultPrevented
    })
    expect(pasteCancelled).toBe(false)
    await code.fill(authenticatorCode(secret, t0, 1))
    await kim.getByRole('button', { name: 'Sign in' }).click()
    await expect(kim.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
    expect(await (await kim.request.get('/api/admin/session')).json()).toMatchObject({ user: { email } })

    // Phone lost: the owner makes a reset link; it sets a new password and turns the code off.
    await page.reload()
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('button', { name: 'People' }).click()
    await page.getByRole('button', { name: 'Reset password Kim Office' }).click()
    const resetLink = page.locator('[data-reset-link] .font-mono')
    await expect(resetLink).toHaveText(/\/admin\/invite\/[\w-]{43}$/)
    await kim.goto((await resetLink.textContent())!)
    await expect(kim.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible()
    await expectNoAxeViolations(kim)
    await shot(kim, 'reset-link-page-390')
    const renewed = 'kim chose another long password'
    await kim.getByLabel(/New password/).fill(renewed)
    await kim.getByLabel('The same password again').fill(renewed)
    await kim.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(kim.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
    expect(await (await kim.request.get('/api/admin/two-factor')).json()).toMatchObject({ on: false })
  } finally {
    await theirs.close()
  }

  // The owner reads it in Account activity.
  await page.getByRole('button', { name: 'Show account activity' }).click()
  const activity = page.locator('[data-account-activity]')
  await expect(activity.getByText(`Turned on the code from an app · Kim Office`)).toBeVisible()
  await expect(activity.getByText(`Signed in · Kim Office (${email})`).first()).toBeVisible()
  await expect(activity.getByText(`Set a new password by a reset link · Kim Office (${email})`)).toBeVisible()
  await noSideways(page)
  await expectNoAxeViolations(page)
  await shot(page, 'account-activity-390')
})

test('the set-up of the code from an app at 1280×800', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'People' }).click()
  const section = page.locator('[data-two-factor]')
  // Set-up only, never confirmed: the owner's password alone still signs in (the SPEC's sign-in).
  await section.getByRole('button', { name: 'Turn on' }).click()
  await expect(section.getByRole('img', { name: 'QR code of the authenticator-app link' })).toBeVisible()
  await expectNoAxeViolations(page)
  await shot(page, 'two-factor-setup-1280')
  await section.getByRole('button', { name: 'Cancel' }).click()
  await expect(section.getByRole('button', { name: 'Turn on' })).toBeVisible()
})
