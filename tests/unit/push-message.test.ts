// What a push says (src/server/alerts/push.ts): the name, the service and the first words, urgent
// when it is, a link to the request; and who the push services may write to about this server.
import { describe, expect, it } from 'vitest'
import { firstWords, pushMessage, pushSubject } from '../../src/server/alerts/push.ts'
import type { Submission } from '../../src/server/db/submissions.ts'

const request = (fields: Partial<Submission>) =>
  ({
    id: '0b5c1a52-3f0e-4d7e-9a43-3c9a2f1f0c11',
    name: 'Dana Whitaker',
    service: 'heating-repair',
    message: 'No heat since 6 am.',
    urgency: null,
    ...fields,
  }) as Submission

describe('pushMessage', () => {
  it('announces a new request by name, service and first words, linked to it', () => {
    expect(pushMessage('new', request({}))).toEqual({
      title: 'New request: Dana Whitaker',
      body: 'Heating Repair – No heat since 6 am.',
      url: '/admin?request=0b5c1a52-3f0e-4d7e-9a43-3c9a2f1f0c11',
      tag: 'request-0b5c1a52-3f0e-4d7e-9a43-3c9a2f1f0c11',
      urgent: false,
    })
  })
  it('says when it is urgent, and why (not twice when the service says it)', () => {
    expect(pushMessage('new', request({ urgency: 'No heat: “no heat”' }))).toMatchObject({
      title: 'Urgent: New request: Dana Whitaker',
      body: 'No heat: “no heat”. Heating Repair – No heat since 6 am.',
      urgent: true,
    })
    expect(pushMessage('new', request({ urgency: 'Emergency Service', service: 'emergency' }))).toMatchObject({
      title: 'Urgent: New request: Dana Whitaker',
      body: 'Emergency Service – No heat since 6 am.',
      urgent: true,
    })
  })
  it('words an escalation as urgent and a reminder as still unread', () => {
    expect(pushMessage('escalation', request({}))).toMatchObject({
      title: 'Urgent, still unread: Dana Whitaker',
      urgent: true,
    })
    expect(pushMessage('reminder', request({}))).toMatchObject({ title: 'Still unread: Dana Whitaker', urgent: false })
  })
  it('keeps a request without service or message short, and a name on one line', () => {
    expect(pushMessage('new', request({ name: 'Sam\nOrtiz', service: null, message: null }))).toMatchObject({
      title: 'New request: Sam Ortiz',
      body: 'No service given',
    })
  })
})

describe('firstWords', () => {
  it('cuts a long message at a word, on one line', () => {
    expect(firstWords('The furnace\nclicks and\tthen stops, every ten minutes or so since last night', 40)).toBe(
      'The furnace clicks and then stops, every…',
    )
    expect(firstWords('short', 40)).toBe('short')
    expect(firstWords(null)).toBe('')
  })
})

describe('pushSubject', () => {
  it('is the https origin, else the office address, else a mailto of the host', () => {
    expect(pushSubject('https://www.longbar-hvac.example')).toBe('https://www.longbar-hvac.example')
    expect(pushSubject('https://localhost:3000', 'office@example.com')).toBe('mailto:office@example.com')
    expect(pushSubject('http://192.168.1.5:3000')).toBe('mailto:webmaster@192.168.1.5')
  })
})
