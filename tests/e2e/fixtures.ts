// The `test` of every end-to-end spec: fails a test when the page logs an unexpected console
// error or throws. A spec that expects an error (the 404 page's own status) lists it.
import { test as base, expect } from '@playwright/test'

type Fixtures = { allowConsoleErrors: RegExp[]; consoleErrors: string[] }

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  // A plain list; the `page` fixture below fills it (a fixture that used `page` here and was
  // used by `page` would be a dependency cycle).
  // eslint-disable-next-line no-empty-pattern
  consoleErrors: async ({}, use) => {
    await use([])
  },
  page: async ({ page, allowConsoleErrors, consoleErrors }, use) => {
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !allowConsoleErrors.some((re) => re.test(msg.text()))) consoleErrors.push(msg.text())
    })
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`))
    await use(page)
    expect(consoleErrors, 'unexpected console errors').toEqual([])
  },
})

export { expect }

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }
