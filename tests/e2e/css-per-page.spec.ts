// Each prerendered page carries only the rules of the site's stylesheet that its markup and its
// scripts can use (src/server/page-css.ts, decision 065). The cut must change nothing a visitor
// sees: on a page of every kind, at phone and computer widths, and after what its script adds
// (the menu and a submenu opened, the form's problems shown, the ZIP checker's answer), and on
// /contact as the server renders it for a form sent without JavaScript, every element's computed
// style, and its ::before, ::after, ::placeholder and ::marker, are the same with the page's own
// rules as with the whole stylesheet put in their place.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { DESKTOP, expect, PHONE, test } from './fixtures.ts'

const STATIC = path.resolve('dist/client/assets/static')
const whole = readFileSync(
  path.join(
    STATIC,
    readdirSync(STATIC).find((f) => /^src_layout_global.*\.css$/.test(f))!,
  ),
  'utf8',
)

// The stylesheet is replaced from the test's side; the page's CSP allows only its own by hash.
test.use({ bypassCSP: true })

/** Elements whose computed style differs once the page's rules are replaced by the whole stylesheet. */
async function differences(page: Page): Promise<string[]> {
  return page.evaluate((css) => {
    const pseudos = ['', '::before', '::after', '::placeholder', '::marker']
    const elements = [...document.querySelectorAll('body, body *')]
    // Custom properties are left out: one that no kept rule reads is cut and changes nothing, and
    // one a kept rule reads shows in that rule's own property.
    const names = Array.from(getComputedStyle(document.body)).filter((name) => !name.startsWith('--'))
    const applies = (el: Element, pseudo: string) =>
      pseudo === '::placeholder'
        ? el.matches('input, textarea')
        : pseudo === '::marker'
          ? el.matches('li, summary')
          : true
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('class') ? `.${el.getAttribute('class')!.split(/\s+/).slice(0, 3).join('.')}` : ''}`
    const snapshot = () =>
      elements.map((el) =>
        pseudos.map((pseudo) => {
          if (!applies(el, pseudo)) return []
          const style = getComputedStyle(el, pseudo || null)
          return names.map((name) => `${name}:${style.getPropertyValue(name)}`)
        }),
      )
    const before = snapshot()
    const style = document.querySelector('head style')!
    if (style.textContent === css) throw new Error('this page carries the whole stylesheet: nothing was cut')
    style.textContent = css
    const after = snapshot()
    const found: string[] = []
    elements.forEach((el, i) =>
      pseudos.forEach((pseudo, j) => {
        const a = before[i]![j]!
        const b = after[i]![j]!
        const changed = b.filter((value, k) => value !== a[k])
        if (changed.length > 0 || a.length !== b.length)
          found.push(`${describe(el)}${pseudo}: ${changed.slice(0, 4).join('; ')}`)
      }),
    )
    return found
  }, whole)
}

/** `path` opened, once its script has run (the menu marks itself ready): what it changes is looked at too. */
async function openReady(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.locator('html[data-menu="ready"]')).toBeAttached()
}

const PAGES = [
  '/',
  '/heating',
  '/emergency-service',
  '/bel-air-hvac',
  '/service-areas',
  '/services',
  '/about',
  '/privacy',
  '/contact',
  '/contact/sent',
  // Rendered by the server per request, with the prerendered /contact's rules (page-render.ts).
  '/contact/book',
]

for (const [width, viewport] of [
  ['phone', PHONE],
  ['computer', DESKTOP],
] as const) {
  test.describe(`at ${width} width`, () => {
    test.use({ viewport })
    for (const path of PAGES)
      test(`${path}: its own rules style it as the whole stylesheet does`, async ({ page }) => {
        await openReady(page, path)
        expect(await differences(page)).toEqual([])
      })
  })
}

test.describe('after what the scripts add, on a phone', () => {
  test.use({ viewport: PHONE })

  test('the menu opened', async ({ page }) => {
    await openReady(page, '/')
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Services' }).first()).toBeVisible()
    expect(await differences(page)).toEqual([])
  })

  test("the form's problems shown", async ({ page }) => {
    await page.goto('/contact')
    await expect(page.locator('form[data-enhanced]')).toBeAttached()
    await page.getByRole('button', { name: /send/i }).click()
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible()
    expect(await differences(page)).toEqual([])
  })

  test("the ZIP checker's answer", async ({ page }) => {
    await openReady(page, '/service-areas')
    await page.getByLabel('ZIP code').fill('21014')
    await page.getByRole('button', { name: 'Check' }).click()
    await expect(page.locator('[data-zip-answer]')).toContainText('Yes, we serve 21014')
    expect(await differences(page)).toEqual([])
  })
})

test.describe('after what the scripts add, on a computer', () => {
  test.use({ viewport: DESKTOP })

  test('a submenu opened', async ({ page }) => {
    await openReady(page, '/')
    // A pointer over a menu item opens its dropdown (by CSS; the script reports it on the button).
    await page.locator('[data-dropdown]').first().hover()
    await expect(page.locator('.dropdown-toggle').first()).toHaveAttribute('aria-expanded', 'true')
    expect(await differences(page)).toEqual([])
  })
})

test.describe('/contact as the server renders it, on a phone', () => {
  test.use({ viewport: PHONE, allowConsoleErrors: [/status of 400 \(Bad Request\)/] })

  test('/contact as the server renders it for a form sent without JavaScript, with its problems', async ({ page }) => {
    await page.goto('/contact')
    // A plain form submission (no submit event, no browser checks), as without JavaScript.
    const [answer] = await Promise.all([
      page.waitForResponse('**/api/contact'),
      page.locator('form[action="/api/contact"]').evaluate((f: HTMLFormElement) => f.submit()),
    ])
    expect(answer.status()).toBe(400)
    await expect(page.locator('#contact-problems')).toBeVisible()
    await expect(page.locator('html[data-menu="ready"]')).toBeAttached()
    expect(await differences(page)).toEqual([])
  })
})
