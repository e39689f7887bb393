// The `test` of every end-to-end spec: fails a test when the page logs an unexpected console
// error or throws. A spec that expects an error (the 404 page's own status) lists it in
// `allowConsoleErrors`.
import { randomInt } from 'node:crypto'
import { AxeBuilder } from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

type Fixtures = { allowConsoleErrors: RegExp[]; consoleErrors: string[] }

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = []
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !allowConsoleErrors.some((re) => re.test(msg.text()))) errors.push(msg.text())
      })
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
      await use(errors)
      expect(errors, 'unexpected console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

/**
 * axe on the page as it is now: no violation, each named with the elements it was found on.
 * `exclude`: elements left out, such as a sandboxed frame where axe cannot run (the site editor's
 * preview shows a public page, which the pages' own specs check).
 */
export async function expectNoAxeViolations(page: Page, exclude?: string): Promise<void> {
  const axe = new AxeBuilder({ page })
  const results = await (exclude ? axe.exclude(exclude) : axe).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/**
 * The `test` of the specs that work the inbox: each test sends as an address of its own
 * (`X-Forwarded-For`; the e2e server trusts it, playwright.config.ts), so that the per-address
 * limits of sign-in and the API never count two tests together.
 */
export const addressedTest = test.extend<{ address: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none.
  address: async ({}, use) => use(`10.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`),
  extraHTTPHeaders: async ({ address }, use) => use({ 'x-forwarded-for': address }),
})
