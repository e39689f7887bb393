// The contact form as the build wrote it into /contact, read from dist/: labels from the copy,
// attributes from the one contact schema, SPEC §3's service options, a form that posts without
// JavaScript, a honeypot hidden from people, the toasts' words for the script, and the
// no-JavaScript confirmation page /contact/sent (not indexed, not in the sitemap). Also: the
// page the server renders from the built pages when a form sent without JavaScript has problems
// (src/server/contact/page.ts) is the prerendered page with the form's state, made by the same
// components, with a CSP that allows its own inline code.
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterAll, describe, expect, test } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import { cataloguePageData } from '../../src/catalogue/page-data.ts'
import type { ContactFormState } from '../../src/lead/form-state.ts'
import { FIELDS, fieldRules } from '../../src/lead/message.ts'
import { loadBuildInfo } from '../../src/server/build-info.ts'
import { contactPageRenderer } from '../../src/server/contact/page.ts'
import { cutOf, siteReader, withCut } from '../../src/server/page-css.ts'
import { pageRenderer } from '../../src/server/page-render.ts'
import { inlineScriptHashes, inlineStyleHashes, loadStaticSite } from '../../src/server/static-site.ts'
import { ContactForm } from '../../src/sections/ContactForm.tsx'
import { builtHtml, distClient } from '../helpers/built-site.ts'
import { byTag, closest, findAll, linksIn, readPage, textOf } from '../helpers/html.ts'

const catalogue = loadCatalogue()
const contact = catalogue.pages.find((p) => p.path === '/contact')
if (contact?.template !== 'contact') throw new Error('no contact record')
const copy = contact.form
const { business } = catalogue
const html = builtHtml('/contact')
const page = readPage(html)
const forms = findAll(page.main, byTag('form'))
const form = forms[0]!
const byId = (id: string) => findAll(page.doc, (e) => e.attrs.id === id)
const control = (field: string) => findAll(form, (e) => e.attrs.name === field)

describe('/contact: the form', () => {
  test('one form, sent as a plain POST to /api/contact without JavaScript', () => {
    expect(forms).toHaveLength(1)
    expect(form.attrs).toMatchObject({ method: 'post', action: '/api/contact' })
    expect(form.attrs.novalidate).toBeUndefined()
    expect(form.attrs.enctype ?? 'application/x-www-form-urlencoded').toBe('application/x-www-form-urlencoded')
  })

  test('is the section "Request Service" with its intro', () => {
    const section = page.section(copy.heading)
    expect(section.children).toContain(form)
    expect(textOf(section)).toContain(copy.intro!)
  })

  /** The fields with one control each: all but the out-now question's two radio buttons. */
  const SINGLE = FIELDS.filter((f) => f !== 'outNow')

  test.each(SINGLE)('%s: one control, labelled with the words of the copy', (field) => {
    const [el, ...more] = control(field)
    expect(more).toEqual([])
    const labels = findAll(page.doc, (e) => e.tag === 'label' && e.attrs.for === el?.attrs.id)
    expect(labels.map(textOf)).toEqual([copy.labels[field]])
  })

  test('"Is your heating or cooling out right now?": a group of two radio buttons, yes and no, neither checked', () => {
    const radios = control('outNow')
    expect(radios.map((r) => [r.attrs.type, r.attrs.value, 'checked' in r.attrs, 'required' in r.attrs])).toEqual([
      ['radio', 'yes', false, false],
      ['radio', 'no', false, false],
    ])
    expect(radios[0]!.attrs.id).toBe('contact-outNow')
    const labels = radios.map((r) => findAll(form, (e) => e.tag === 'label' && e.attrs.for === r.attrs.id).map(textOf))
    expect(labels).toEqual([[copy.labels.outNowYes], [copy.labels.outNowNo]])
    const group = closest(radios[0]!, (e) => e.tag === 'fieldset')!
    expect(textOf(findAll(group, byTag('legend'))[0]!)).toBe(copy.labels.outNow)
  })

  test('labels as SPEC §5 gives them: "Full Name *" and "Phone Number *"', () => {
    expect(findAll(form, byTag('label')).map(textOf).slice(0, 2)).toEqual(['Full Name *', 'Phone Number *'])
  })

  test.each(FIELDS)('%s: required, maxlength and pattern as the contact schema says', (field) => {
    const el = control(field)[0]!
    const rules = fieldRules(field)
    expect('required' in el.attrs, 'required').toBe(rules.required)
    expect(el.attrs.maxlength).toBe(rules.maxLength === undefined ? undefined : String(rules.maxLength))
    expect(el.attrs.pattern).toBe(rules.pattern)
  })

  test('only name and phone are required (SPEC §5)', () => {
    expect(FIELDS.filter((f) => 'required' in control(f)[0]!.attrs)).toEqual(['name', 'phone'])
  })

  test('kinds of field: a name, a phone number with its keypad, an e-mail address, a choice, a text', () => {
    const attrs = Object.fromEntries(FIELDS.map((f) => [f, control(f)[0]!.attrs]))
    expect(attrs.name).toMatchObject({ type: 'text', autocomplete: 'name' })
    expect(attrs.phone).toMatchObject({
      type: 'tel',
      inputmode: 'tel',
      autocomplete: 'tel',
      pattern: fieldRules('phone').pattern,
    })
    expect(attrs.phone?.title).toBe(copy.problems.phone)
    // The browser refuses what the server would (?, & or % in an address, no dot in the domain).
    expect(attrs.email).toMatchObject({
      type: 'email',
      autocomplete: 'email',
      pattern: fieldRules('email').pattern,
      title: copy.problems.email,
    })
    expect(fieldRules('email').email).toBe(true)
    expect(control('service')[0]?.tag).toBe('select')
    expect(control('message')[0]?.tag).toBe('textarea')
    expect(attrs.message?.placeholder).toBe(copy.messagePlaceholder)
  })

  test('the phone pattern takes the numbers people write and refuses too few digits', () => {
    const re = new RegExp(`^(?:${fieldRules('phone').pattern})$`, 'v')
    for (const ok of ['(410) 555-0199', '+1 410 555 0199', '410.555.0199', '4105550199'])
      expect(re.test(ok), ok).toBe(true)
    for (const bad of ['555-0199', 'call me', '']) expect(re.test(bad), bad).toBe(false)
  })

  test('the ZIP code: five digits with the number keypad, postal-code autofill, the problem as its title', () => {
    expect(control('zip')[0]!.attrs).toMatchObject({
      type: 'text',
      inputmode: 'numeric',
      autocomplete: 'postal-code',
      maxlength: '5',
      title: copy.problems.zip,
    })
    const re = new RegExp(`^(?:${fieldRules('zip').pattern})$`, 'v')
    for (const ok of ['21014', '90210']) expect(re.test(ok), ok).toBe(true)
    for (const bad of ['2101', '21014-1234', 'abcde', '']) expect(re.test(bad), bad).toBe(false)
  })

  test('the time to call back: "No preference" first, then morning, afternoon, evening, any time', () => {
    const options = findAll(control('callbackTime')[0]!, byTag('option')).map((o) => [o.attrs.value, textOf(o)])
    expect(options).toEqual([
      ['', 'No preference'],
      ['morning', 'Morning'],
      ['afternoon', 'Afternoon'],
      ['evening', 'Evening'],
      ['any', 'Any time'],
    ])
  })

  test('the service choice: "Select a service..." first, then the options of SPEC §3', () => {
    const options = findAll(control('service')[0]!, byTag('option')).map((o) => [o.attrs.value, textOf(o)])
    expect(options).toEqual([
      ['', 'Select a service...'],
      ['ac-repair', 'AC Repair'],
      ['heating-repair', 'Heating Repair'],
      ['installation', 'New Installation'],
      ['maintenance', 'Maintenance'],
      ['commercial', 'Commercial Service'],
      ['emergency', 'Emergency Service'],
      ['other', 'Other'],
    ])
  })

  test('the send button says "Send Message"; the script finds "Sending..." on the form', () => {
    const buttons = findAll(form, byTag('button'))
    expect(buttons.map((b) => [b.attrs.type, textOf(b)])).toEqual([['submit', 'Send Message']])
    expect(form.attrs['data-sending-label']).toBe('Sending...')
  })

  test('a hidden field names the page the form was sent from', () => {
    expect(control('page').map((e) => e.attrs)).toEqual([{ type: 'hidden', name: 'page', value: '/contact' }])
  })

  test('the honeypot: a text field named website, off-screen, hidden from assistive technology, out of the tab order', () => {
    const [trap, ...more] = control('website')
    expect(more).toEqual([])
    expect(trap?.attrs).toMatchObject({ type: 'text', tabindex: '-1', autocomplete: 'off' })
    const wrapper = closest(trap!, (e) => e.attrs['aria-hidden'] === 'true')
    expect(wrapper).toBeDefined()
    expect(wrapper?.attrs.class).toMatch(/(^| )absolute( |$)/)
    expect(wrapper?.attrs.class).toMatch(/-left-\[10000px\]/)
    // Not display:none, which bots detect, and not type="hidden", which they skip.
    for (const el of [wrapper, trap]) expect(el?.attrs.class ?? '').not.toMatch(/(^| )(hidden|sr-only|invisible)( |$)/)
    expect(findAll(page.doc, (e) => e.tag === 'label' && e.attrs.for === trap?.attrs.id)).toHaveLength(1)
  })

  test("the problems box and each field's problem slot are there, hidden and empty", () => {
    const [box, ...more] = byId('contact-problems')
    expect(more).toEqual([])
    expect(closest(box!, byTag('form'))).toBe(form)
    expect(box?.attrs.hidden).toBe('')
    expect(box?.attrs.autofocus).toBeUndefined()
    expect(textOf(box!)).toBe(copy.problemsHeading)
    for (const field of FIELDS) {
      const slot = byId(`contact-${field}-problem`)
      expect(slot.map((e) => [e.attrs.hidden, textOf(e)])).toEqual([['', '']])
    }
  })

  test("the toasts: SPEC §8's words, in live regions that are on the page from the start", () => {
    const templates = Object.fromEntries(
      findAll(page.main, byTag('template')).map((t) => [t.attrs['data-toast'], textOf(t)]),
    )
    expect(templates).toEqual({
      success: `Message Sent!Thanks for contacting ${business.name}! A technician will reach out shortly to confirm your appointment or answer your question.`,
      error: 'ErrorFailed to send message. Please try again or call us directly.',
    })
    expect(
      findAll(page.main, (e) => e.attrs['data-toast-region'] !== undefined).map((e) => [
        e.attrs['data-toast-region'],
        e.attrs.role,
        e.attrs['aria-live'],
      ]),
    ).toEqual([
      ['success', 'status', 'polite'],
      ['error', 'alert', undefined],
    ])
  })

  test('no inline style attribute or inline event handler (the CSP allows neither)', () => {
    expect(html).not.toMatch(/\sstyle="/)
    expect(html).not.toMatch(/\son[a-z]+="/)
  })
})

describe('/contact as the server renders it for a form sent without JavaScript that has problems', () => {
  const site = loadStaticSite(distClient)
  const renderer = contactPageRenderer({
    renderer: pageRenderer(site),
    pageData: loadBuildInfo(distClient).contactPageData,
  })
  const problems: ContactFormState = {
    values: { name: ' ', phone: '410', email: 'dana@example.com', service: 'maintenance', message: '<b>x</b>' },
    problems: { name: copy.problems.name, phone: copy.problems.phone },
  }

  test('this build can render it', () => {
    expect(renderer.unavailable).toBeUndefined()
  })

  test('with nothing to say, it is the prerendered page byte for byte: the same data, components and finishing', async () => {
    expect((await renderer.render({ values: {}, problems: {} })).html).toBe(html)
  })

  test('the form in it is the component given that state, exactly', async () => {
    const rendered = (await renderer.render(problems)).html
    const formOf = (h: string) => h.slice(h.indexOf('<form'), h.indexOf('</form>') + '</form>'.length)
    // The component's form finished as the prerendered page was: in that page, with its cut
    // (without the icon library's class names the page does not read).
    const cut = cutOf(html, siteReader(distClient))
    const finished = (form: string) =>
      withCut(
        html.replace(formOf(html), () => form),
        cut,
      )
    expect(formOf(rendered)).toBe(
      formOf(
        finished(
          renderToString(
            createElement(ContactForm, {
              form: copy,
              path: '/contact',
              state: problems,
              zips: cataloguePageData('/contact')?.zips,
              booking: cataloguePageData('/contact')?.booking,
              businessPhone: business.phone,
            }),
          ),
        ),
      ),
    )
    expect(formOf(rendered)).not.toBe(formOf(html))
  })

  test("the title starts with the box's heading; the box lists the problems as links to the fields and takes the focus", async () => {
    const filled = readPage((await renderer.render(problems)).html)
    expect(filled.title).toBe(`${copy.problemsHeading} – ${page.title}`)
    const box = findAll(filled.main, (e) => e.attrs.id === 'contact-problems')[0]!
    expect(box.attrs.autofocus).toBe('')
    expect(linksIn(box)).toEqual([
      { href: '#contact-name', text: copy.problems.name },
      { href: '#contact-phone', text: copy.problems.phone },
    ])
    expect(filled.canonical).toBe(page.canonical)
  })

  test("its CSP allows exactly its own inline style and script, which are the prerendered page's", async () => {
    const { html: rendered, headers } = await renderer.render({ ...problems, summary: copy.problems.rateLimited })
    const csp = headers['content-security-policy']!
    expect(inlineStyleHashes(rendered)).toEqual(inlineStyleHashes(html))
    expect(inlineScriptHashes(rendered)).toEqual(inlineScriptHashes(html))
    expect(inlineStyleHashes(rendered)).toHaveLength(1)
    for (const hash of [...inlineStyleHashes(rendered), ...inlineScriptHashes(rendered)])
      expect(csp).toContain(`'${hash}'`)
    expect(csp).not.toContain('unsafe-inline')
    expect(rendered).not.toMatch(/<link rel="stylesheet"|<script src=/)
    expect(headers['content-type']).toBe('text/html; charset=utf-8')
  })

  describe('a build without the server build of the pages', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'longbar-no-server-build-'))
    symlinkSync(distClient, path.join(dir, 'client'), 'dir')
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const bareSite = { ...site, dir: path.join(dir, 'client') }
    const bare = contactPageRenderer({ renderer: pageRenderer(bareSite), pageData: undefined })

    test('is found out at start, and a render says why it cannot be done', async () => {
      expect(bare.unavailable).toMatch(/no data of \/contact.*npm run build/)
      await expect(bare.render(problems)).rejects.toThrow(/npm run build/)
      const noEntry = contactPageRenderer({
        renderer: pageRenderer(bareSite),
        pageData: loadBuildInfo(distClient).contactPageData,
      })
      expect(noEntry.unavailable).toMatch(/server\/entry\.mjs is missing/)
    })
  })
})

describe('/contact/sent: where a send without JavaScript lands', () => {
  const sent = readPage(builtHtml('/contact/sent'))

  test('shows the success notice, a call button and the way back home', () => {
    expect(textOf(findAll(sent.main, byTag('h1'))[0]!)).toBe(copy.success.title)
    expect(textOf(sent.main)).toContain(copy.success.text)
    expect(linksIn(sent.main)).toEqual([
      { href: `tel:${business.phone.e164}`, text: contact.hero.callLabel },
      { href: '/', text: copy.sent.backLabel },
    ])
  })

  test('is not indexed: its own title, robots noindex, no canonical link, no structured data', () => {
    expect(sent.title).toBe(copy.sent.seoTitle)
    expect(findAll(sent.doc, (e) => e.tag === 'meta' && e.attrs.name === 'robots')[0]?.attrs.content).toMatch(
      /\bnoindex\b/,
    )
    expect(sent.canonical).toBeUndefined()
    expect(sent.jsonLd).toEqual([])
  })

  test('is not in the sitemap', () => {
    const sitemap = readFileSync(path.join(distClient, 'sitemap.xml'), 'utf8')
    expect(sitemap).toContain('/contact</loc>')
    expect(sitemap).not.toContain('/contact/sent')
  })
})
