import { AC_DETAILS, HEATING_DETAILS } from '../helpers/spec.ts'
import { test, expect, expectNoAxeViolations, PHONE, DESKTOP } from './fixtures.ts'

const HEATING = [
  'Furnace Repair',
  'Furnace Replacement',
  'Heat Pump Repair',
  'Heat Pump Replacement',
  'HVAC Maintenance',
  'Geothermal',
]
const AC = ['AC Repair', 'AC Replacement', 'HVAC Maintenance', 'Geothermal']
const AC_PATHS = [...AC_DETAILS, '/hvac-maintenance', '/geothermal']
const MENU = ['HOME', 'ABOUT', 'HEATING', 'AIR CONDITIONING', 'SERVICE AREAS', 'CONTACT']

test.describe('header on a desktop', () => {
  test.use({ viewport: DESKTOP })

  test('shows the menu, the phone link and the Contact Us button', async ({ page }) => {
    await page.goto('/about')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.locator('.nav-link')).toHaveText(MENU)
    await expect(page.getByRole('link', { name: 'Longbar Heating & Cooling, home' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Call (410) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+14105550142',
    )
    await expect(page.getByRole('banner').getByRole('link', { name: 'Contact Us' }).first()).toHaveAttribute(
      'href',
      '/contact',
    )
  })

  test('marks the current page in the menu', async ({ page }) => {
    await page.goto('/about')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'ABOUT' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.locator('[aria-current]')).toHaveCount(1)
    await page.goto('/')
    await expect(nav.getByRole('link', { name: 'HOME' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByRole('link', { name: 'ABOUT' })).not.toHaveAttribute('aria-current')
  })

  test('opens the Heating and Air Conditioning dropdowns on hover, with SPEC’s entries', async ({ page }) => {
    await page.goto('/')
    const heating = page.locator('#submenu-heating')
    const ac = page.locator('#submenu-air-conditioning')
    await expect(heating).toBeHidden()
    await page.getByRole('link', { name: 'HEATING', exact: true }).hover()
    await expect(heating).toBeVisible()
    await expect(heating.getByRole('link')).toHaveText(HEATING)
    expect(await heating.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
      HEATING_DETAILS,
    )
    await page.getByRole('link', { name: 'AIR CONDITIONING', exact: true }).hover()
    await expect(heating).toBeHidden()
    await expect(ac).toBeVisible()
    await expect(ac.getByRole('link')).toHaveText(AC)
    expect(await ac.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(AC_PATHS)
    await page.getByRole('heading', { level: 1 }).hover()
    await expect(ac).toBeHidden()
  })

  test('opens a dropdown on keyboard focus, walks into it, and closes it on Escape', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-menu', 'ready')
    const heating = page.locator('#submenu-heating')
    await page.getByRole('link', { name: 'HEATING', exact: true }).focus()
    await expect(heating).toBeVisible()
    await page.keyboard.press('Tab') // the dropdown's toggle button
    await expect(page.getByRole('button', { name: 'HEATING services' })).toBeFocused()
    await expect(page.getByRole('button', { name: 'HEATING services' })).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Tab')
    await expect(heating.getByRole('link', { name: 'Furnace Repair' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(heating).toBeHidden()
    await expect(page.getByRole('button', { name: 'HEATING services' })).toBeFocused()
    await expect(page.getByRole('button', { name: 'HEATING services' })).toHaveAttribute('aria-expanded', 'false')
  })

  test('opens and closes a dropdown with a tap on its button, for touch screens', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 1180, height: 820 },
      hasTouch: true,
      baseURL: test.info().project.use.baseURL!,
    })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-menu', 'ready')
    const toggle = page.getByRole('button', { name: 'AIR CONDITIONING services' })
    const dropdown = page.locator('#submenu-air-conditioning')
    await expect(dropdown).toBeHidden()
    await toggle.tap()
    await expect(dropdown).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await dropdown.getByRole('link', { name: 'AC Repair' }).isVisible()
    await toggle.tap()
    await expect(dropdown).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await context.close()
  })

  test('opens and closes a dropdown with Enter on its button', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-menu', 'ready')
    const toggle = page.getByRole('button', { name: 'HEATING services' })
    await toggle.focus()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Enter')
    await expect(page.locator('#submenu-heating')).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('Enter')
    await expect(page.locator('#submenu-heating')).toBeVisible()
  })

  test('hides the phone menu toggle', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
  })
})

test.describe('header on a phone', () => {
  test.use({ viewport: PHONE })

  test('keeps the menu behind a toggle that lists the dropdown entries indented', async ({ page }) => {
    await page.goto('/about')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav).toBeHidden()
    const toggle = page.getByRole('button', { name: 'Menu' })
    await toggle.click()
    await expect(nav).toBeVisible()
    await expect(nav.locator('.nav-link')).toHaveText(MENU)
    await expect(nav.getByRole('link', { name: 'ABOUT' })).toHaveAttribute('aria-current', 'page')
    for (const label of [...HEATING, ...AC])
      await expect(nav.getByRole('link', { name: label, exact: true }).first()).toBeVisible()
    const top = await nav.getByRole('link', { name: 'HEATING', exact: true }).boundingBox()
    const child = await nav.getByRole('link', { name: 'Furnace Repair' }).boundingBox()
    expect(child!.x).toBeGreaterThan(top!.x + 10)
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact')
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
  })

  test('keeps the call link in reach', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Call (410) 555-0142' })).toBeVisible()
  })

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: PHONE,
      javaScriptEnabled: false,
      baseURL: test.info().project.use.baseURL!,
    })
    const page = await context.newPage()
    await page.goto('/')
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Heat Pump Repair' }),
    ).toBeVisible()
    await context.close()
  })
})

test.describe('header across widths', () => {
  // WCAG 1.4.10: no sideways scrolling down to 320 px. The header is the widest row of every page
  // and changes at each breakpoint (sm, md, nav, xl). Its need is largest at the first width of
  // each range, so each breakpoint's first width is tried, plus every 8 px from 300 to 1,500.
  const breakpoints = [320, 360, 640, 768, 1024, 1152, 1280]
  const widths = [...new Set([...breakpoints, ...Array.from({ length: 151 }, (_, i) => 300 + 8 * i)])].sort(
    (a, b) => a - b,
  )
  for (const path of ['/', '/service-areas']) {
    test(`${path} never scrolls sideways and keeps the header's actions whole`, async ({ page }) => {
      test.setTimeout(90_000)
      await page.goto(path)
      const overflowing: number[] = []
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 })
        const over = await page.evaluate(() => {
          const row = document.querySelector('header .container-page')!
          return (
            document.documentElement.scrollWidth > document.documentElement.clientWidth ||
            row.scrollWidth > row.clientWidth
          )
        })
        if (over) overflowing.push(width)
      }
      expect(overflowing, 'widths (px) where the page is wider than the window').toEqual([])
    })
  }

  test('shows the menu word beside its icon from 360 px, and keeps it as the name below', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 })
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    await expect(toggle).toBeVisible()
    expect((await toggle.getByText('Menu').boundingBox())!.width, 'the word, visually hidden').toBeLessThanOrEqual(1)
    await page.setViewportSize({ width: 360, height: 700 })
    expect((await toggle.getByText('Menu').boundingBox())!.width, 'the word, shown').toBeGreaterThan(20)
  })
})

test.describe('header and footer on /admin', () => {
  // The signed-out admin's session check answers 401, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 401/] })

  // /admin loads its own utilities after the public ones (src/admin/admin.css); a plain one there
  // (hidden, gap-2) must not win over the layout's responsive one (md:inline, sm:gap-4).
  test('lays out the header and footer on /admin as on a public page', async ({ page }) => {
    const props = [
      'display',
      'height',
      'width',
      'gap',
      'padding-left',
      'padding-right',
      'grid-template-columns',
      'visibility',
    ]
    const layout = (path: string) =>
      page
        .goto(path)
        .then(() =>
          page.evaluate(
            (props) =>
              [...document.querySelectorAll('header *, footer *')].map(
                (e) => `${e.tagName} ${props.map((p) => getComputedStyle(e).getPropertyValue(p)).join(' ')}`,
              ),
            props,
          ),
        )
    for (const width of [390, 700, 1000, 1200, 1300]) {
      await page.setViewportSize({ width, height: 800 })
      expect(await layout('/admin'), `at ${width} px`).toEqual(await layout('/about'))
    }
  })
})

test.describe('navigation', () => {
  test('starts a followed link at the top of the page', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto('/')
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    await page.getByRole('contentinfo').getByRole('link', { name: 'All Services' }).click()
    await expect(page).toHaveURL(/\/services$/)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('offers a skip link that moves focus to the content', async ({ page }) => {
    await page.goto('/about')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.locator('main')).toBeFocused()
  })
})

test.describe('not-found page', () => {
  test.use({ allowConsoleErrors: [/status of 404/] })

  test('shows 404, the message and a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page')
    expect(response!.status()).toBe(404)
    await expect(page.getByText('404', { exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404: Oops! Page not found')
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })
})

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`accessibility on a ${name}`, () => {
    test.use({ viewport, allowConsoleErrors: [/status of 404/] })
    for (const path of ['/', '/about', '/services', '/no-such-page']) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path)
        await expectNoAxeViolations(page)
      })
    }
  })
}
