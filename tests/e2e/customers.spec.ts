// Customers in the inbox in Chromium at 390×844 (decision 052): a request sent again within the
// hour says so on its card and opens the first; a customer's view (every request, client details,
// notes, visits) with axe; "Merge with…" finds the other customer by the inbox's search, merges it
// after a confirmation (the later request's card then says "Returning · 2nd request" and opens the
// customer), and the toast's Undo and the view's "Undo merge" take it back.
import { randomInt, randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { expect, expectNoAxeViolations, PHONE, addressedTest as test } from './fixtures.ts'

/** A phone number no other test sends from (a customer of its own). */
const ownPhone = () => `(443) ${randomInt(200, 999)}-${randomInt(1000, 9999)}`

async function send(page: Page, name: string, phone: string, message: string): Promise<void> {
  const sent = await page.request.post('/api/contact', {
    data: { name, phone, service: 'ac-repair', message, page: '/contact', referrer: '', website: '', elapsedMs: 8_000 },
  })
  expect(sent.status(), await sent.text()).toBe(201)
}

/** The id of the request named `name`, as the inbox's API lists it (signed in). */
async function idOf(page: Page, name: string): Promise<string> {
  const res = await page.request.get(`/api/admin/submissions?q=${encodeURIComponent(name)}`)
  const items = ((await res.json()) as { items: { id: string; name: string }[] }).items
  return items.find((i) => i.name === name)!.id
}

test.describe('customers at 390×844', () => {
  test.use({ viewport: PHONE })

  test('sent again opens the first; the customer view; merge with another customer, undo from the toast and the view', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const tag = randomUUID().slice(0, 8)
    const ann = `Ann Customer ${tag}`
    const bo = `Bo Customer ${tag}`
    const annPhone = ownPhone()
    await send(page, ann, annPhone, 'The AC blows warm air.')
    await send(page, `${ann} again`, annPhone, 'Did my first message go through?')
    await send(page, bo, ownPhone(), 'Spring tune-up please.')

    await page.goto('/admin')
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag)

    // The second send says so, and opens the first request.
    const again = page.getByRole('article', { name: `${ann} again` })
    await again.getByRole('button', { name: 'Sent again · open the first request' }).click()
    const opened = page.getByRole('region', { name: 'Opened request' })
    await expect(opened.getByRole('article', { name: ann })).toBeVisible()
    await opened.getByRole('button', { name: 'Close' }).click()

    // Ann's customer: her requests, under her name.
    await page.goto(`/admin?customer=${await idOf(page, ann)}`)
    const view = page.getByRole('region', { name: `Customer: ${ann}` })
    await expect(view.getByRole('heading', { name: 'Requests (2)' })).toBeVisible()
    await expect(view).toContainText(annPhone)
    await expect(view).toContainText('sent again')
    await expect(view).toContainText('No visits booked.')
    await expectNoAxeViolations(page)

    // Merge with Bo, found by the inbox's search.
    await view.getByRole('button', { name: 'Merge with…' }).click()
    await view.getByLabel('Find the other customer (name, phone or e-mail)').fill(bo)
    await view.getByRole('button', { name: 'Search' }).click()
    await view.getByRole('button', { name: `Merge ${bo}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Merge these customers?' })
    await expect(dialog).toContainText(`Every request of ${bo} becomes a request of ${ann}`)
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Merge' }).click()
    const merged = page.getByRole('status').filter({ hasText: 'Customers merged: 1 request moved' })
    await expect(merged).toBeVisible()
    await expect(view.getByRole('heading', { name: 'Requests (3)' })).toBeVisible()
    await expect(view.getByRole('heading', { name: 'Merged into this customer' })).toBeVisible()
    await merged.hover()
    await expectNoAxeViolations(page)
    // Bo's card, the later request, is now Ann's customer's second.
    const boCard = page.getByRole('article', { name: bo })
    await expect(boCard.getByRole('button', { name: 'Returning · 2nd request' })).toBeVisible()

    // The toast's Undo takes it back.
    await merged.getByRole('button', { name: 'Undo' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Merge undone' })).toBeVisible()
    await expect(view.getByRole('heading', { name: 'Requests (2)' })).toBeVisible()
    await expect(boCard.getByRole('button', { name: /Returning/ })).toBeHidden()

    // Merged again, and undone from the view this time; the card's line opens the customer.
    await view.getByRole('button', { name: 'Merge with…' }).click()
    await view.getByLabel('Find the other customer (name, phone or e-mail)').fill(bo)
    await view.getByRole('button', { name: 'Search' }).click()
    await view.getByRole('button', { name: `Merge ${bo}` }).click()
    await dialog.getByRole('button', { name: 'Merge' }).click()
    await expect(view.getByRole('heading', { name: 'Requests (3)' })).toBeVisible()
    await view.getByRole('button', { name: 'Close' }).click()
    await expect(view).toBeHidden()
    await boCard.getByRole('button', { name: 'Returning · 2nd request' }).click()
    await expect(view.getByRole('heading', { name: 'Requests (3)' })).toBeVisible()
    // Opened from a card down the list: in sight, the focus on it.
    await expect(view).toBeInViewport()
    await expect(view).toBeFocused()
    await view.getByRole('button', { name: 'Undo merge' }).click()
    await expect(view.getByRole('heading', { name: 'Requests (2)' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Merge undone' })).toBeVisible()
    // No sideways scrolling at 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
