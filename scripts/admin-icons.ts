// The installed inbox's icons (public/admin/*.png, committed): drawn from the site's favicon
// (src/layout/favicon.svg) by Chromium, so they need no image library. Run it again after the
// favicon changes: `node scripts/admin-icons.ts`. docs/decisions/030-web-push.md.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium.ts'

const out = path.resolve(import.meta.dirname, '../public/admin')
const FLAME =
  'M20 7c1.5 4.2 6.5 7.3 6.5 13.2A6.5 6.5 0 0 1 20 26.7a6.5 6.5 0 0 1-6.5-6.5c0-2.6 1.3-4.4 2.6-5.9.3 2 1.4 3.2 2.7 3.5-.6-3.9.3-7.6 1.2-10.8Z'
const SNOW = 'M20 29.5v5M17.6 31l4.8 2M22.4 31l-4.8 2'
const glyph = (flame: string, snow: string) =>
  `<path d="${FLAME}" fill="${flame}"/><path d="${SNOW}" stroke="${snow}" stroke-width="1.6" stroke-linecap="round"/>`

const ICONS: { file: string; size: number; svg: string }[] = [
  // "any": the favicon itself, rounded corners on a transparent ground.
  ...[192, 512].map((size) => ({
    file: `icon-${size}.png`,
    size,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="9" fill="#0c3b6e"/>${glyph('#f97316', '#bfdbfe')}</svg>`,
  })),
  // "maskable": the ground to every edge, the glyph inside the safe circle (80% of the width).
  ...[192, 512].map((size) => ({
    file: `icon-maskable-${size}.png`,
    size,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#0c3b6e"/><g transform="translate(20 20.5) scale(0.72) translate(-20 -20.5)">${glyph('#f97316', '#bfdbfe')}</g></svg>`,
  })),
  // The status bar's badge (Android): only its alpha counts, white on transparent.
  {
    file: 'badge-96.png',
    size: 96,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="4 4 32 32">${glyph('#fff', '#fff')}</svg>`,
  },
]

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    )
    writeFileSync(path.join(out, file), await page.screenshot({ omitBackground: true }))
    await page.close()
    console.log(`public/admin/${file} (${size}×${size})`)
  }
} finally {
  await browser.close()
}
