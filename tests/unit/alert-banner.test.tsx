// The alert-health banner's words for each problem (the e2e test sees the "no alert" one; a failing
// channel and alerts left waiting need a server in trouble, so their words are checked here).
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Problem, problemsToSay } from '../../src/admin/AlertBanner.tsx'
import { T } from '../../src/admin/messages.ts'

const NOW = Date.parse('2026-11-23T15:00:00.000Z')
const text = (html: string) =>
  html
    .replace(/<\/p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .trim()

describe('the alert-health banner', () => {
  it('says which channel fails, how many wait since when, the last error, and what to do', () => {
    const html = renderToStaticMarkup(
      <Problem
        now={NOW}
        problem={{
          kind: 'failing',
          channel: 'email',
          count: 3,
          error: 'connect ECONNREFUSED 127.0.0.1:25',
          since: '2026-11-23T14:48:00.000Z',
        }}
      />,
    )
    expect(text(html)).toBe(
      [
        'E-mail alerts failing: 3 not sent, the first 12 min ago.',
        'Last error: connect ECONNREFUSED 127.0.0.1:25',
        'Check SMTP_URL (server, user, password) with your mail provider. They are retried automatically.',
      ].join('\n'),
    )
    expect(
      text(
        renderToStaticMarkup(
          <Problem
            now={NOW}
            problem={{ kind: 'failing', channel: 'webhook', count: 1, error: '502', since: '2026-11-23T14:59:30.000Z' }}
          />,
        ),
      ),
    ).toContain('Webhooks failing: 1 not sent')
  })

  it('says how many alerts have waited more than 5 minutes, and what to do', () => {
    const html = renderToStaticMarkup(
      <Problem now={NOW} problem={{ kind: 'waiting', count: 2, oldest: '2026-11-23T14:52:00.000Z' }} />,
    )
    expect(text(html)).toBe(
      [
        '2 alerts have been waiting more than 5 minutes (the oldest 8 min ago).',
        "Check the server's log. Meanwhile keep this inbox open: new requests show up here.",
      ].join('\n'),
    )
  })
  it('says when the server ignores a proxy it does not trust, and what to set', () => {
    expect(
      text(
        renderToStaticMarkup(
          <Problem now={NOW} problem={{ kind: 'untrusted-proxy', since: '2026-11-23T14:48:00.000Z' }} />,
        ),
      ),
    ).toBe(
      [
        'The server sits behind a proxy it does not trust (first seen 12 min ago): every visitor counts as one, so a stranger can block the contact form and the sign-in for everyone.',
        'Set TRUST_PROXY to the number of proxies in front of the server (usually 1) and restart it.',
      ].join('\n'),
    )
  })

  it('says one line, from the most pressing problem, and never alerts "waiting" when none is set up', () => {
    const waiting = { kind: 'waiting', count: 26, oldest: '2026-11-23T12:00:00.000Z' } as const
    const failing = {
      kind: 'failing',
      channel: 'email',
      count: 1,
      error: 'x',
      since: '2026-11-23T14:00:00.000Z',
    } as const
    expect(problemsToSay([waiting, { kind: 'none' }])).toEqual([{ kind: 'none' }])
    expect(problemsToSay([waiting, failing]).map((p) => p.kind)).toEqual(['failing', 'waiting'])
    expect(T.alerts.problems.none.headline()).toBe("Alerts aren't reaching your phone. Turn on notifications")
    expect(T.alerts.problems.failing.headline(failing)).toBe("E-mail alerts aren't getting through. Tap for what to do")
    expect(T.alerts.problems.waiting.headline(waiting)).toBe('Alerts are late: 26 not sent yet')
  })

  it('says when the daily test alert was not tapped, after the problems that say more, and what to do', () => {
    const unconfirmed = { kind: 'test-unconfirmed', day: '2026-11-23', since: '2026-11-23T12:00:00.000Z' } as const
    expect(text(renderToStaticMarkup(<Problem now={NOW} problem={unconfirmed} />))).toBe(
      [
        'The daily test alert went to your phones 3 h ago, and nobody tapped it.',
        'A phone that no longer shows alerts (notifications turned off, or the subscription dropped by the phone) will not ring for a new request either.',
        'On each phone that should ring: open this inbox and turn notifications off and on again with the switch above. This warning goes away when the next daily test is tapped.',
      ].join('\n'),
    )
    expect(T.alerts.problems['test-unconfirmed'].headline()).toBe(
      "The daily test alert wasn't tapped. Check your phone's notifications",
    )
    expect(problemsToSay([unconfirmed, { kind: 'none' }])).toEqual([{ kind: 'none' }])
    const proxy = { kind: 'untrusted-proxy', since: '2026-11-23T12:00:00.000Z' } as const
    expect(problemsToSay([unconfirmed, proxy]).map((p) => p.kind)).toEqual(['untrusted-proxy', 'test-unconfirmed'])
  })
})
