// fillContactPage: the /contact page as it comes back to a browser without JavaScript when the
// form has problems. Run on the real markup of the form (rendered here with React, as the build
// does), with hostile values: whatever a visitor sends comes back as text, never as markup.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import { FIELDS, SERVICE_OPTIONS, type Field } from '../../src/contact/message.ts'
import { fillContactPage, type ContactFormState } from '../../src/server/contact/form-page.ts'
import { inlineScriptHashes, inlineStyleHashes } from '../../src/server/static-site.ts'
import { ContactForm } from '../../src/sections/ContactForm.tsx'
import { byTag, findAll, parseHtml, textOf, type El } from '../helpers/html.ts'

const contact = loadCatalogue().pages.find((p) => p.path === '/contact')
if (contact?.template !== 'contact') throw new Error('no contact record')
const copy = contact.form
const TITLE = 'Contact Us | Longbar Heating &amp; Cooling'
// Inline style and script as the build leaves them (decision 006): the CSP hashes them.
const HEAD = `<title>${TITLE}</title><style>body{color:#333}</style><script type="module">requestAnimationFrame(()=>0)</script>`
const PAGE = `<!DOCTYPE html><html lang="en"><head>${HEAD}</head><body><main>${renderToStaticMarkup(createElement(ContactForm, { form: copy, path: '/contact' }))}</main></body></html>`

const HOSTILE = [
  '"><script>alert(1)</script>',
  "</textarea><script>alert('x')</script>",
  `It's "quoted" & <b>bold</b> &amp; ampersands`,
  ' data-contact-field="phone" ',
  '</select></form><img src=x onerror=alert(1)>',
]

function fill(state: Partial<ContactFormState>) {
  const html = fillContactPage(PAGE, { values: {}, problems: {}, ...state })
  const doc = parseHtml(html)
  const one = (match: (el: El) => boolean) => {
    const found = findAll(doc, match)
    expect(found).toHaveLength(1)
    return found[0] as El
  }
  return {
    html,
    doc,
    control: (field: Field) => one((e) => e.attrs['data-contact-field'] === field),
    problem: (field: Field) => one((e) => e.attrs['data-contact-problem'] === field),
    box: () => one((e) => e.attrs['data-contact-problems'] !== undefined),
    summary: () => one((e) => e.attrs['data-contact-summary'] !== undefined),
    listed: () =>
      findAll(
        one((e) => e.attrs['data-contact-problem-list'] !== undefined),
        byTag('li'),
      ),
    title: () => textOf(one(byTag('title'))),
    selected: () => findAll(doc, (e) => e.tag === 'option' && 'selected' in e.attrs).map((o) => o.attrs.value),
    tags: () => findAll(doc, () => true).map((e) => e.tag),
  }
}

describe('fillContactPage', () => {
  test('with nothing to say, returns the page unchanged', () => {
    expect(fillContactPage(PAGE, { values: {}, problems: {} })).toBe(PAGE)
  })

  test('puts each value back into its field: input values, the chosen option, the textarea text', () => {
    const page = fill({ values: { name: 'Dana Whitaker', phone: '(410) 555-0199', email: 'dana@example.com', service: 'heating-repair', message: 'Furnace blows cold air.\nSince this morning.' } })
    expect(page.control('name').attrs.value).toBe('Dana Whitaker')
    expect(page.control('phone').attrs.value).toBe('(410) 555-0199')
    expect(page.control('email').attrs.value).toBe('dana@example.com')
    expect(page.selected()).toEqual(['heating-repair'])
    // The parser drops the newline right after <textarea>; the text keeps its own.
    expect(page.control('message').children.join('')).toBe('\nFurnace blows cold air.\nSince this morning.')
  })

  test('a message that starts with a newline keeps it', () => {
    expect(fill({ values: { message: '\nfirst line blank' } }).html).toContain('>\n\nfirst line blank</textarea>')
  })

  test('a service that is not one of the list selects nothing, so the placeholder shows', () => {
    const page = fill({ values: { service: 'ac-repair" selected="' } })
    expect(page.selected()).toEqual([])
    expect(findAll(page.doc, byTag('option')).map((o) => o.attrs.value)).toEqual(['', ...SERVICE_OPTIONS.map((o) => o.value)])
  })

  test.each(HOSTILE)('a hostile value comes back as text, never as markup: %s', (value) => {
    const page = fill({ values: { name: value, phone: value, email: value, message: value, service: value }, problems: { name: value }, summary: value })
    const before = fill({ values: {}, problems: { name: 'x' }, summary: 'y' })
    expect(page.tags()).toEqual(before.tags())
    expect(page.control('name').attrs.value).toBe(value)
    expect(page.control('phone').attrs.value).toBe(value)
    expect(page.control('email').attrs.value).toBe(value)
    expect(page.control('message').children.join('')).toBe(`\n${value}`)
    expect(textOf(page.problem('name'))).toBe(value.replace(/\s+/g, ' ').trim())
    expect(page.summary().children.join('')).toBe(value)
    expect(page.html).not.toMatch(/<script>alert|<img|<b>bold/)
  })

  test('any text at all round-trips through every field', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
        const clean = value.replace(/[\0\r]/g, '')
        const page = fill({ values: { name: clean, message: clean }, problems: { phone: clean || 'x' } })
        expect(page.control('name').attrs.value).toBe(clean)
        expect(page.control('message').children.join('')).toBe(`\n${clean}`)
        expect(page.problem('phone').children.join('')).toBe(clean || 'x')
      }),
      { numRuns: 300 },
    )
  })

  test('shows each problem under its field, named by aria-describedby, with aria-invalid', () => {
    const page = fill({ problems: { name: copy.problems.name, email: copy.problems.email } })
    for (const field of ['name', 'email'] as const) {
      const control = page.control(field)
      const problem = page.problem(field)
      expect(control.attrs['aria-invalid']).toBe('true')
      expect(control.attrs['aria-describedby']).toBe(problem.attrs.id)
      expect(problem.attrs.hidden).toBeUndefined()
      expect(textOf(problem)).toBe(copy.problems[field])
    }
    for (const field of ['phone', 'service', 'message'] as const) {
      expect(page.control(field).attrs['aria-invalid']).toBeUndefined()
      expect(page.control(field).attrs['aria-describedby']).toBeUndefined()
      expect(page.problem(field).attrs.hidden).toBe('')
    }
  })

  test('lists the problems at the top of the form in the order of the fields, each a link to its field, and the box takes the focus', () => {
    const page = fill({ problems: { message: copy.problems.message, phone: copy.problems.phone, name: copy.problems.name } })
    const box = page.box()
    expect(box.attrs.hidden).toBeUndefined()
    expect(box.attrs.autofocus).toBe('')
    expect(textOf(findAll(box, byTag('h3'))[0] as El)).toBe(copy.problemsHeading)
    expect(page.listed().map((li) => findAll(li, byTag('a')).map((a) => [a.attrs.href, textOf(a)])[0])).toEqual([
      ['#contact-name', copy.problems.name],
      ['#contact-phone', copy.problems.phone],
      ['#contact-message', copy.problems.message],
    ])
    expect(page.summary().attrs.hidden).toBe('')
    const targets = page.listed().map((li) => findAll(li, byTag('a'))[0]?.attrs.href?.slice(1))
    expect(targets.map((id) => findAll(page.doc, (e) => e.attrs.id === id)[0]?.attrs['data-contact-field'])).toEqual(['name', 'phone', 'message'])
  })

  test('a problem of the whole request (rate limit) is shown in the box, with no field marked', () => {
    const page = fill({ values: { name: 'Dana', phone: '4105550199' }, summary: copy.problems.rateLimited })
    expect(page.box().attrs.hidden).toBeUndefined()
    expect(page.summary().attrs.hidden).toBeUndefined()
    expect(textOf(page.summary())).toBe(copy.problems.rateLimited)
    expect(page.listed()).toEqual([])
    for (const field of FIELDS) expect(page.control(field).attrs['aria-invalid']).toBeUndefined()
    expect(page.control('name').attrs.value).toBe('Dana')
  })

  test("prefixes the page title with the box's heading, so a screen reader hears it first", () => {
    expect(fill({ problems: { name: 'x' } }).title()).toBe(`${copy.problemsHeading} – Contact Us | Longbar Heating & Cooling`)
    expect(fill({ values: { name: 'x' } }).title()).toBe('Contact Us | Longbar Heating & Cooling')
  })

  test('keeps the inline style and script as they were, so the CSP hashes of the page still hold', () => {
    const html = fill({ values: { name: '<script>x</script>' }, problems: { name: 'x' }, summary: 'y' }).html
    expect(inlineScriptHashes(html)).toEqual(inlineScriptHashes(PAGE))
    expect(inlineStyleHashes(html)).toEqual(inlineStyleHashes(PAGE))
  })

  test('leaves the honeypot and the page field as they were', () => {
    const html = fillContactPage(PAGE, { values: { name: 'x' }, problems: {} })
    const hidden = (h: string) => findAll(parseHtml(h), (e) => e.tag === 'input' && (e.attrs.name === 'website' || e.attrs.name === 'page')).map((e) => e.attrs)
    expect(hidden(html)).toEqual(hidden(PAGE))
  })

  test('names the marker when the markup no longer has it, or has it twice', () => {
    const state = { values: { name: 'x' }, problems: { phone: 'y' } }
    expect(() => fillContactPage(PAGE.replace(' data-contact-field="phone"', ''), state)).toThrow(/no element with data-contact-field="phone".*src\/sections\/ContactForm\.tsx/)
    expect(() => fillContactPage(PAGE.replace('data-contact-problem="phone"', 'data-contact-problem="phone" data-contact-problem="phone"'), state)).toThrow(
      /more than one element with data-contact-problem="phone"/,
    )
    expect(() => fillContactPage(PAGE.replace(' data-contact-problems=""', ''), state)).toThrow(/data-contact-problems=""/)
    expect(() => fillContactPage(PAGE.replace(/<title>.*<\/title>/, ''), state)).toThrow(/exactly one <title>/)
  })
})
