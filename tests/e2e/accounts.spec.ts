// Named accounts in Chromium at 390×844 (issue 26, decisions 053 and 054): the owner signs in with
// SPEC's password form, opens People (loaded on demand), invites the office manager and gets the
// link to copy; the office manager opens it in their own browser, sets a password and lands in the
// inbox signed in as themselves, where People answers "Only the owner may do this.". With axe and
// no sideways scrolling.
import { randomInt, randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

test.use({ viewport: PHONE })

test('the owner invites the office manager, who sets a password and lands in the inbox', async ({ page, browser }) => {
  // Two browsers and two axe runs on a phone-size page.
  test.setTimeout(90_000)
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()

  await page.getByRole('button', { name: 'Menu' }).click()
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/inbox-menu-390.png` })
  await page.getByRole('button', { name: 'People' }).click()
  const people = page.locator('[data-people]')
  await expect(people.getByRole('heading', { name: 'People' })).toBeVisible()
  await expect(people.getByText('signs in with the password alone · Owner')).toBeVisible()
  const email = `pat.${randomUUID().slice(0, 8)}@example.com`
  await people.getByLabel('Name').fill('Pat Office')
  await people.getByLabel('E-mail').fill(email)
  await people.getByRole('button', { name: 'Make invitation link' }).click()
  const shown = people.locator('[data-invitation-link] .font-mono')
  await expect(shown).toHaveText(/\/admin\/invite\/[\w-]{43}$/)
  await noSideways(page)
  await expectNoAxeViolations(page)
  const link = (await shown.textContent())!

  // The office manager's own browser.
  const theirs = await browser.newContext({
    viewport: PHONE,
    extraHTTPHeaders: { 'x-forwarded-for': `10.9.${randomInt(0, 256)}.${randomInt(1, 255)}` },
  })
  try {
    const invitee = await theirs.newPage()
    await invitee.goto(link)
    await expect(invitee.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible()
    await expect(invitee.getByText('Welcome, Pat Office.')).toBeVisible()
    await expectNoAxeViolations(invitee)
    const chosen = 'pat chose a long password'
    await invitee.getByLabel(/New password/).fill(chosen)
    await invitee.getByLabel('The same password again').fill(chosen)
    await invitee.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(invitee.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
    const session = await invitee.request.get('/api/admin/session')
    expect(await session.json()).toMatchObject({ user: { name: 'Pat Office', email, role: 'office' } })

    await invitee.getByRole('button', { name: 'Menu' }).click()
    await invitee.getByRole('button', { name: 'People' }).click()
    await expect(invitee.locator('[data-people]').getByRole('alert')).toHaveText('Only the owner may do this.')

    // The link worked once.
    await invitee.goto(link)
    await expect(invitee.getByRole('heading', { level: 1, name: 'Invitation not valid' })).toBeVisible()

    // The owner signs Pat out everywhere (a phone left at a job): Pat's session ends, nothing else.
    await people.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('button', { name: 'People' }).click()
    await people.getByRole('button', { name: 'Sign out everywhere: Pat Office' }).click()
    await expect(people.getByRole('status')).toHaveText('Pat Office is signed out everywhere (1 session ended).')
    if (process.env.SCREENSHOTS) await people.screenshot({ path: `${process.env.SCREENSHOTS}/people-390.png` })
    await expectNoAxeViolations(page)
    expect((await invitee.request.get('/api/admin/session')).status()).toBe(401)
  } finally {
    await theirs.close()
  }
})
