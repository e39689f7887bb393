// The text of a chat alert (Slack, Teams), with what a visitor typed made inert by each dialect's
// own rules (decision 040, docs/security.md). A visitor's name, phone or message must never ping a
// channel (`<!channel>`), plant a disguised link (`<https://evil.example|Open the inbox>`,
// `[Open the inbox](https://evil.example)`), nor become a link at all: the only link in an alert is
// the inbox's, built from PUBLIC_ORIGIN. Each dialect has one escaper, used for every visitor field.

/** The chat dialects a webhook can speak. */
type ChatDialect = 'slack' | 'teams'

/**
 * Anything a chat client would turn into a link on its own: a scheme's `://` and the dots of a
 * host name (`evil.example`, `name@mail.example`). The `://` becomes `:∕∕` (U+2215) and each dot
 * between letters or digits and a letter `․` (U+2024): still readable, never a link.
 */
function defang(text: string): string {
  return text.replace(/:\/\//g, ':\u2215\u2215').replace(/(?<=[\p{L}\p{N}_-])\.(?=\p{L})/gu, '\u2024')
}

/**
 * Slack's own escaping (https://api.slack.com/reference/surfaces/formatting#escaping): `&`, `<`
 * and `>` as entities, so `<!channel>`, `<@U123>` and `<url|label>` stay text.
 */
export function slackEscape(text: string): string {
  return defang(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * Teams (an Adaptive Card's TextBlock) reads a subset of Markdown: links `[label](url)`, emphasis
 * `*` `_`, lists and headings at the start of a line. Its renderers do not agree on backslash
 * escapes, so each character that opens that syntax is swapped for a look-alike that no Markdown
 * reads: `[ ]` → `［ ］` (so no `](` ever opens a link), `*` → `∗`, `_` → `＿`, `~` → `∼`, `#` → `＃`, `` ` `` → `ˋ`,
 * and `<` `>` (autolinks) → `‹ ›`. A line's leading `-`, `+` or `1.` cannot start a list: the text
 * is one line (see chatText).
 */
export function teamsEscape(text: string): string {
  const swaps: Record<string, string> = {
    '[': '\uFF3B',
    ']': '\uFF3D',
    '*': '\u2217',
    _: '\uFF3F',
    '~': '\u223C',
    '#': '\uFF03',
    '`': '\u02CB',
    '<': '\u2039',
    '>': '\u203A',
  }
  return defang(text).replace(/[[\]*_~#`<>]/g, (c) => swaps[c] ?? c)
}

const ESCAPE: Record<ChatDialect, (text: string) => string> = { slack: slackEscape, teams: teamsEscape }

/** What a chat alert says: a head (our words), the visitor's fields, the first words of the message. */
export type ChatAlert = {
  head: string
  /** Name, phone, service: visitor text, escaped here. */
  who: readonly (string | null)[]
  /** The message, visitor text, escaped here; cut to one line. */
  message: string | null
  /** The inbox's address (PUBLIC_ORIGIN + /admin?request=id): the one link. */
  inboxUrl: string
}

/** The first words of a message, on one line (so no line of it can start a list or a quote). */
const firstWords = (text: string | null, max = 200) => {
  const line = (text ?? '').replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/** One short text for a chat channel: what happened, who, and where to read it. */
export function chatText(dialect: ChatDialect, alert: ChatAlert): string {
  const esc = ESCAPE[dialect]
  const who = alert.who
    .filter((w): w is string => Boolean(w))
    .map((w) => esc(firstWords(w)))
    .join(' · ')
  const words = esc(firstWords(alert.message))
  return [`${alert.head}: ${who}`, ...(words ? [words] : []), `Open the inbox: ${alert.inboxUrl}`].join('\n')
}
