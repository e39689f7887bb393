// The pure parts of the customer's e-mails (decision 051): the unsubscribe token, the headers, the
// review request's and the reminder's words, the card's "Ask for a review" text link, the groups
// of Visits due.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { smsBodyHref } from '../../src/admin/format.ts'
import { groupVisits } from '../../src/server/admin/visits.ts'
import type { Submission } from '../../src/server/db/submissions.ts'
import { composeReviewRequest, composeVisitReminder, visitDateWords } from '../../src/server/mail/customer.ts'
import { addressOfToken, unsubscribeHeaders, unsubscribeToken } from '../../src/server/mail/unsubscribe.ts'
import { maskAddress } from '../../src/server/unsubscribe.ts'

const key = randomBytes(32)

describe('the unsubscribe token', () => {
  it('names the address, lower case, and nothing else verifies', () => {
    const token = unsubscribeToken(key, ' Dana@Example.COM ')
    expect(token).toMatch(/^[\w-]+$/)
    expect(addressOfToken(key, token)).toBe('dana@example.com')
    expect(addressOfToken(randomBytes(32), token)).toBeNull()
    const bytes = Buffer.from(token, 'base64url')
    bytes[3] = bytes[3]! ^ 1
    expect(addressOfToken(key, bytes.toString('base64url'))).toBeNull()
    for (const bad of ['', 'x', 'a'.repeat(2000), 'not base64!', `${token}=`])
      expect(addressOfToken(key, bad)).toBeNull()
  })

  it('makes the RFC 8058 headers', () => {
    expect(unsubscribeHeaders('https://example.com/unsubscribe?t=abc')).toEqual({
      'List-Unsubscribe': '<https://example.com/unsubscribe?t=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })

  it('shows the address masked on its page', () => {
    expect(maskAddress('dana@example.com')).toBe('d***@example.com')
    expect(maskAddress('nonsense')).toBe('***')
  })
})

describe("the customer's e-mails", () => {
  const settings = {
    company: 'Longbar Heating & Cooling',
    phone: '(410) 555-0142',
    replyTo: 'info@example.com',
    from: 'web@example.com',
    publicOrigin: 'https://www.example.com',
    reviewUrl: 'https://g.page/r/x/review',
    booking: true,
  }
  const s = { id: 'abc', name: 'Dana\u0000 Whitaker', message: 'The tech was rude' } as Submission

  it('asks every customer for a review in the same words, with the unsubscribe', () => {
    const mail = composeReviewRequest(s, 'dana@example.com', settings, 'https://www.example.com/unsubscribe?t=x')
    expect(mail.text.startsWith('Hello Dana,\n')).toBe(true)
    expect(mail.text).toContain('https://g.page/r/x/review')
    expect(mail.text).toContain('To receive no more e-mails like this one: https://www.example.com/unsubscribe?t=x')
    expect(mail.text).not.toContain('rude')
    expect(mail.headers).toMatchObject({
      'List-Unsubscribe': '<https://www.example.com/unsubscribe?t=x>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(mail.messageId).toBe('<review-abc@www.example.com>')
  })

  it("reminds of a visit by its calendar date, with the booking form's link only where booking is on", () => {
    expect(visitDateWords('2026-12-02')).toBe('Wednesday, December 2')
    const mail = composeVisitReminder(s, 'dana@example.com', '2026-12-02', settings, 'https://u')
    expect(mail.subject).toBe('Your next service visit: Wednesday, December 2')
    expect(mail.text).toContain('https://www.example.com/contact#contact-form')
    expect(mail.messageId).toBe('<visit-abc-2026-12-02@www.example.com>')
    const noBooking = composeVisitReminder(s, 'dana@example.com', '2026-12-02', { ...settings, booking: false }, 'u')
    expect(noBooking.text).not.toContain('/contact#')
    expect(noBooking.text).toContain('Call us at (410) 555-0142 to set a time.')
  })
})

describe('"Ask for a review" by text', () => {
  it('is an sms: link with the words percent-encoded after ?&body=', () => {
    expect(smsBodyHref('(410) 555-0199', 'Hi Dana, a review? https://g.page/r/x/review?a=1&b=2')).toBe(
      'sms:+14105550199?&body=Hi%20Dana%2C%20a%20review%3F%20https%3A%2F%2Fg.page%2Fr%2Fx%2Freview%3Fa%3D1%26b%3D2',
    )
  })
})

describe('Visits due', () => {
  it('groups the visits into overdue, this month and next month by the office day', () => {
    const v = (date: string) => ({ id: date, name: '', phone: null, email: null, date, plan: null, reminded: false })
    const groups = groupVisits(
      [v('2026-10-30'), v('2026-11-26'), v('2026-11-30'), v('2026-12-01'), v('2026-12-31')],
      '2026-11-26',
    )
    expect(groups.overdue.map((x) => x.date)).toEqual(['2026-10-30'])
    expect(groups.thisMonth.map((x) => x.date)).toEqual(['2026-11-26', '2026-11-30'])
    expect(groups.nextMonth.map((x) => x.date)).toEqual(['2026-12-01', '2026-12-31'])
  })
})
