// One page of every template in Chromium, at phone and desktop sizes: no axe violations, and
// the map frame stays unloaded until the visitor scrolls near it. The maps service is not
// reachable from tests, so its frame is answered with a small stand-in page.
import type { Page } from '@playwright/test'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test } from './fixtures.ts'

const TEMPLATE_PAGES = {
  home: '/',
  about: '/about',
  services: '/services',
  contact: '/contact',
  service: '/heating',
  'service-detail': '/hvac-maintenance',
  locality: '/bel-air-hvac',
  county: '/cecil-county-hvac',
  state: '/delaware-hvac',
  'service-areas': '/service-areas',
}

const MAP_STAND_IN = '<!doctype html><html lang="en"><head><title>Map</title></head><body><p>Map</p></body></html>'

async function standInForMaps(page: Page): Promise<string[]> {
  const requested: string[] = []
  await page.route(/^https:\/\/(www|maps)\.google\.com\//, (route) => {
    requested.push(route.request().url())
    return route.fulfill({ contentType: 'text/html', body: MAP_STAND_IN })
  })
  return requested
}

for (const [size, viewport] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`${size} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport })
    for (const [template, path] of Object.entries(TEMPLATE_PAGES)) {
      test(`${template} (${path}) has no axe violations`, async ({ page }) => {
        await standInForMaps(page)
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
        await expectNoAxeViolations(page)
      })
    }
  })
}

test.describe('the map', () => {
  test.use({ viewport: PHONE })

  test('loads only when scrolled near, from the maps service, 400 pixels high, with a title', async ({ page }) => {
    const requested = await standInForMaps(page)
    await page.goto('/bel-air-hvac')
    const box = page.locator('[data-map-src]')
    await expect(box).toHaveAttribute('data-map-src', 'https://www.google.com/maps?q=Bel+Air%2C+MD&output=embed')
    await expect(page.locator('html')).toHaveAttribute('data-menu', 'ready')
    // Scripts have run; far from the map there is no frame at all, and nothing was asked of the service.
    await expect(page.locator('main iframe')).toHaveCount(0)
    expect(requested).toEqual([])
    await box.scrollIntoViewIfNeeded()
    const map = page.getByTitle('Map of Bel Air, Maryland')
    await expect(map).toHaveAttribute('src', 'https://www.google.com/maps?q=Bel+Air%2C+MD&output=embed')
    await expect.poll(() => requested).toEqual(['https://www.google.com/maps?q=Bel+Air%2C+MD&output=embed'])
    expect((await map.boundingBox())?.height).toBe(400)
    expect(await map.boundingBox()).toEqual(
      await box.boundingBox().then((b) => b && { x: b.x + 1, y: b.y + 1, width: b.width - 2, height: b.height - 2 }),
    )
    await expect(page.frameLocator('iframe[title="Map of Bel Air, Maryland"]').getByText('Map')).toBeVisible()
  })

  test('without JavaScript, shows the map from its <noscript> frame', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: PHONE,
      javaScriptEnabled: false,
      baseURL: test.info().project.use.baseURL!,
    })
    const page = await context.newPage()
    const requested = await standInForMaps(page)
    await page.goto('/bel-air-hvac')
    const shown = page.getByTitle('Map of Bel Air, Maryland')
    await expect(shown).toHaveCount(1)
    await shown.scrollIntoViewIfNeeded()
    await expect(shown).toBeVisible()
    expect((await shown.boundingBox())?.height).toBe(400)
    // On top: the point at the map's centre belongs to the shown frame.
    expect(
      await shown.evaluate((f) => {
        const r = f.getBoundingClientRect()
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === f
      }),
    ).toBe(true)
    await expect.poll(() => requested).toEqual(['https://www.google.com/maps?q=Bel+Air%2C+MD&output=embed'])
    await expect(page.frameLocator('iframe[src]').getByText('Map')).toBeVisible()
    await context.close()
  })
})

test.describe('area pages in the browser', () => {
  test.use({ viewport: DESKTOP })

  test('an alias shows its page and names the primary address as canonical', async ({ page }) => {
    await page.goto('/harford-county')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Heating & Air Conditioning Services in Harford County',
    )
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/harford-county-hvac$/)
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText([
      'Home',
      'Service Areas',
    ])
  })

  test('a community card on /service-areas leads to its page', async ({ page }) => {
    await page.goto('/service-areas')
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Darlington' }) })
    await card.getByRole('link', { name: 'Local HVAC Services' }).click()
    await expect(page).toHaveURL(/\/darlington-hvac$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Heating & Air Conditioning Services in Darlington, MD',
    )
  })
})
