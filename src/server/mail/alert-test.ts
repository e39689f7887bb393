// The daily test alert's e-mails (docs/decisions/047-daily-test-alert.md): the test itself to the
// office's address, and, when the test push was not tapped, the e-mail that says so.
import type { AlertTest } from '../db/alert-tests.ts'
import type { Notification } from './notification.ts'

type Settings = { company: string; publicOrigin: string; from: string; to: string }

const host = (origin: string) => new URL(origin).hostname

/** The test e-mail of `day` (YYYY-MM-DD). */
export function composeTestAlert(day: string, { company, publicOrigin, from, to }: Settings): Notification {
  return {
    from,
    to,
    subject: `Test alert from the ${company} website`,
    text: [
      `This is the daily check that alerts from the ${company} website reach you. Nothing to do.`,
      'If a phone of yours has notifications on, it shows a test alert now: tap it, so the inbox knows that it rang.',
      '',
      `Open the inbox: ${publicOrigin}/admin`,
      '',
    ].join('\n'),
    messageId: `<alert-test-${day}@${host(publicOrigin)}>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
  }
}

/** The e-mail that says a test push was not tapped: a phone may no longer ring for new requests. */
export function composeMissedTap(test: AlertTest, { company, publicOrigin, from, to }: Settings): Notification {
  return {
    from,
    to,
    subject: `Alerts may not reach your phone: the test of ${test.day} was not tapped`,
    text: [
      `The ${company} website sent its daily test alert on ${test.day}, and nobody tapped it on a phone.`,
      'A phone that no longer shows alerts (notifications turned off, the subscription dropped by the phone) will not ring for a new request either.',
      'Open the inbox on each phone that should ring, and turn notifications on again with the switch at the top.',
      '',
      'What the test did:',
      ...test.results.map((line) => `- ${line}`),
      '',
      `Open the inbox: ${publicOrigin}/admin`,
      '',
    ].join('\n'),
    messageId: `<alert-test-missed-${test.day}@${host(publicOrigin)}>`,
    headers: { 'Auto-Submitted': 'auto-generated' },
  }
}
