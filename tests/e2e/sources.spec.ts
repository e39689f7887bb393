// Where requests come from, calls counted and privacy, in Chromium against the real server
// (docs/decisions/032-attribution-calls-privacy.md): a visit landing from an ad link on
// /furnace-repair, on to /contact, a request whose source shows on its card and in the Sources
// report; a tap on a tel: link counted by its beacon; the inbox's erasure of one person; the
// /privacy page axe-clean and linked from the footer and under the form. No CSP violation on the way.
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

const AD_LINK = '/furnace-repair?utm_source=google&utm_medium=cpc&utm_campaign=winter-tuneup&gclid=abc'

/** Collects CSP violations from the first script of every page on. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = JSON.parse(sessionStorage.getItem('csp-seen') ?? '[]') as string[]
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI}`)
      sessionStorage.setItem('csp-seen', JSON.stringify(seen))
    })
  })
  return () => page.evaluate(() => JSON.parse(sessionStorage.getItem('csp-seen') ?? '[]') as string[])
}

async function signIn(page: Page) {
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
}

test.describe('a visit from an ad', () => {
  test.use({ viewport: DESKTOP })

  test('lands on /furnace-repair, sends a request from /contact: its card and the Sources report name the ad; a tel: tap is counted', async ({
    page,
  }) => {
    const violations = await watchCsp(page)
    const name = `Walk t${randomUUID().slice(0, 8)}`
    await page.goto(AD_LINK)
    // The visit record is kept once the page's script has run (after the first paint).
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('visit')))
      .toBe(
        JSON.stringify({
          landing: '/furnace-repair',
          utm_source: 'google',
          utm_medium: 'cpc',
          utm_campaign: 'winter-tuneup',
          gclid: 'abc',
        }),
      )
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us' }).click()
    await expect(page).toHaveURL(/\/contact$/)
    await expect(page.locator('form[data-enhanced]')).toHaveCount(1)
    // A page further on keeps the visit's arrival.
    expect(await page.evaluate(() => sessionStorage.getItem('visit'))).toContain('"landing":"/furnace-repair"')

    await page.getByLabel('Full Name *').fill(name)
    await page.getByLabel('Phone Number *').fill('(410) 555-0161')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByText('Message Sent!')).toBeVisible()

    // A tap on the phone number: the beacon reaches the server (the dialer itself is held back here).
    await page.evaluate(() =>
      document.addEventListener('click', (e) => {
        if ((e.target as Element).closest('a[href^="tel:"]')) e.preventDefault()
      }),
    )
    const [beacon] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/events')),
      page.getByRole('main').locator('a[href^="tel:"]').first().click(),
    ])
    expect(beacon.status()).toBe(204)
    expect(beacon.request().postDataJSON()).toEqual({
      type: 'call',
      page: '/contact',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'winter-tuneup',
      clickIdType: 'gclid',
    })
    expect(await beacon.request().headerValue('cookie')).toBeNull()

    await signIn(page)
    await page.getByLabel('Search').fill(name)
    const card = page.getByRole('article').filter({ hasText: name })
    await expect(card).toHaveCount(1)
    await expect(card.locator('[data-arrival]')).toHaveText('Furnace Repair page · Google Ads · campaign winter-tuneup')

    await page.getByRole('button', { name: 'Sources' }).click()
    const report = page.locator('[data-sources-report]')
    const ads = report.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Google Ads/ }) })
    await expect(ads.getByRole('cell').first()).not.toHaveText('0')
    await expect(report.getByText(/\d+ started/)).toBeVisible()
    const bySource = report.getByRole('heading', { name: 'By source' }).locator('..')
    await expect(bySource.getByRole('term').filter({ hasText: 'Google Ads' })).toHaveCount(1)
    const byPage = report.getByRole('heading', { name: 'By page' }).locator('..')
    await expect(byPage.getByRole('term').filter({ hasText: /^\/contact$/ })).toHaveCount(1)
    await expectNoAxeViolations(page)

    // A source in the report opens the inbox filtered by it.
    await page.getByLabel('Search').fill('')
    await ads.getByRole('button').click()
    await expect(report).toHaveCount(0)
    await expect(page.getByLabel('Source')).toHaveValue('Google Ads')
    await expect(page.getByRole('article').filter({ hasText: name })).toHaveCount(1)
    for (const arrival of await page.locator('[data-arrival]').allTextContents())
      expect(arrival).toContain('Google Ads')

    expect(await violations()).toEqual([])
  })
})

test('a visit that started on the site sends its landing page, and never the site itself as the referrer', async ({
  page,
}) => {
  await page.goto('/furnace-repair')
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('visit'))).toBe('{"landing":"/furnace-repair"}')
  await page.getByRole('banner').getByRole('link', { name: 'Contact Us' }).click()
  await expect(page.locator('form[data-enhanced]')).toHaveCount(1)
  // The browser's referrer is now /furnace-repair, a page of the site: not where the visit came from.
  expect(await page.evaluate(() => document.referrer)).toMatch(/\/furnace-repair$/)
  await page.getByLabel('Full Name *').fill(`Direct t${randomUUID().slice(0, 8)}`)
  await page.getByLabel('Phone Number *').fill('(410) 555-0162')
  const [sent] = await Promise.all([
    page.waitForRequest('**/api/contact'),
    page.getByRole('button', { name: 'Send Message' }).click(),
  ])
  expect(sent.postDataJSON()).toMatchObject({ landing: '/furnace-repair', referrer: '', page: '/contact' })
  await expect(page.getByText('Message Sent!')).toBeVisible()
})

test('the inbox erases every request of one person after a confirmation', async ({ page, address }) => {
  const token = `t${randomUUID().slice(0, 8)}`
  for (const name of [`Erin ${token}`, `Erin again ${token}`]) {
    const res = await page.request.post('/api/contact', {
      data: { name, phone: '(443) 555-0177', page: '/contact', elapsedMs: 8_000 },
      headers: { 'x-forwarded-for': address },
    })
    expect(res.status()).toBe(201)
  }
  await signIn(page)
  await page.getByLabel('Search').fill(token)
  await expect(page.getByRole('article')).toHaveCount(2)
  const card = page.getByRole('article').first()
  await card.getByRole('button', { name: 'More' }).click()
  await card.getByRole('button', { name: 'Erase this person' }).click()
  const dialog = page.getByRole('dialog', { name: 'Erase everything of this person?' })
  await expect(dialog).toContainText('the phone number (443) 555-0177')
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Erase for good' }).click()
  await expect(page.getByText('2 requests erased for good')).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(0)
})

for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test(`/privacy says what is kept, is linked from the footer and the form, and is axe-clean (${size})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    const violations = await watchCsp(page)
    await page.goto('/contact')
    await page.getByRole('link', { name: 'What we keep and for how long' }).click()
    await expect(page).toHaveURL(/\/privacy$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What We Keep, and Why')
    for (const heading of ['Your Request', 'How You Found Us', 'Calls Started', 'How Long', 'Ask Us to Forget You'])
      await expect(page.getByRole('heading', { name: heading })).toBeVisible()
    await expect(page.getByRole('main')).toContainText('three years')
    await expect(page.getByRole('main')).toContainText('13 months')
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' })).toHaveAttribute(
      'href',
      '/privacy',
    )
    await expect(page.getByRole('contentinfo')).toContainText('Maryland Master HVACR Contractor License #00-00000')
    await expectNoAxeViolations(page)
    expect(await violations()).toEqual([])
  })
}
