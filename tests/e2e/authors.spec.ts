// Who did what in Chromium at 390×844 (issue 26 step 3, decision 062): the owner invites the office
// manager, who sets a password; the office manager marks a request read, calls and adds a note; the
// owner assigns it to them under "More"; the card says "Assigned to Pat Office", the office
// manager's "Mine" shows it, and the timeline names each author. The office manager's "On duty" in
// People. With axe and no sideways scrolling.
import { randomInt, randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true })
}
const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

test.use({ viewport: PHONE })

test('two people on one request: the timeline names each, the owner assigns it, and it is in "Mine"', async ({
  page,
  browser,
}) => {
  // Two browsers, an invitation and several axe runs on a phone-size page.
  test.setTimeout(120_000)
  const token = `t${randomUUID().slice(0, 8)}`
  const name = `Robin Authors ${token}`
  const sent = await page.request.post('/api/contact', {
    data: {
      name,
      phone: '4105550166',
      message: 'Furnace short-cycling',
      page: '/contact',
      referrer: '',
      website: '',
      elapsedMs: 8_000,
    },
  })
  expect(sent.status(), await sent.text()).toBe(201)

  // The owner signs in and invites the office manager.
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'People' }).click()
  const people = page.locator('[data-people]')
  const patName = `Pat ${token}`
  await people.getByLabel('Name').fill(patName)
  await people.getByLabel('E-mail').fill(`pat.${token}@example.com`)
  await people.getByRole('button', { name: 'Make invitation link' }).click()
  const shown = people.locator('[data-invitation-link] .font-mono')
  await expect(shown).toHaveText(/\/admin\/invite\/[\w-]{43}$/)
  const link = (await shown.textContent())!
  await people.getByRole('button', { name: 'Close' }).click()

  const theirs = await browser.newContext({
    viewport: PHONE,
    extraHTTPHeaders: { 'x-forwarded-for': `10.9.${randomInt(0, 256)}.${randomInt(1, 255)}` },
  })
  try {
    // The office manager sets a password and works the request: read, a call, a note.
    const pat = await theirs.newPage()
    await pat.goto(link)
    const chosen = 'pat chose a long password'
    await pat.getByLabel(/New password/).fill(chosen)
    await pat.getByLabel('The same password again').fill(chosen)
    await pat.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(pat.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
    await pat.getByRole('searchbox', { name: 'Search' }).fill(token)
    const theirCard = pat.getByRole('article', { name })
    await theirCard.getByRole('button', { name: 'Mark as Read' }).click()
    await expect(theirCard.getByRole('list', { name: 'Labels' })).not.toContainText('Unread')
    const call = theirCard.getByRole('link', { name: 'Call Robin' })
    // The phone app is not there in headless Chromium: the tap is recorded, the link not followed.
    await call.evaluate((el) => el.addEventListener('click', (event) => event.preventDefault(), { once: true }))
    const recorded = pat.waitForResponse((r) => r.url().endsWith('/contacts'))
    await call.click()
    await recorded
    await theirCard
      .getByRole('group', { name: 'How did the call go?' })
      .getByRole('button', { name: 'left message' })
      .click()
    await theirCard.getByRole('button', { name: 'More' }).click()
    await theirCard.getByLabel('Add a note').fill('Left a voicemail, will try after 4.')
    await theirCard.getByRole('button', { name: 'Save note' }).click()
    await expect(theirCard.getByRole('region', { name: `History of ${name}` })).toContainText(
      `${patName} · Note: Left a voicemail`,
    )

    // The owner assigns it to Pat under "More"; the card says so, the timeline names each.
    await page.getByRole('searchbox', { name: 'Search' }).fill(token)
    const card = page.getByRole('article', { name })
    await card.getByRole('button', { name: 'More' }).click()
    const assign = card.getByLabel('Assigned to')
    await expect(assign.getByRole('option', { name: patName })).toHaveCount(1)
    await assign.selectOption({ label: patName })
    await expect(card.getByText(`Assigned to ${patName}`, { exact: true })).toBeVisible()
    const history = card.getByRole('region', { name: `History of ${name}` })
    await expect(history).toContainText(`Owner · Assigned to ${patName}`)
    await expect(history).toContainText(`${patName} · Note: Left a voicemail, will try after 4.`)
    await expect(history).toContainText(`${patName} · Call: left message`)
    await expect(history).toContainText(`${patName} · Called`)
    await expect(history).toContainText(`${patName} · Marked as read`)
    await noSideways(page)
    await expectNoAxeViolations(page)
    if (process.env.SCREENSHOTS) await card.screenshot({ path: `${process.env.SCREENSHOTS}/authors-owner-card.png` })

    // Pat's "Mine" shows it; the owner's does not.
    await pat.reload()
    await expect(pat.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
    await pat.getByRole('searchbox', { name: 'Search' }).fill(token)
    await pat.getByRole('button', { name: 'Filters' }).click()
    await pat.getByLabel('Assigned', { exact: true }).selectOption({ label: 'Mine' })
    await expect(pat.getByRole('article', { name })).toBeVisible()
    await expect(pat.getByRole('article', { name }).getByText(`Assigned to ${patName}`, { exact: true })).toBeVisible()
    await noSideways(pat)
    await expectNoAxeViolations(pat)
    await shot(pat, 'authors-mine')
    await page.getByRole('button', { name: 'Filters' }).click()
    await page.getByLabel('Assigned', { exact: true }).selectOption({ label: 'Mine' })
    await expect(page.getByRole('article', { name })).toBeHidden()

    // Pat's own "On duty", in People.
    await pat.getByRole('button', { name: 'Menu' }).click()
    await pat.getByRole('button', { name: 'People' }).click()
    const duty = pat.getByLabel('On duty: get a push for each new request')
    await expect(duty).toBeChecked()
    const saved = pat.waitForResponse((r) => r.url().endsWith('/me/on-duty'))
    await duty.uncheck()
    expect((await saved).status()).toBe(200)
    await expect(duty).not.toBeChecked()
    await expectNoAxeViolations(pat)
    await shot(pat, 'authors-on-duty')
  } finally {
    await theirs.close()
  }
})

test.describe('at 1280×800', () => {
  test.use({ viewport: DESKTOP })

  test('"Assigned" stands in the one row of filters with the others', async ({ page }) => {
    const sent = await page.request.post('/api/contact', {
      data: {
        name: `Wide ${randomUUID().slice(0, 8)}`,
        phone: '4105550167',
        page: '/contact',
        referrer: '',
        website: '',
        elapsedMs: 8_000,
      },
    })
    expect(sent.status()).toBe(201)
    await page.goto('/admin')
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
    // The first page of requests in: the page's scroll bar, if any, has taken its width.
    await expect(page.getByRole('article').first()).toBeVisible()
    const filters = page.getByRole('search', { name: 'Filter submissions' })
    const row = async (label: string) => (await filters.getByLabel(label, { exact: true }).boundingBox())!.y
    const search = await row('Search')
    for (const label of ['Status', 'Service', 'Source', 'Assigned']) expect(await row(label), label).toBe(search)
    await expect(filters.getByLabel('Assigned', { exact: true }).locator('option')).toHaveText(["Everyone's", 'Mine'])
    // Each select shows its whole first option (what it filters), measured in the page's own font.
    await page.evaluate(async () => {
      await document.fonts.ready
    })
    for (const label of ['Status', 'Service', 'Source', 'Assigned']) {
      const fits = await filters.getByLabel(label, { exact: true }).evaluate((el: HTMLSelectElement) => {
        const style = getComputedStyle(el)
        const ctx = document.createElement('canvas').getContext('2d')!
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        // The padding and the arrow (about 20 px) take the rest of the box.
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20
        return ctx.measureText(el.options[0]!.text).width <= room
      })
      expect(fits, label).toBe(true)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width)
    await expectNoAxeViolations(page)
    if (process.env.SCREENSHOTS)
      await page.screenshot({
        path: `${process.env.SCREENSHOTS}/authors-filters-1280.png`,
        clip: { x: 0, y: 0, width: 1280, height: 400 },
      })
  })
})
