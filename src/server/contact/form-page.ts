// The /contact page as it comes back when a form sent without JavaScript has problems: the
// prerendered HTML with the visitor's values put back into their fields, each problem under its
// field (aria-invalid, aria-describedby), all of them listed in the box at the top of the form
// (which takes the focus when the page loads) and the page title prefixed with the box's heading.
// Plain string work on the markup of src/sections/ContactForm.tsx, found by the markers of
// src/contact/markup.ts: the server runs TypeScript without JSX. Everything inserted is escaped
// text. Inline <script> and <style> are left as they are, so the page's CSP hashes still hold.
import { FIELDS, type Field } from '../../contact/message.ts'
import { controlId, FIELD_ATTR, PROBLEM_ATTR, PROBLEM_LIST_ATTR, PROBLEMS_ATTR, PROBLEMS_HEADING_ATTR, problemId, SUMMARY_ATTR } from '../../contact/markup.ts'

export type ContactFormState = {
  /** What the visitor sent, as sent. */
  values: Partial<Record<Field, string>>
  /** The problem text of each field that has one (from the page's copy). */
  problems: Partial<Record<Field, string>>
  /** A problem of the whole request (rate limited, storage down), shown above the list. */
  summary?: string
}

/** Text made safe for HTML text and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string)
}

export function fillContactPage(html: string, state: ContactFormState): string {
  const page = new Markup(html)
  const listed = FIELDS.filter((field) => state.problems[field])

  for (const field of FIELDS) {
    const value = state.values[field]
    const problem = state.problems[field]
    if (value !== undefined) {
      const control = page.find(FIELD_ATTR, field)
      // A textarea drops one newline right after its start tag: give it one to drop.
      if (control.name === 'textarea') page.setContent(control, `\n${escapeHtml(value)}`)
      else if (control.name === 'select') page.selectOption(control, value)
      else page.setTag(control, control.with('value', value))
    }
    if (problem) {
      const control = page.find(FIELD_ATTR, field)
      const id = problemId(field)
      const described = (control.attr('aria-describedby') ?? '').split(' ').filter((x) => x && x !== id)
      page.setTag(control, control.with('aria-invalid', 'true').with('aria-describedby', [...described, id].join(' ')))
      const slot = page.find(PROBLEM_ATTR, field)
      page.setTag(slot, slot.without('hidden'))
      page.setContent(page.find(PROBLEM_ATTR, field), escapeHtml(problem))
    }
  }

  if (listed.length > 0 || state.summary) {
    const box = page.find(PROBLEMS_ATTR)
    page.setTag(box, box.without('hidden').with('autofocus', ''))
    if (state.summary) {
      const summary = page.find(SUMMARY_ATTR)
      page.setTag(summary, summary.without('hidden'))
      page.setContent(page.find(SUMMARY_ATTR), escapeHtml(state.summary))
    }
    const items = listed.map((field) => `<li><a href="#${controlId(field)}">${escapeHtml(state.problems[field] as string)}</a></li>`)
    page.setContent(page.find(PROBLEM_LIST_ATTR), items.join(''))
    // Screen reader users hear the title first; the heading is escaped text already.
    const heading = page.content(page.find(PROBLEMS_HEADING_ATTR))
    const title = page.title()
    page.setContent(title, `${heading} – ${page.content(title)}`)
  }
  return page.html
}

type Attrs = readonly (readonly [name: string, value: string | undefined])[]

const printTag = (name: string, attrs: Attrs, selfClosing: boolean) => `<${name}${attrs.map(([n, v]) => (v === undefined ? ` ${n}` : ` ${n}="${v}"`)).join('')}${selfClosing ? '/' : ''}>`

/** A start tag of the page: where it is, its name and its attributes (values as written, escaped). */
class Tag {
  readonly start: number
  readonly end: number
  readonly name: string
  readonly attrs: Attrs
  readonly selfClosing: boolean

  constructor(source: string, start: number, end: number) {
    const m = /^<([a-zA-Z][\w-]*)((?:\s+[^\s"'=/>]+(?:="[^"]*")?)*)\s*(\/?)>$/.exec(source)
    if (!m) throw new Error(`fillContactPage: cannot read the tag ${source.slice(0, 120)}`)
    this.start = start
    this.end = end
    this.name = (m[1] as string).toLowerCase()
    this.attrs = [...(m[2] as string).matchAll(/\s+([^\s"'=/>]+)(?:="([^"]*)")?/g)].map((a) => [(a[1] as string).toLowerCase(), a[2]] as const)
    this.selfClosing = m[3] === '/'
  }

  attr(name: string): string | undefined {
    return this.attrs.find(([n]) => n === name)?.[1]
  }

  /** The tag's source with `name` set to the (unescaped) `value`. */
  with(name: string, value: string): Tag {
    return this.rewrite([...this.attrs.filter(([n]) => n !== name), [name, escapeHtml(value)]])
  }

  without(name: string): Tag {
    return this.rewrite(this.attrs.filter(([n]) => n !== name))
  }

  toString(): string {
    return printTag(this.name, this.attrs, this.selfClosing)
  }

  private rewrite(attrs: Attrs): Tag {
    const source = printTag(this.name, attrs, this.selfClosing)
    return new Tag(source, this.start, this.start + source.length)
  }
}

/** The page being filled. Each lookup reads the current text, so earlier edits never shift it. */
class Markup {
  html: string

  constructor(html: string) {
    this.html = html
  }

  /** The one start tag carrying the marker attribute `attr="value"`; throws when there is not exactly one. */
  find(attr: string, value = ''): Tag {
    const marker = ` ${attr}="${value}"`
    const at = this.html.indexOf(marker)
    const count = at === -1 ? 0 : this.html.indexOf(marker, at + 1) === -1 ? 1 : 2
    if (count !== 1) {
      throw new Error(
        `fillContactPage: the contact page has ${count === 0 ? 'no' : 'more than one'} element with ${marker.trim()}; ` +
          'src/sections/ContactForm.tsx and src/server/contact/form-page.ts must agree on the markers of src/contact/markup.ts.',
      )
    }
    // React escapes < and > in attribute values, so the nearest ones are the tag's own.
    const start = this.html.lastIndexOf('<', at)
    const end = this.html.indexOf('>', at) + 1
    return new Tag(this.html.slice(start, end), start, end)
  }

  title(): Tag {
    const at = this.html.indexOf('<title>')
    if (at === -1 || this.html.indexOf('<title>', at + 1) !== -1) throw new Error('fillContactPage: the contact page must have exactly one <title>.')
    return new Tag('<title>', at, at + '<title>'.length)
  }

  setTag(old: Tag, next: Tag): void {
    this.html = this.html.slice(0, old.start) + next.toString() + this.html.slice(old.end)
  }

  /** Where the element's content ends: its closing tag (the elements filled here hold no element of their own kind). */
  private closing(tag: Tag): number {
    const at = this.html.indexOf(`</${tag.name}>`, tag.end)
    if (at === -1) throw new Error(`fillContactPage: <${tag.name}> has no closing tag.`)
    return at
  }

  content(tag: Tag): string {
    return this.html.slice(tag.end, this.closing(tag))
  }

  setContent(tag: Tag, html: string): void {
    this.html = this.html.slice(0, tag.end) + html + this.html.slice(this.closing(tag))
  }

  /** Selects the option whose value is `value`; with none (not one of the list), the first stays shown. */
  selectOption(select: Tag, value: string): void {
    const wanted = escapeHtml(value)
    const options = this.content(select).replace(/<option\b[^>]*>/g, (source) => {
      const option = new Tag(source, 0, source.length).without('selected')
      return (option.attr('value') === wanted ? option.with('selected', '') : option).toString()
    })
    this.setContent(select, options)
  }
}
