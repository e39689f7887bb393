// Chat alerts carry visitor text inert by each dialect's rules (issue 20, finding 1; decision 040).
import { describe, expect, it } from 'vitest'
import { chatText, slackEscape, teamsEscape } from '../../src/server/alerts/chat-text.ts'

const INBOX = 'https://www.longbar.example/admin?request=0b6c5a43-4c8e-4f5e-9d4e-2b1f0e7c9a11'
const HOSTILE_NAME = '<!channel> <https://evil.example/admin|Open the inbox>'
const HOSTILE_MESSAGE = '[Open the inbox](https://evil.example/admin) **now** _please_ <@U123> & www.evil.example'

/** Every address a chat client could turn into a link: a scheme's `://`, a bare host name, and the dialect's own link syntax. */
const links = (text: string, dialect: RegExp) =>
  [...text.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^\s|>)]+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b/gi), ...text.matchAll(dialect)].map(
    (m) => m[0],
  )
const SLACK_LINK = /<[^>]*>/g
const MARKDOWN_LINK = /\[[^\]]*\]\([^)]*\)/g

describe('Slack', () => {
  it('escapes & < > so mentions and <url|label> links stay text', () => {
    expect(slackEscape('<!channel> a & b <@U1>')).toBe('&lt;!channel&gt; a &amp; b &lt;@U1&gt;')
    const text = chatText('slack', {
      head: 'New request',
      who: [HOSTILE_NAME, '(410) 555-0142'],
      message: HOSTILE_MESSAGE,
      inboxUrl: INBOX,
    })
    expect(text).not.toMatch(/<!|<@|<https?:/)
    expect(links(text, SLACK_LINK)).toEqual([INBOX])
    expect(text).toContain('&lt;!channel&gt;')
    expect(text.split('\n').at(-1)).toBe(`Open the inbox: ${INBOX}`)
  })
})

describe('Teams', () => {
  it('neutralizes Markdown links and emphasis; the only link is the inbox', () => {
    const text = chatText('teams', {
      head: 'New request',
      who: [HOSTILE_NAME, '(410) 555-0142'],
      message: HOSTILE_MESSAGE,
      inboxUrl: INBOX,
    })
    expect(text).not.toMatch(/\]\(|\*\*|(^|\s)_\S|<!/)
    expect(links(text, MARKDOWN_LINK)).toEqual([INBOX])
    expect(teamsEscape('[x](y) *a* _b_ # c')).toBe('［x］(y) ∗a∗ ＿b＿ ＃ c')
  })
})

describe('both', () => {
  it('keeps ordinary words, numbers and phone numbers as typed', () => {
    for (const esc of [slackEscape, teamsEscape]) {
      expect(esc("Dana O'Neil, 3.5 ton unit, (410) 555-0199, no heat since 6 am.")).toBe(
        "Dana O'Neil, 3.5 ton unit, (410) 555-0199, no heat since 6 am.",
      )
    }
  })
  it('puts a long or multi-line message on one line', () => {
    const text = chatText('slack', {
      head: 'New request',
      who: ['A'],
      message: 'line one\n- item\n# head',
      inboxUrl: INBOX,
    })
    expect(text.split('\n')).toEqual(['New request: A', 'line one - item # head', `Open the inbox: ${INBOX}`])
  })
})
