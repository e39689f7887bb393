// Home, About and Services as SPEC §2 describes them, read the way a visitor reads them.
import type { Locator } from '@playwright/test'
import { SERVICE_PAGES } from '../helpers/spec.ts'
import { test, expect, DESKTOP } from './fixtures.ts'

test.use({ viewport: DESKTOP })

const hrefs = (loc: Locator) => loc.evaluateAll((els) => els.map((e) => e.getAttribute('href')))

test('home: hero, quick help, six services, three reviews, closing call to action', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('HVAC Repair & Installation in Harford County, MD | Longbar Heating & Cooling')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Trusted HVAC Services in Harford County & Surrounding Areas',
  )
  const hero = page.locator('section.hero')
  await expect(hero.getByRole('link', { name: 'Request Service' })).toHaveAttribute('href', '/contact')
  await expect(hero.getByRole('link', { name: 'Call (410) 555-0142', exact: true })).toHaveAttribute(
    'href',
    'tel:+14105550142',
  )
  await expect(hero.getByRole('listitem')).toHaveText(['Licensed & Insured', 'Same-Day Service', '24/7 Emergency'])

  const help = page.getByRole('region', { name: 'What do you need help with?' })
  await expect(help.getByRole('heading', { level: 3 })).toHaveText([
    'Get a Repair',
    'Schedule Maintenance',
    'New AC System',
    'Heating Service',
  ])
  expect(await hrefs(help.getByRole('heading', { level: 3 }).getByRole('link'))).toEqual([
    '/contact',
    '/maintenance',
    '/air-conditioning',
    '/heating',
  ])
  await expect(help.getByRole('link', { name: 'Call Now!' })).toHaveAttribute('href', 'tel:+14105550142')
  await expect(help.getByRole('link', { name: 'Call Now!' })).toHaveCount(1)

  const services = page.getByRole('region', { name: 'Complete Heating & Cooling Services' })
  await expect(services.getByRole('heading', { level: 3 })).toHaveText([
    'AC Repair & Installation',
    'Heating Services',
    'Commercial HVAC',
    'Indoor Air Quality',
    'HVAC Maintenance Plans',
    'Emergency HVAC Service',
  ])

  const reviews = page.getByRole('region', { name: 'What Our Customers Say' })
  await expect(reviews.getByRole('figure')).toHaveCount(3)
  await expect(reviews.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(3)

  const cta = page.getByRole('region', { name: 'Request a Free HVAC Estimate' })
  await expect(cta.getByRole('link', { name: 'Get My Free Estimate' })).toHaveAttribute('href', '/contact')
  await expect(cta.getByRole('link', { name: 'Call (410) 555-0142' })).toHaveAttribute('href', 'tel:+14105550142')

  await expect(
    page
      .getByRole('complementary', { name: '24/7 Emergency Service' })
      .getByRole('link', { name: 'Call (410) 555-0142 Now' }),
  ).toBeVisible()
})

test('about: hero, four feature cards, the commitment and a call button', async ({ page }) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Neighbors in Heating & Cooling')
  const features = page.getByRole('region', { name: 'Why Homeowners Choose Us' })
  await expect(features.getByRole('heading', { level: 3 })).toHaveText([
    'Licensed & Insured',
    'Emergency Service',
    'Local Expertise',
    'Experienced Team',
  ])
  const commitment = page.getByRole('region', { name: 'Our Commitment to You' })
  await expect(commitment.getByRole('paragraph').first()).toContainText('upfront price')
  await expect(commitment.getByRole('link', { name: 'Call (410) 555-0142' })).toHaveAttribute(
    'href',
    'tel:+14105550142',
  )
  await expect(page.getByText(/For \d+ years we've kept homes/)).toBeVisible()
})

test('services: six cards with feature lists and Learn More links, a free estimate link and a call button', async ({
  page,
}) => {
  await page.goto('/services')
  const grid = page.getByRole('region', { name: 'What We Do' })
  await expect(grid.getByRole('heading', { level: 3 })).toHaveText([
    'Air Conditioning',
    'Heating',
    'Commercial HVAC',
    'Indoor Air Quality',
    'Maintenance Plans',
    'Emergency Service',
  ])
  const learnMore = grid.getByRole('link', { name: /^Learn More/ })
  await expect(learnMore).toHaveCount(6)
  expect(await hrefs(learnMore)).toEqual(SERVICE_PAGES)
  for (const card of await grid
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .all()) {
    expect(await card.getByRole('list').getByRole('listitem').count()).toBeGreaterThanOrEqual(3)
  }
  await expect(page.getByRole('link', { name: 'Get Free Estimate' }).first()).toHaveAttribute('href', '/contact')
  await expect(page.locator('main').getByRole('link', { name: 'Call (410) 555-0142' }).first()).toHaveAttribute(
    'href',
    'tel:+14105550142',
  )
})

test('footer: contact details, social link, service links, area links and copyright', async ({ page }) => {
  await page.goto('/about')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: '(410) 555-0142' })).toHaveAttribute('href', 'tel:+14105550142')
  await expect(footer.getByRole('link', { name: 'info@longbar-hvac.example' })).toHaveAttribute(
    'href',
    'mailto:info@longbar-hvac.example',
  )
  await expect(footer.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
    'href',
    'https://www.facebook.com/longbarhvac',
  )
  await expect(footer.getByRole('navigation', { name: 'Services' }).getByRole('link')).toHaveCount(7)
  await expect(
    footer.getByRole('navigation', { name: 'Service Areas' }).getByRole('link', { name: 'All Service Areas' }),
  ).toHaveAttribute('href', '/service-areas')
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Longbar Heating & Cooling. All rights reserved.`)
  await expect(footer).toContainText('Monday – Friday: 7:00 AM – 6:00 PM')
  await expect(footer).toContainText('Sunday: Emergency service only')
})
