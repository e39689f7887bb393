// What `npm run check:html` (scripts/check-html.ts) counts in the Nu checker's report: errors in
// the HTML, not its notes, and not what its CSS parser does not know yet.
import { describe, expect, it } from 'vitest'
import { htmlProblems } from '../../scripts/check-html.ts'

describe('the HTML checker', () => {
  it('counts errors in the HTML and leaves out CSS messages and notes', () => {
    const report = JSON.stringify({
      messages: [
        { type: 'error', message: 'CSS: “@property”: Unknown at-rule.' },
        { type: 'info', subType: 'warning', message: 'Consider adding a “lang” attribute.' },
        { type: 'info', message: 'Trailing slash on void elements has no effect.' },
        { type: 'error', message: 'Bad value “100%” for attribute “width” on element “iframe”.' },
        { type: 'error', subType: 'fatal', message: 'Stray end tag “div”.' },
      ],
    })
    expect(htmlProblems(report).map((m) => m.message)).toEqual([
      'Bad value “100%” for attribute “width” on element “iframe”.',
      'Stray end tag “div”.',
    ])
  })
})
