// The /contact page as it comes back to a browser without JavaScript when the form has problems:
// the page's own components given the form's state (src/lead/form-state.ts), rendered with
// React as the server's render does (src/server/contact/page.ts runs them through Vike), with
// hostile values: whatever a visitor sends comes back as text, never as markup. The whole page,
// rendered by the built server, is tested in tests/integration/contact-form-html.test.ts.
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { PageContext, PageContextServer } from 'vike/types'
import { cataloguePageData, type CataloguePageData } from '../../src/catalogue/page-data.ts'
import type { ContactFormState } from '../../src/lead/form-state.ts'
import { FIELDS, SERVICE_OPTIONS, type Field } from '../../src/lead/message.ts'
import { ContactForm } from '../../src/sections/ContactForm.tsx'
import { data } from '../../pages/contact/+data.ts'
import title from '../../pages/contact/+title.ts'
import { byTag, findAll, parseHtml, textOf, type El } from '../helpers/html.ts'

const contactData = cataloguePageData('/contact')
const contact = contactData?.page
if (contact?.template !== 'contact') throw new Error('no contact record')
const copy = contact.form

const HOSTILE = [
  '"><script>alert(1)</script>',
  "</textarea><script>alert('x')</script>",
  `It's "quoted" & <b>bold</b> &amp; ampersands`,
  ' id="contact-phone" aria-invalid="true" ',
  '</select></form><img src=x onerror=alert(1)>',
]

const formHtml = (state?: ContactFormState) =>
  renderToString(createElement(ContactForm, { form: copy, path: '/contact', ...(state ? { state } : {}) }))

/** A textarea's value as a browser reads it: the parser drops one newline right after the start tag. */
const textareaValue = (el: El) =>
  el.children
    .filter((c) => typeof c === 'string')
    .join('')
    .replace(/^\n/, '')
const ownText = (el: El) => el.children.filter((c) => typeof c === 'string').join('')

function render(state: Partial<ContactFormState>) {
  const html = formHtml({ values: {}, problems: {}, ...state })
  const doc = parseHtml(html)
  const one = (match: (el: El) => boolean) => {
    const found = findAll(doc, match)
    expect(found).toHaveLength(1)
    return found[0]!
  }
  const byId = (id: string) => one((e) => e.attrs.id === id)
  return {
    html,
    doc,
    control: (field: Field) => byId(`contact-${field}`),
    problem: (field: Field) => byId(`contact-${field}-problem`),
    box: () => byId('contact-problems'),
    summary: () => findAll(byId('contact-problems'), byTag('p'))[0]!,
    listed: () => findAll(byId('contact-problems'), byTag('li')),
    selected: (field: Field = 'service') =>
      findAll(byId(`contact-${field}`), (e) => e.tag === 'option' && 'selected' in e.attrs).map((o) => o.attrs.value),
    tags: () => findAll(doc, () => true).map((e) => e.tag),
  }
}

describe('the contact form given the state of a send without JavaScript', () => {
  test('with nothing to say, it is the form the build prerenders', () => {
    expect(formHtml({ values: {}, problems: {} })).toBe(formHtml())
    const page = render({})
    expect(page.box().attrs).toMatchObject({ hidden: '' })
    expect(page.box().attrs.autofocus).toBeUndefined()
    expect(page.selected()).toEqual([''])
  })

  test('puts each value back into its field: input values, the chosen option, the textarea text', () => {
    const page = render({
      values: {
        name: 'Dana Whitaker',
        phone: '(410) 555-0199',
        email: 'dana@example.com',
        service: 'heating-repair',
        message: 'Furnace blows cold air.\nSince this morning.',
      },
    })
    expect(page.control('name').attrs.value).toBe('Dana Whitaker')
    expect(page.control('phone').attrs.value).toBe('(410) 555-0199')
    expect(page.control('email').attrs.value).toBe('dana@example.com')
    expect(page.selected()).toEqual(['heating-repair'])
    expect(textareaValue(page.control('message'))).toBe('Furnace blows cold air.\nSince this morning.')
  })

  test('puts back the ZIP code, the out-now answer and the time to call back; none chosen when none was sent', () => {
    const page = render({ values: { zip: '21014', outNow: 'yes', callbackTime: 'evening' } })
    expect(page.control('zip').attrs.value).toBe('21014')
    const radios = findAll(page.doc, (e) => e.tag === 'input' && e.attrs.name === 'outNow')
    expect(radios.map((r) => [r.attrs.value, 'checked' in r.attrs])).toEqual([
      ['yes', true],
      ['no', false],
    ])
    expect(page.selected('callbackTime')).toEqual(['evening'])
    const empty = render({})
    expect(findAll(empty.doc, (e) => e.attrs.name === 'outNow' && 'checked' in e.attrs)).toEqual([])
    expect(empty.selected('callbackTime')).toEqual([''])
  })

  test('a message that starts with a newline keeps it', () => {
    const page = render({ values: { message: '\nfirst line blank' } })
    expect(textareaValue(page.control('message'))).toBe('\nfirst line blank')
    expect(page.html).toContain('>\n\nfirst line blank</textarea>')
  })

  test('a service that is not one of the list selects nothing, so the placeholder shows', () => {
    const page = render({ values: { service: 'ac-repair" selected="' } })
    expect(page.selected()).toEqual([])
    expect(findAll(page.control('service'), byTag('option')).map((o) => o.attrs.value)).toEqual([
      '',
      ...SERVICE_OPTIONS.map((o) => o.value),
    ])
  })

  test.each(HOSTILE)('a hostile value comes back as text, never as markup: %s', (value) => {
    const page = render({
      values: { name: value, phone: value, email: value, message: value, service: value },
      problems: { name: value },
      summary: value,
    })
    const before = render({ values: {}, problems: { name: 'x' }, summary: 'y' })
    expect(page.tags()).toEqual(before.tags())
    expect(page.control('name').attrs.value).toBe(value)
    expect(page.control('phone').attrs.value).toBe(value)
    expect(page.control('email').attrs.value).toBe(value)
    expect(textareaValue(page.control('message'))).toBe(value)
    expect(textOf(page.problem('name'))).toBe(value.replace(/\s+/g, ' ').trim())
    expect(ownText(page.summary())).toBe(value)
    expect(page.html).not.toMatch(/<script>alert|<img|<b>bold/)
  })

  test('any text at all round-trips through every field', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
        // A browser's parser turns \r into \n and \0 into U+FFFD; the form never holds them.
        const clean = value.replace(/[\0\r]/g, '')
        const page = render({ values: { name: clean, message: clean }, problems: { phone: clean || 'x' } })
        expect(page.control('name').attrs.value).toBe(clean)
        expect(textareaValue(page.control('message'))).toBe(clean)
        expect(ownText(page.problem('phone'))).toBe(clean || 'x')
      }),
      { numRuns: 300 },
    )
    // 300 renders of the whole form: seconds, tens of them on a busy machine.
  }, 90_000)

  test('shows each problem under its field, named by aria-describedby, with aria-invalid', () => {
    const page = render({ problems: { name: copy.problems.name, email: copy.problems.email } })
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
      expect(textOf(page.problem(field))).toBe('')
    }
  })

  test('lists the problems at the top of the form in the order of the fields, each a link to its field, and the box takes the focus', () => {
    const page = render({
      problems: { message: copy.problems.message, phone: copy.problems.phone, name: copy.problems.name },
    })
    const box = page.box()
    expect(box.attrs.hidden).toBeUndefined()
    expect(box.attrs.autofocus).toBe('')
    expect(box.attrs.tabindex).toBe('-1')
    expect(textOf(findAll(box, byTag('h3'))[0]!)).toBe(copy.problemsHeading)
    expect(page.listed().map((li) => findAll(li, byTag('a')).map((a) => [a.attrs.href, textOf(a)])[0])).toEqual([
      ['#contact-name', copy.problems.name],
      ['#contact-phone', copy.problems.phone],
      ['#contact-message', copy.problems.message],
    ])
    expect(page.summary().attrs.hidden).toBe('')
    const targets = page.listed().map((li) => findAll(li, byTag('a'))[0]?.attrs.href?.slice(1))
    expect(targets.map((id) => findAll(page.doc, (e) => e.attrs.id === id)[0]?.attrs.name)).toEqual([
      'name',
      'phone',
      'message',
    ])
  })

  test('a problem of the whole request (rate limit) is shown in the box, with no field marked', () => {
    const page = render({ values: { name: 'Dana', phone: '4105550199' }, summary: copy.problems.rateLimited })
    expect(page.box().attrs.hidden).toBeUndefined()
    expect(page.box().attrs.autofocus).toBe('')
    expect(page.summary().attrs.hidden).toBeUndefined()
    expect(textOf(page.summary())).toBe(copy.problems.rateLimited)
    expect(page.listed()).toEqual([])
    for (const field of FIELDS) expect(page.control(field).attrs['aria-invalid']).toBeUndefined()
    expect(page.control('name').attrs.value).toBe('Dana')
  })

  test('leaves the honeypot and the page field as they were', () => {
    const hidden = (h: string) =>
      findAll(parseHtml(h), (e) => e.tag === 'input' && (e.attrs.name === 'website' || e.attrs.name === 'page')).map(
        (e) => e.attrs,
      )
    const state = { values: { name: 'x' }, problems: { name: 'y' }, summary: 'z' }
    expect(hidden(formHtml(state))).toEqual(hidden(formHtml()))
  })

  test('every id the page links to or describes by is there exactly once', () => {
    const page = render({
      values: { name: 'x' },
      problems: Object.fromEntries(FIELDS.map((f) => [f, copy.problems[f]])),
      summary: 'z',
    })
    const ids = findAll(page.doc, (e) => e.attrs.id !== undefined).map((e) => e.attrs.id)
    expect(new Set(ids).size).toBe(ids.length)
    const referenced = findAll(page.doc, () => true).flatMap((e) => [
      ...(e.attrs['aria-describedby']?.split(' ') ?? []),
      ...(e.attrs['aria-labelledby']?.split(' ') ?? []),
      ...(e.attrs.for ? [e.attrs.for] : []),
      ...(e.attrs.href?.startsWith('#') ? [e.attrs.href.slice(1)] : []),
    ])
    expect(referenced.filter((id) => !ids.includes(id))).toEqual([])
  })
})

describe("the page's title and data", () => {
  const context = (contactForm?: ContactFormState) =>
    ({ data: contactData, ...(contactForm ? { contactForm } : {}) }) as unknown as PageContext

  test("with problems, the title is prefixed with the box's heading, so a screen reader hears it first", () => {
    const base = contactData!.head.title
    expect(title(context({ values: {}, problems: { name: 'x' } }))).toBe(`${copy.problemsHeading} – ${base}`)
    expect(title(context({ values: {}, problems: {}, summary: 'Call us' }))).toBe(`${copy.problemsHeading} – ${base}`)
    expect(title(context({ values: { name: 'x' }, problems: {} }))).toBe(base)
    expect(title(context())).toBe(base)
  })

  test('at run time the data is the one the server hands over (the build’s), not content/ read again', async () => {
    const handed: CataloguePageData = { ...contactData!, head: { ...contactData!.head, title: 'From the build' } }
    expect(await data({ contactPageData: handed } as unknown as PageContextServer)).toBe(handed)
    expect(await data({} as unknown as PageContextServer)).toEqual(contactData)
  })
})
