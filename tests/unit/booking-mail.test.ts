// The words of the customer's side of booking (docs/booking.md): the confirmation of a request that
// holds a window (the line, the link, the calendar file), and the office's alerts of a change the
// customer made (e-mail, push).
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../src/catalogue/load.ts'
import type { StoredBooking } from '../../src/lead/booking.ts'
import { pushMessage } from '../../src/server/alerts/push.ts'
import type { Submission } from '../../src/server/db/submissions.ts'
import { composeConfirmation } from '../../src/server/mail/confirmation.ts'
import { composeNotification } from '../../src/server/mail/notification.ts'

const catalogue = loadCatalogue()
const { business } = catalogue
const rules = catalogue.booking!
const settings = {
  text: catalogue.confirmation,
  office: { hours: business.hours, timeZone: business.timeZone },
  replyTo: business.email,
  from: 'web@longbar-hvac.example',
  publicOrigin: 'https://www.longbar-hvac.example',
  booking: { rules, business },
}
const request = {
  id: '3f0b1c2a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  created_at: '2026-11-23T15:00:00.000Z',
  name: 'Dana Whitaker',
  phone: '(410) 555-0199',
  email: 'dana@example.com',
  service: 'heating-repair',
  message: 'Gate code 1234, call first',
  zip: '21014',
  zip_place: 'Bel Air',
  urgency: null,
} as unknown as Submission
const booking: StoredBooking = {
  submissionId: request.id,
  date: '2026-12-01',
  start: '08:00',
  end: '10:00',
  startsAt: '2026-12-01T13:00:00.000Z',
  endsAt: '2026-12-01T15:00:00.000Z',
  status: 'booked',
}
const LINK = 'https://www.longbar-hvac.example/booking/AbC-_1'

describe('the confirmation of a request that holds a window', () => {
  it('names the window, gives the link, and attaches its calendar file', () => {
    const mail = composeConfirmation(request, 'dana@example.com', settings, {
      booking,
      link: LINK,
      at: new Date('2026-11-23T15:00:05.000Z'),
    })
    expect(mail.text).toContain(
      `Service: Heating Repair\n\nYour arrival window: Tue Dec 1, 8–10 am. We will call to confirm it.\n\n${rules.link.email}\n${LINK}\n\n`,
    )
    expect(mail.attachments).toHaveLength(1)
    const [file] = mail.attachments!
    expect(file).toMatchObject({
      filename: 'arrival-window.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    })
    const lines = file!.content.replace(/\r\n /g, '').split('\r\n')
    expect(lines).toEqual(
      expect.arrayContaining([
        `UID:booking-${request.id}@www.longbar-hvac.example`,
        'DTSTAMP:20261123T150005Z',
        'DTSTART:20261201T130000Z',
        'DTEND:20261201T150000Z',
        'SUMMARY:Arrival window: Longbar Heating & Cooling',
        'LOCATION:Bel Air 21014',
        `DESCRIPTION:The technician arrives within this window. To change it\\, call ${business.phone.display}.`,
      ]),
    )
    // Nothing the visitor typed, in the e-mail or the file.
    for (const words of ['Gate code', 'Dana']) {
      expect(mail.text).not.toContain(words)
      expect(file!.content).not.toContain(words)
    }
  })

  it('says a window the office confirmed is confirmed, and gives no link it could not sign', () => {
    const mail = composeConfirmation(request, 'dana@example.com', settings, {
      booking: { ...booking, status: 'confirmed' },
      link: undefined,
    })
    expect(mail.text).toContain(`Your arrival window: Tue Dec 1, 8–10 am. ${rules.link.confirmed}\n`)
    expect(mail.text).not.toContain(rules.link.email)
    expect(mail.attachments).toHaveLength(1)
  })

  it('is the plain confirmation without a window', () => {
    const mail = composeConfirmation(request, 'dana@example.com', settings)
    expect(mail.text).not.toContain(rules.texts.booked)
    expect(mail.attachments).toBeUndefined()
  })
})

describe("the office's alert of a change the customer made", () => {
  const change = {
    detail: 'Booking moved by the customer: Tue Dec 1, 8–10 am → Wed Dec 2, 10 am–12 pm',
    at: '2026-11-24T10:00:00.000Z',
  }
  const office = { company: business.name, publicOrigin: settings.publicOrigin, from: settings.from, to: 'o@x.example' }

  it('is an e-mail that opens with the change, one per change', () => {
    const mail = composeNotification(request, office, 'booking', change)
    expect(mail.subject).toBe('Booking changed by the customer: Dana Whitaker – Heating Repair')
    expect(mail.text.split('\n')[0]).toBe(`${change.detail}.`)
    const later = composeNotification(request, office, 'booking', { ...change, at: '2026-11-24T11:00:00.000Z' })
    expect(later.messageId).not.toBe(mail.messageId)
    expect(composeNotification(request, office, 'booking', change).messageId).toBe(mail.messageId)
  })

  it('is a push that says it', () => {
    expect(pushMessage('booking', request, change.detail)).toMatchObject({
      title: 'Booking changed: Dana Whitaker',
      body: change.detail,
      urgent: false,
    })
  })
})
