// /unsubscribe?t=<token>: the one-click unsubscribe of the customer's e-mails (RFC 8058,
// docs/decisions/051-customer-mail.md). The token (src/server/mail/unsubscribe.ts) names the
// address and is the credential; no account, no session.
// - POST with the body `List-Unsubscribe=One-Click` (what a mail program's "Unsubscribe" button
//   sends, RFC 8058 §3.2; the page's own button sends the same): the address goes on the
//   suppression list at once and the answer says so. No Origin or Sec-Fetch-Site check, unlike
//   every other POST here: the mail provider posts it from its own servers, with no Origin of
//   ours, and the worst a forged post can do is what its token already allows, stop the mail to
//   that one address.
// - GET: a small page with the button, and nothing done: link scanners and mail previews follow
//   every link they see, and must not unsubscribe anyone.
// A token that is not valid gets a 404 page that says how else to stop the mail. The pages are
// plain, self-contained HTML (their one style by its hash in the CSP), never cached, not indexed.
import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { AppEnv } from './app.ts'
import type { Db } from './db/client.ts'
import { isSuppressed, suppress } from './db/customer-mail.ts'
import type { Logger } from './log.ts'
import type { UnsubscribeLinks } from './mail/unsubscribe.ts'
import { limitBody } from './request.ts'
import { escapeMarkup } from '../templates/escape.ts'

/** The one body RFC 8058 posts. */
const ONE_CLICK = 'One-Click'

const STYLE = `body{margin:0;font:18px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:32rem;margin:0 auto;padding:2rem 1.25rem}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 1rem}
button{min-height:3rem;padding:.75rem 1.5rem;font:inherit;font-weight:700;color:#fff;background:#1e3a8a;border:0;border-radius:.5rem;cursor:pointer}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
a{color:#1e3a8a}`

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64')

/** Only this page's style, and its form posting back here. */
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`

/** An address shown without giving it all away to whoever holds a forwarded link: d***@example.com. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 1) return '***'
  return `${address.slice(0, 1)}***${address.slice(at)}`
}

export type UnsubscribeDeps = {
  db: Db
  log: Logger
  links: UnsubscribeLinks
  business: { name: string; phone: { display: string } }
}

export function unsubscribePage({ db, log, links, business }: UnsubscribeDeps): Hono<AppEnv> {
  const company = escapeMarkup(business.name)
  const phone = escapeMarkup(business.phone.display)

  function page(c: Context<AppEnv>, title: string, body: string, status: 200 | 400 | 404 | 503 = 200) {
    c.header('cache-control', 'no-store')
    c.header('referrer-policy', 'no-referrer')
    c.header('x-robots-tag', 'noindex, nofollow')
    c.header('content-security-policy', PAGE_CSP)
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeMarkup(title)} | ${company}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeMarkup(title)}</h1>
${body}
</main>
</body>
</html>
`
    return c.html(html, status)
  }

  const notValid = (c: Context<AppEnv>) =>
    page(
      c,
      'This link is not valid',
      `<p>To stop our e-mails, reply to one of them and say so, or call us at <a href="tel:${phone.replace(/[^\d+]/g, '')}">${phone}</a>.</p>`,
      404,
    )

  const done = (c: Context<AppEnv>, address: string) =>
    page(
      c,
      'You are unsubscribed',
      `<p>${company} will send no more automated e-mails to ${escapeMarkup(maskAddress(address))}.</p>
<p>To reach us, call <a href="tel:${phone.replace(/[^\d+]/g, '')}">${phone}</a>.</p>`,
    )

  /** The address a request's token names, or null; throws when the key cannot be read. */
  const addressOf = (c: Context<AppEnv>) => links.read(c.req.query('t') ?? '')

  const app = new Hono<AppEnv>()

  app.get('/', async (c) => {
    try {
      const address = await addressOf(c)
      if (!address) return notValid(c)
      if (await isSuppressed(db.k, address)) return done(c, address)
      const action = `/unsubscribe?t=${encodeURIComponent(c.req.query('t') ?? '')}`
      return page(
        c,
        'Unsubscribe',
        `<p>Stop the automated e-mails from ${company} to ${escapeMarkup(maskAddress(address))}: review requests and service reminders.</p>
<form method="post" action="${escapeMarkup(action)}">
<input type="hidden" name="List-Unsubscribe" value="${ONE_CLICK}">
<button type="submit">Unsubscribe</button>
</form>`,
      )
    } catch (error) {
      log.error('an unsubscribe link could not be read', { error })
      return page(c, 'Please try again', '<p>This page could not be shown just now. Please try again later.</p>', 503)
    }
  })

  app.post(
    '/',
    limitBody(4096, (c) => c.text('Request too large.', 413)),
    async (c) => {
      try {
        const body: Record<string, unknown> = await c.req.parseBody().catch(() => ({}))
        if (body['List-Unsubscribe'] !== ONE_CLICK)
          return page(
            c,
            'Unsubscribe',
            '<p>This form was not sent as it should be. Please use the button again.</p>',
            400,
          )
        const address = await addressOf(c)
        if (!address) return notValid(c)
        await suppress(db, address, 'one-click', new Date().toISOString())
        log.info('an address unsubscribed', {})
        return done(c, address)
      } catch (error) {
        log.error('an unsubscribe could not be recorded', { error })
        return page(c, 'Please try again', '<p>This could not be recorded just now. Please try again later.</p>', 503)
      }
    },
  )

  return app
}
