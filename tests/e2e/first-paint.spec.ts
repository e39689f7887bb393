// A public page's script is asked for only after its first paint has been shown (decision 059,
// fourth amendment): asked for from a requestAnimationFrame callback, it went out before the frame
// was presented, and Lighthouse's simulation of a slow phone counted it before the page's first
// paint and LCP. The script still arrives and works: the header's menu is enhanced.
import { expect, PHONE, test } from './fixtures.ts'

test.use({ viewport: PHONE })

for (const path of ['/', '/heating', '/contact']) {
  test(`${path}: the page's script is asked for after its first contentful paint`, async ({ page }) => {
    await page.goto(path)
    const timing = await page.waitForFunction(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/entries\/.+\.js$/.test(new URL(e.name).pathname))
      return paint && scripts.length > 0
        ? { paint: paint.startTime, script: Math.min(...scripts.map((e) => e.startTime)) }
        : null
    })
    const { paint, script } = (await timing.jsonValue())!
    expect(script).toBeGreaterThanOrEqual(paint)
  })
}
