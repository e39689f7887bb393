// The daily spam digest (decision 033) on SQLite and PostgreSQL, with a real SMTP server in this
// process and the clock given: after 7:00 office time, one e-mail lists what arrived the day before
// and was filed as spam on arrival, each with a link into the inbox; nothing on a day without spam;
// once, with two instances at it together; retried when the mail server is down.
import { afterEach, describe, expect, it } from 'vitest'
import { storeContactRequest } from '../../src/server/contact/store.ts'
import { updateSubmission } from '../../src/server/db/changes.ts'
import { composeSpamDigest, runSpamDigest } from '../../src/server/alerts/spam-digest.ts'
import { smtpSender } from '../../src/server/mail/transport.ts'
import { officeClock } from '../../src/server/office.ts'
import { freePort } from '../../scripts/lib/server.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { clearRequests, suiteDb } from '../helpers/suite-db.ts'

const TZ = 'America/New_York'
const ORIGIN = 'https://www.longbar-hvac.example'
const settings = {
  company: 'Longbar',
  publicOrigin: ORIGIN,
  from: 'web@x.example',
  to: 'office@x.example',
  timeZone: TZ,
}

describe.each(STORAGE_KINDS)('the spam digest on %s', (kind) => {
  const suite = suiteDb(kind)
  let smtp: TestSmtp | undefined
  let sender: ReturnType<typeof smtpSender> | undefined
  let clients = 0

  const store = async (name: string, when: string, spam: boolean) => {
    const r = await storeContactRequest(suite.db, {
      message: { name, phone: '(410) 555-0142', ...(spam ? { website: 'http://spam.example' } : {}) },
      clientKey: `digest-${clients++}`,
      now: new Date(when),
    })
    if (!r.stored) throw new Error('not stored')
    return r.id
  }
  const run = (now: string, smtpUrl: string) => {
    sender?.close()
    sender = smtpSender(smtpUrl)
    return runSpamDigest(suite.db, {
      now: new Date(now),
      timeZone: TZ,
      send: sender.send,
      compose: (day, items) => composeSpamDigest(day, items, settings),
    })
  }

  afterEach(async () => {
    sender?.close()
    await smtp?.close()
    sender = smtp = undefined
    await clearRequests(suite.db)
  })

  it("sends yesterday's spam after 7:00 office time, once, with a link to each; nothing on a day without", async () => {
    smtp = await startSmtp()
    // Sunday, November 22 in New York: 10:00 AM and 10:30 PM (already Monday in UTC).
    const morning = await store('Spammy Sunday', '2026-11-22T15:00:00.000Z', true)
    const night = await store('Late Bot', '2026-11-23T03:30:00.000Z', true)
    await store('Monday Bot', '2026-11-23T14:00:00.000Z', true)
    await store('Real Sunday', '2026-11-22T16:00:00.000Z', false)
    const byOffice = await store('Filed By Office', '2026-11-22T17:00:00.000Z', false)
    await updateSubmission(suite.db, byOffice, { is_spam: true }, officeClock({ hours: [], timeZone: TZ }))

    expect(await run('2026-11-23T11:59:00.000Z', smtp.url)).toBe('early') // 6:59 AM
    expect(await run('2026-11-23T12:01:00.000Z', smtp.url)).toBe('sent') // 7:01 AM
    expect(await run('2026-11-23T12:30:00.000Z', smtp.url)).toBe('taken')
    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]!
    expect(mail.to).toEqual(['office@x.example'])
    expect(mail.subject).toBe('Filed as spam on Sunday, November 22: 2 requests')
    expect(mail.text).toBe(
      [
        '2 requests sent through the Longbar website on Sunday, November 22 were filed as spam, without an alert.',
        'If one is a real customer, open it and tap "Not spam": it moves to the inbox and is announced.',
        '',
        '- 10:00 AM  Spammy Sunday (honeypot field filled in)',
        `  ${ORIGIN}/admin?request=${morning}`,
        '- 10:30 PM  Late Bot (honeypot field filled in)',
        `  ${ORIGIN}/admin?request=${night}`,
        '',
        `Open the inbox: ${ORIGIN}/admin`,
        '',
      ].join('\n'),
    )

    // Wednesday had no spam: Thursday morning sends nothing and writes nothing.
    expect(await run('2026-11-26T12:05:00.000Z', smtp.url)).toBe('nothing')
    expect(await suite.db.k.selectFrom('spam_digests').select('day').orderBy('day').execute()).toEqual([
      { day: '2026-11-22' },
    ])
  })

  it('is sent once with two instances at it together, and retried while the mail server is down', async () => {
    await store('Monday Bot', '2026-11-23T14:00:00.000Z', true)
    const down = `smtp://127.0.0.1:${await freePort()}`
    expect(await run('2026-11-24T12:01:00.000Z', down)).toBe('failed')
    const [row] = await suite.db.k.selectFrom('spam_digests').selectAll().execute()
    expect(row).toMatchObject({ day: '2026-11-23', attempts: 1, sent_at: null })
    expect(row!.last_error).toMatch(/ECONNREFUSED/)
    smtp = await startSmtp()
    // Not before its retry is due (5 minutes).
    expect(await run('2026-11-24T12:03:00.000Z', smtp.url)).toBe('taken')
    const a = smtpSender(smtp.url)
    const b = smtpSender(smtp.url)
    const both = await Promise.all(
      [a, b].map((s) =>
        runSpamDigest(suite.db, {
          now: new Date('2026-11-24T12:07:00.000Z'),
          timeZone: TZ,
          send: s.send,
          compose: (day, items) => composeSpamDigest(day, items, settings),
        }),
      ),
    )
    a.close()
    b.close()
    expect(both.sort()).toEqual(['sent', 'taken'])
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.subject).toBe('Filed as spam on Monday, November 23: 1 request')
  })
})
