// The contact form's one contract (schemas/contact-message.schema.json) as the server applies it,
// and the pieces around it: the notification e-mail, retry waits, client address (the spam
// signals are in triage.test.ts).
import { describe, expect, it } from 'vitest'
import { contactMessageSchema, fieldRules, SERVICE_OPTIONS, serviceLabel } from '../../src/lead/message.ts'
import { validateContactMessage } from '../../src/server/contact/validate.ts'
import { composeNotification } from '../../src/server/mail/notification.ts'
import { senderAddress } from '../../src/server/mail/transport.ts'
import { retryDelay } from '../../src/server/alerts/worker.ts'
import { withPhoneLinks } from '../../src/lead/phone-links.ts'
import type { Submission } from '../../src/server/db/submissions.ts'

describe('the contact message schema', () => {
  it('lists SPEC §3 service options, values and labels in order', () => {
    expect(SERVICE_OPTIONS).toEqual([
      { value: 'ac-repair', label: 'AC Repair' },
      { value: 'heating-repair', label: 'Heating Repair' },
      { value: 'installation', label: 'New Installation' },
      { value: 'maintenance', label: 'Maintenance' },
      { value: 'commercial', label: 'Commercial Service' },
      { value: 'emergency', label: 'Emergency Service' },
      { value: 'other', label: 'Other' },
    ])
    expect(serviceLabel('installation')).toBe('New Installation')
    expect(serviceLabel('legacy-value')).toBe('legacy-value')
    expect(serviceLabel('')).toBeNull()
  })

  it('gives the form its rules: name and phone required, limits, e-mail type, the phone pattern', () => {
    expect(fieldRules('name')).toEqual({ required: true, maxLength: 100, email: false })
    expect(fieldRules('phone')).toEqual({
      required: true,
      maxLength: 30,
      pattern: '^\\D*(?:\\d\\D*){10,15}$',
      email: false,
    })
    expect(fieldRules('email')).toEqual({
      required: false,
      maxLength: 254,
      pattern: contactMessageSchema.properties.email.pattern,
      email: true,
    })
    expect(fieldRules('message')).toEqual({ required: false, maxLength: 5000, email: false })
    // The pattern works as the browser reads it (the v flag) and as ajv does.
    const browser = new RegExp(`^(?:${fieldRules('phone').pattern})$`, 'v')
    expect(['(410) 555-0142', '+1 410 555 0142', '410.555.0142 ext 12'].every((p) => browser.test(p))).toBe(true)
    expect(['555-0142', '12345678901234567'].some((p) => browser.test(p))).toBe(false)
  })
})

describe('validateContactMessage', () => {
  it("trims, drops empty optional fields and keeps the message's line breaks", () => {
    expect(
      validateContactMessage({
        name: '  Dana  ',
        phone: ' 4105550142 ',
        email: '',
        service: '',
        message: ' a\r\nb\rc ',
      }),
    ).toEqual({
      ok: true,
      message: { name: 'Dana', phone: '4105550142', message: 'a\nb\nc' },
      odd: [],
    })
  })

  it('makes the envelope safe instead of refusing: page, referrer, timing and honeypot', () => {
    const result = validateContactMessage({
      name: 'Dana',
      phone: '4105550142',
      page: 'javascript:alert(1)',
      referrer: 'r'.repeat(3000),
      elapsedMs: '4200',
      website: 'w'.repeat(900),
    })
    expect(result.ok && result.message).toEqual({
      name: 'Dana',
      phone: '4105550142',
      referrer: 'r'.repeat(1000),
      elapsedMs: 4200,
      website: 'w'.repeat(500),
    })
    // What was dropped is named: a weak sign of a bot posting directly (triage.ts suspicionOf).
    expect(result.ok && result.odd).toEqual(['page'])
    for (const elapsedMs of [-5, 'soon', 2999.5, -1])
      expect(validateContactMessage({ name: 'Dana', phone: '4105550142', elapsedMs })).toEqual({
        ok: true,
        message: { name: 'Dana', phone: '4105550142' },
        odd: ['elapsedMs'],
      })
  })

  it('names every wrong field at once', () => {
    expect(
      validateContactMessage({
        name: '',
        phone: 'call me',
        email: 'nope',
        service: 'plumbing',
        message: 'x'.repeat(5001),
      }),
    ).toEqual({
      ok: false,
      fields: { name: 'name', phone: 'phone', email: 'email', service: 'service', message: 'message' },
    })
  })

  it('refuses a body that is not an object', () => {
    for (const body of [null, [], 'text', 42])
      expect(validateContactMessage(body)).toEqual({ ok: false, fields: {}, notAnObject: true })
  })
})

describe('the notification e-mail', () => {
  const submission: Submission = {
    id: '0b6c1f2e-1111-4222-8333-944455556666',
    name: 'Dana\r\nBcc: victim@example.com',
    email: 'dana@example.com',
    phone: '(410) 555-0199',
    service: 'emergency',
    message: 'Line one\nLine two',
    created_at: '2026-01-15T13:05:00.000Z',
    is_read: false,
    read_at: null,
    status: 'new',
    is_client: false,
    client_since: null,
    next_delivery_date: null,
    delivery_frequency: null,
    delivery_notes: null,
    source_page: '/contact',
    referrer: null,
    is_spam: false,
    spam_reason: null,
    updated_at: '2026-01-15T13:05:00.000Z',
    urgency: 'Emergency Service',
    urgent_open: true,
    after_hours: false,
    first_contact_at: null,
    response_ms: null,
    follow_up_on: null,
    deleted_at: null,
    suspicion: null,
    zip: null,
    zip_place: null,
    out_now: null,
    callback_time: null,
    last_action: null,
    last_action_at: null,
    last_action_detail: null,
    last_note: null,
    landing_page: '/furnace-repair',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'winter-tuneup',
    utm_term: null,
    utm_content: null,
    click_id_type: 'gclid',
    click_id: 'abc',
    source: 'Google Ads',
    phone_key: null,
    email_key: null,
    customer_id: null,
    folded_into: null,
    assigned_to: null,
    job_value_cents: null,
    lost_reason: null,
    outcome_at: null,
  }
  const mail = composeNotification(submission, {
    company: 'Longbar Heating & Cooling',
    publicOrigin: 'https://longbar.example',
    from: 'web@longbar.example',
    to: 'office@longbar.example',
  })

  it('keeps a subject on one line whatever the name holds', () => {
    expect(mail.subject).toBe('New request: Dana Bcc: victim@example.com – Emergency Service')
  })

  it('has every field, the local time and the inbox link, as plain text', () => {
    expect(mail.text).toContain('Message:\n  Line one\n  Line two\n')
    expect(mail.text).toContain('Received: Thursday, January 15, 2026 at 8:05 AM (Eastern)')
    expect(mail.text).toContain('Sent from: /contact\n')
    expect(mail.text).toContain('Source:   Furnace Repair page · Google Ads · campaign winter-tuneup\n')
    expect(mail.text).toContain('Open the inbox: https://longbar.example/admin')
    expect(mail).toMatchObject({
      replyTo: 'dana@example.com',
      messageId: '<request-0b6c1f2e-1111-4222-8333-944455556666@longbar.example>',
    })
  })

  it('says why it is urgent, the out-now answer, the time to call back and the ZIP code with its place or "outside"', () => {
    const options = {
      company: 'Longbar',
      publicOrigin: 'https://longbar.example',
      from: 'a@b.example',
      to: 'c@d.example',
    }
    const plain = composeNotification({ ...submission, service: null, urgency: null }, options).text
    expect(plain).not.toMatch(/Urgent:|Out now:|Call at:|ZIP:/)
    const outNow = composeNotification(
      {
        ...submission,
        service: null,
        urgency: 'Out right now',
        out_now: 'yes',
        callback_time: 'evening',
        zip: '21085',
        zip_place: 'Joppa, Harford County',
      },
      options,
    ).text
    expect(outNow).toContain('Urgent:  Out right now\n')
    expect(outNow).toContain('Out now: yes, heating or cooling out right now\n')
    expect(outNow).toContain('Call at: Evening\n')
    expect(outNow).toContain('ZIP:     21085 (Joppa, Harford County)\n')
    const outside = composeNotification({ ...submission, zip: '90210' }, options).text
    expect(outside).toContain('ZIP:     90210 (outside the service area)\n')
  })

  it('sends from MAIL_FROM, else the SMTP user when it is an address, else NOTIFY_EMAIL', () => {
    const base = { notifyEmail: 'office@x.example', company: 'Longbar "HVAC"' }
    expect(senderAddress({ ...base, mailFrom: 'web@x.example', smtpUrl: 'smtp://a:b@h' })).toBe('web@x.example')
    expect(senderAddress({ ...base, smtpUrl: 'smtps://robot%40x.example:pw@h:465' })).toBe(
      '"Longbar HVAC website" <robot@x.example>',
    )
    expect(senderAddress({ ...base, smtpUrl: 'smtp://127.0.0.1:25' })).toBe('"Longbar HVAC website" <office@x.example>')
  })
})

describe('retry waits', () => {
  it('double from the base up to the cap, within ±20%', () => {
    expect([1, 2, 3, 4, 10, 30].map((n) => retryDelay(n, 10_000, 900_000, () => 0.5))).toEqual([
      10_000, 20_000, 40_000, 80_000, 900_000, 900_000,
    ])
    expect(retryDelay(1, 10_000, 900_000, () => 0)).toBe(8_000)
    expect(retryDelay(1, 10_000, 900_000, () => 1)).toBe(12_000)
  })
})

describe("phone numbers in the server's words", () => {
  it('become tel: links, the rest stays text', () => {
    expect(withPhoneLinks('Please call us at (410) 555-0142 and we will help.')).toEqual([
      'Please call us at ',
      { number: '(410) 555-0142', href: 'tel:+14105550142' },
      ' and we will help.',
    ])
    expect(withPhoneLinks('+1 410 555 0142')).toEqual([{ number: '+1 410 555 0142', href: 'tel:+14105550142' }])
    expect(withPhoneLinks('No number here, only 2026-11-23.')).toEqual(['No number here, only 2026-11-23.'])
  })
})

describe('names that show nothing (issue 20, finding 12)', () => {
  it('refuses a name made only of invisible letters, and keeps no line separator in one', () => {
    for (const name of ['\u3164\u3164\u3164', '\u2800\u2800', '\u115F\u1160', '\uFFA0 \u200B'])
      expect(validateContactMessage({ name, phone: '4105550199' })).toEqual({ ok: false, fields: { name: 'name' } })
    expect(validateContactMessage({ name: 'Ann\u2028Lee\u2029', phone: '4105550199' })).toMatchObject({
      ok: true,
      message: { name: 'Ann Lee' },
    })
    expect(validateContactMessage({ name: 'Ann\u3164', phone: '4105550199' })).toMatchObject({
      ok: true,
      message: { name: 'Ann' },
    })
  })
})
