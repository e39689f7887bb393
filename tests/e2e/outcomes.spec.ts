// Outcomes on a phone (390 × 844), in Chromium against the real server (decision 050): a request
// from a Google ad is closed with a reason lost, then completed with its job's value, each on its
// card's "More" and in its history; the Sources report shows what the campaign's requests became
// (booked, completed, revenue; new and returning apart) and offers the Google Ads conversions
// file, which holds the job. axe finds nothing on the way.
import { randomInt, randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

async function signIn(page: Page) {
  await page.goto('/admin')
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
}

const toast = (page: Page, title: string, text: string) =>
  page.getByRole('status').filter({ hasText: title }).filter({ hasText: text })

test.describe('the outcome of a request', () => {
  test.use({ viewport: PHONE })

  test('a reason lost when closed, the job’s value when completed; the Sources report’s revenue and the Google Ads file', async ({
    page,
  }) => {
    // A long walk with three axe runs: more than the default 30 s on a busy machine.
    test.setTimeout(90_000)
    const token = randomUUID().slice(0, 8)
    const name = `Olive Outcome ${token}`
    const campaign = `e2e-${token}`
    const gclid = `Cj0KCQe2e${token}`
    const sent = await page.request.post('/api/contact', {
      data: {
        name,
        phone: `(410) 555-${String(randomInt(1000, 10_000))}`,
        page: '/contact',
        elapsedMs: 9000,
        landing: '/furnace-repair',
        utm_source: 'google',
        utm_medium: 'cpc',
        utm_campaign: campaign,
        gclid,
      },
    })
    expect(sent.status()).toBe(201)

    await signIn(page)
    await page.getByLabel('Search').fill(token)
    const card = page.getByRole('article').filter({ hasText: name })
    await expect(card).toHaveCount(1)

    // Closed: the reason lost, from the short list.
    await card.getByLabel('Status').selectOption('closed')
    await expect(toast(page, 'Success', 'Status updated successfully')).toBeVisible()
    await card.getByRole('button', { name: 'More' }).click()
    const outcome = card.getByRole('group', { name: 'Outcome' })
    await expect(outcome.getByLabel('Job value ($)')).toHaveCount(0)
    await outcome.getByRole('button', { name: 'Save outcome' }).click()
    await expect(outcome.getByText('Choose why the request was lost.')).toBeVisible()
    await expect(outcome.getByLabel('Reason lost')).toHaveAttribute('aria-invalid', 'true')
    await outcome.getByLabel('Reason lost').selectOption({ label: 'Chose another company' })
    await outcome.getByRole('button', { name: 'Save outcome' }).click()
    await expect(toast(page, 'Success', 'Outcome saved')).toBeVisible()
    const history = card.getByRole('region', { name: 'History' }).getByRole('listitem')
    await expect(history.filter({ hasText: 'Reason lost: Chose another company' })).toHaveCount(1)
    await expectNoAxeViolations(page)

    // Won back and completed: the job's value, typed in dollars; a wrong amount is said under its field.
    await card.getByLabel('Status').selectOption('completed')
    await expect(card.getByLabel('Job value ($)')).toBeVisible()
    const value = card.getByLabel('Job value ($)')
    await value.fill('12,50')
    await card.getByRole('button', { name: 'Save outcome' }).click()
    await expect(
      card.getByText('Write the job’s value in dollars, more than $0 and at most $1,000,000 (like 485 or 1,250.50).'),
    ).toBeVisible()
    await expect(value).toHaveAttribute('aria-invalid', 'true')
    await value.fill('$1,250.50')
    await card.getByRole('button', { name: 'Save outcome' }).click()
    await expect(history.filter({ hasText: 'Job value: $1,250.50' })).toHaveCount(1)
    await expect(value).toHaveValue('1250.50')
    await expect(value).not.toHaveAttribute('aria-invalid')
    // The control fits the phone's width.
    const box = await value.boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width)
    await expectNoAxeViolations(page)

    // The Sources report, by campaign: the campaign's one request, new customer, booked and completed, $1,250.50.
    await page.getByRole('button', { name: 'Sources' }).click()
    const report = page.locator('[data-sources-report]')
    await expect(report.getByRole('heading', { name: 'What the requests became' })).toBeVisible()
    await report.getByLabel('Show by').selectOption({ label: 'Campaign' })
    const group = report
      .locator('[data-outcomes] tbody')
      .filter({ has: page.getByRole('rowheader', { name: campaign }) })
    const [first, returning] = await group.getByRole('row').all()
    await expect(first!.getByRole('cell')).toHaveText(['New', '1', '100% (1)', '100% (1)', '$1,250.50'])
    await expect(returning!.getByRole('cell')).toHaveText(['Returning', '0', '–', '–', '$0.00'])
    await expectNoAxeViolations(page)

    // The Google Ads file of the report's period: the job, by its click id.
    const link = report.getByRole('link', { name: 'Google Ads conversions (CSV)' })
    const href = await link.getAttribute('href')
    expect(href).toMatch(/^\/api\/admin\/google-ads-conversions\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/)
    const file = await page.request.get(href!)
    expect(file.status()).toBe(200)
    const lines = (await file.text()).split('\r\n')
    expect(lines.slice(0, 2)).toEqual([
      'Parameters:TimeZone=America/New_York',
      'Google Click ID,GBRAID,WBRAID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
    ])
    expect(lines.filter((l) => l.startsWith(`"${gclid}"`))).toEqual([
      expect.stringMatching(
        new RegExp(`^"${gclid}",,,"Completed job","\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}","1250.50","USD"$`),
      ),
    ])
  })
})
