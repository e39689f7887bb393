// The owner edits the site from the phone (issue 23, decision 060): "Site" in the inbox's Menu, in
// Chromium at 390×844. The business phone number changed in the form shows in the preview, is
// published, and every page, the footer and the JSON-LD carry it; a broken field shows its problem
// at the field and Publish stays disabled; Undo brings the previous number back; a new town, with
// its ZIP code, refused while it is new:town's text, then published in words of its own, has its
// page, its place on /service-areas and in sitemap.xml. The editor needs a content folder it can
// write: this spec starts the built server of its own on a copy of content/ (CONTENT_DIR), so the
// project's files are never changed, and stops it at the end.
import path from 'node:path'
import type { Page } from '@playwright/test'
import { freePort, startServer, type RunningServer } from '../../scripts/lib/server.ts'
import { copyContent, type ContentCopy } from '../helpers/content-copy.ts'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test } from './fixtures.ts'

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({
  viewport: PHONE,
  // Chromium logs this for the preview's sandboxed frame in the inbox, though the preview's HTML
  // holds no script to run (tests/integration/site-preview.test.ts checks it; the same HTML in a
  // sandboxed frame of a bare page logs nothing): the sandbox is what keeps any from running.
  allowConsoleErrors: [/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/],
})

const OLD = { display: '(410) 555-0142', e164: '+14105550142' }
const NEW = { display: '(443) 555-0188', e164: '+14435550188' }

/** The preview's sandboxed frame: no script runs in it, axe's neither (the public pages have their own axe tests). */
const PREVIEW_FRAME = '[data-preview-frame]'

let server: RunningServer
let content: ContentCopy
let base = ''

test.beforeAll(async () => {
  test.setTimeout(120_000)
  content = copyContent()
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = await startServer(
    {
      PORT: String(port),
      PUBLIC_ORIGIN: base,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      CONTENT_DIR: content.dir,
      LOG_LEVEL: 'warn',
    },
    { timeoutMs: 90_000 },
  )
})

test.afterAll(async () => {
  await server?.stop()
  content?.remove()
})

const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: path.join(process.env.SCREENSHOTS, `site-editor-${name}.png`), fullPage: false })
}

/** Signs in and opens "Site" from the Menu. */
async function openSite(page: Page) {
  await page.goto(`${base}/admin`)
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'Site' }).click()
  const panel = page.locator('[data-site-editor]')
  await expect(panel.getByRole('heading', { name: 'Site', exact: true })).toBeVisible()
  await expect(panel.locator('[data-site-records]')).toBeVisible()
  return panel
}

const field = (page: Page, at: string) =>
  page.locator(`[data-field="${at}"]`).locator('input, textarea, select').first()
const problemAt = (page: Page, at: string) => page.locator(`[data-field="${at}"] > [data-problem]`)

async function openBusiness(page: Page) {
  const panel = await openSite(page)
  await panel.getByRole('button', { name: 'The business' }).click()
  await expect(panel.locator('[data-record="business.yaml"]')).toBeVisible()
  return panel
}

/** What a public page of the served site says now. */
async function publicPage(urlPath: string) {
  const res = await fetch(base + urlPath)
  return { status: res.status, text: await res.text() }
}

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('')

test('the owner changes the phone number, sees it in the preview, publishes it everywhere', async ({ page }) => {
  const panel = await openSite(page)
  await expectNoAxeViolations(page, PREVIEW_FRAME)
  await shot(page, 'list-390')
  await panel.getByRole('button', { name: 'The business' }).click()
  await expect(field(page, 'phone.display')).toHaveValue(OLD.display)
  const frame = page.frameLocator('[data-preview-frame]')
  await expect(frame.locator('footer')).toContainText(OLD.display)
  await expect(panel.getByRole('button', { name: 'Publish' })).toBeDisabled()

  await field(page, 'phone.display').fill(NEW.display)
  await field(page, 'phone.e164').fill(NEW.e164)
  // The preview is the page as it will be published: the number in the header and the footer.
  await expect(frame.locator('footer')).toContainText(NEW.display, { timeout: 15_000 })
  await expect(frame.locator(`a[href="tel:${NEW.e164}"]`).first()).toBeAttached()
  await expect(panel.getByText('No problems found.')).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Publish' })).toBeEnabled()
  await expectNoAxeViolations(page, PREVIEW_FRAME)
  await shot(page, 'business-390')
  await page.locator('[data-preview]').scrollIntoViewIfNeeded()
  await shot(page, 'preview-390')

  // Nothing is live before Publish.
  expect((await publicPage('/')).text).toContain(OLD.display)
  await panel.getByRole('button', { name: 'Publish' }).click()
  await expect(panel.getByRole('button', { name: 'Publishing…' })).toBeVisible()
  // The step it is at, while it runs (seconds: the whole site is made again).
  await expect(panel.locator('[data-progress]')).toContainText(/Publishing… (Checking|Making|Saving|Switching)/)
  await shot(page, 'publishing-390')
  const note = panel.locator('[data-site-note]')
  await expect(note).toContainText('Published at', { timeout: 60_000 })
  console.log(`site editor: ${await note.innerText()}`)
  await shot(page, 'published-390')

  for (const urlPath of ['/', '/heating', '/fallston-hvac', '/contact']) {
    const { status, text } = await publicPage(urlPath)
    expect(status, urlPath).toBe(200)
    expect(text.includes(`href="tel:${NEW.e164}"`), urlPath).toBe(true)
    expect(text.includes(OLD.display), urlPath).toBe(false)
    expect(text.slice(text.lastIndexOf('<footer')).includes(NEW.display), `${urlPath} footer`).toBe(true)
    expect(jsonLdOf(text).includes(`"telephone":"${NEW.e164}"`), `${urlPath} JSON-LD`).toBe(true)
  }
  // The visitor's own page shows it too.
  await page.goto(`${base}/`)
  await expect(page.locator('footer')).toContainText(NEW.display)
})

test('a broken field shows its problem at the field, and Publish stays disabled', async ({ page }) => {
  const panel = await openBusiness(page)
  await field(page, 'phone.display').fill('555-12')
  await expect(problemAt(page, 'phone.display')).toContainText('"555-12" is not written the right way.')
  await expect(field(page, 'phone.display')).toHaveAttribute('aria-invalid', 'true')
  await field(page, 'name').fill('')
  await expect(problemAt(page, 'name')).toContainText('is too short (0 characters); write at least 2.')
  await expect(panel.getByText('2 problems to fix before publishing:')).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Publish' })).toBeDisabled()
  await expect(panel.getByText('The preview shows the last version without problems.')).toBeVisible()
  await field(page, 'phone.display').scrollIntoViewIfNeeded()
  await shot(page, 'problem-390')
  await expectNoAxeViolations(page, PREVIEW_FRAME)
  // Nothing was published: the site still has the number published before.
  expect((await publicPage('/')).text).toContain(NEW.display)
})

test('Undo brings the previous number back', async ({ page }) => {
  const panel = await openSite(page)
  const history = panel.locator('[data-site-history]')
  await expect(history.locator('[data-release]')).toHaveCount(2)
  await expect(history.locator('[data-release]').first()).toContainText('business.yaml')
  await history.getByRole('button', { name: 'What changed' }).first().click()
  await expect(history.locator('pre').first()).toBeVisible()
  await expect(history.locator('pre').first()).toContainText(NEW.display)
  await history.locator('pre').first().scrollIntoViewIfNeeded()
  await shot(page, 'history-390')
  await history.getByRole('button', { name: 'Undo the last publish' }).click()
  const dialog = page.getByRole('dialog', { name: 'Undo the last publish?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(panel.locator('[data-site-note]')).toContainText('Undone at', { timeout: 60_000 })
  const home = (await publicPage('/')).text
  expect(home.includes(`href="tel:${OLD.e164}"`)).toBe(true)
  expect(home.includes(NEW.display)).toBe(false)
  expect(jsonLdOf(home)).toContain(`"telephone":"${OLD.e164}"`)
  await expect(history.locator('[data-release]')).toHaveCount(3)
})

test('the owner adds a town with its ZIP code and reaches its page, /service-areas and the sitemap', async ({
  page,
}) => {
  const panel = await openSite(page)
  await panel.getByRole('button', { name: 'Add a town' }).click()
  const form = panel.locator('[data-add-town]')
  await form.getByLabel('Town name').fill('Jarrettsville')
  await form.getByLabel('County').selectOption('Harford County')
  await form.getByLabel('ZIP codes').fill('21053')
  await form
    .getByLabel('A few lines about this town')
    .fill(
      'Many older Jarrettsville farmhouses still run oil-fired boilers with cast iron radiators, often with a window unit or two for July.\n' +
        'Newer houses near the Jarrettsville Pike went up with heat pumps and propane backup, and their ductwork in tight attics needs sealing after fifteen years.',
    )
  await expectNoAxeViolations(page, PREVIEW_FRAME)
  await shot(page, 'add-town-390')
  await form.getByRole('button', { name: 'Start the town page' }).click()
  await expect(panel.locator('[data-record="areas/towns/jarrettsville-hvac.yaml"]')).toBeVisible()
  await expect(field(page, 'zips[0]')).toHaveValue('21053')
  // Still mostly new:town's starter text: refused, at the introduction.
  await expect(problemAt(page, 'intro.paragraphs')).toContainText('is mostly the same words as the starter text')
  await expect(panel.getByRole('button', { name: 'Publish' })).toBeDisabled()
  await expect(page.frameLocator('[data-preview-frame]').locator('h1')).toContainText('Jarrettsville')

  const words: [string, string][] = [
    ['listing.summary', 'Farmhouses on oil boilers and newer homes on heat pumps off Route 165 and Federal Hill Road.'],
    [
      'seo.description',
      'Oil boiler service, heat pump repair and well-sized central air for Jarrettsville farmhouses and newer subdivisions.',
    ],
    [
      'hero.text',
      'Old stone farmhouses, horse barns and the subdivisions off Route 165: we know how each of them heats.',
    ],
    ['intro.areas[0]', 'Federal Hill Road farms'],
    ['intro.areas[1]', 'Subdivisions off Route 165'],
    ['services.intro', 'Boilers kept firing, heat pumps kept defrosting, barns and workshops kept dry.'],
    [
      'services.cards[0].description',
      'Central air added to houses with radiators, through small ducts that fit old walls.',
    ],
    [
      'services.cards[1].description',
      'Oil boiler cleanings every fall, nozzle and filter changed, and propane furnaces checked.',
    ],
    [
      'services.cards[2].description',
      'A spring visit for the heat pump, an autumn visit for the boiler, both on one plan.',
    ],
    ['cta.text', 'Tell us the road and the kind of house; we will bring the right parts the first time.'],
  ]
  for (const [at, text] of words) await field(page, at).fill(text)
  await expect(problemAt(page, 'intro.paragraphs')).toHaveCount(0, { timeout: 15_000 })
  await expect(panel.getByText('No problems found.')).toBeVisible()
  await expect(page.frameLocator('[data-preview-frame]').getByText('Federal Hill Road farms')).toBeVisible()
  await panel.getByRole('button', { name: 'Publish' }).click()
  await expect(panel.locator('[data-site-note]')).toContainText('Published at', { timeout: 60_000 })

  await page.goto(`${base}/jarrettsville-hvac`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Jarrettsville')
  await expect(page.getByText('Federal Hill Road farms')).toBeVisible()
  const areas = await publicPage('/service-areas')
  expect(areas.text).toContain('href="/jarrettsville-hvac"')
  const sitemap = await publicPage('/sitemap.xml')
  expect(sitemap.text).toContain('/jarrettsville-hvac</loc>')
})

test('at 1280×800 the form and the preview stand side by side, the preview at desktop width', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  const panel = await openSite(page)
  // The new town is listed with the others.
  await panel.getByText('Towns (16)').click()
  await expect(panel.getByRole('button', { name: /Jarrettsville/ })).toBeVisible()
  await panel.getByRole('button', { name: 'The business' }).click()
  await panel.getByRole('button', { name: 'Desktop' }).click()
  await expect(page.locator('[data-preview-frame="desktop"]')).toBeVisible()
  await expect(page.frameLocator('[data-preview-frame]').locator('footer')).toContainText(OLD.display)
  const form = await panel.locator('form').boundingBox()
  const preview = await panel.locator('[data-preview]').boundingBox()
  expect(preview!.x).toBeGreaterThan(form!.x + form!.width - 1)
  await expectNoAxeViolations(page, PREVIEW_FRAME)
  await shot(page, 'business-1280')
})
