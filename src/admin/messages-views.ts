// The words of the views the inbox loads on demand (on-demand-views.ts) that the first screen never
// shows: the trash's and the erasure's confirmations, the Schedule, the Sources report and Site speed. Here, not
// in messages.ts, so that they load with those views, not with the inbox.
import type { Band, Device, Vital } from '../lead/vitals.ts'

export const V = {
  /** The Schedule: the coming days' arrival windows, their visits and room. */
  schedule: {
    heading: 'Schedule',
    hint: 'The arrival windows of the coming days. Tap a name to open the request.',
    booked: (n: number) => `${n} booked`,
    perWindow: 'Visits per window',
    perDay: (n: number) => `at most ${n} that day`,
    fewer: 'One visit fewer per window',
    more: 'One visit more per window',
    changed: 'Changed for this day',
    changedShort: 'room changed',
    usual: 'Back to usual',
    roomLeft: (n: number) => `room left: ${n}`,
    full: 'Full',
    noDays: 'No day is open for booking in the coming days.',
    status: { booked: 'booked', confirmed: 'confirmed' } as Record<string, string>,
    close: 'Close',
  },
  remove: {
    heading: 'Delete this request?',
    text: (name: string, days: number) =>
      `The request from ${name} goes to the Trash. You can restore it there for ${days} days; then it is deleted for good.`,
    confirm: 'Delete',
    cancel: 'Cancel',
  },
  erase: {
    heading: 'Erase everything of this person?',
    text: (who: string, requests: number) =>
      `Every request with ${who} is deleted for good, with its notes and history, and every other request of this customer${requests > 1 ? ` (${requests} requests in all)` : ''}.`,
    who: (phone: string | null, email: string | null) =>
      [phone && `the phone number ${phone}`, email && `the e-mail address ${email}`].filter(Boolean).join(' or '),
    confirm: 'Erase for good',
    cancel: 'Cancel',
  },
  sources: {
    heading: 'Sources',
    period: 'Period',
    days: (n: number) => `Last ${n} days`,
    source: 'Source',
    requests: 'Requests',
    contacted: 'Contacted',
    scheduled: 'Scheduled or done',
    noRequests: 'No requests in this period.',
    calls: 'Calls started from the site',
    callsHint: 'Taps on the phone number; no caller is recorded.',
    callsTotal: (n: number) => `${n} started`,
    bySource: 'By source',
    byPage: 'By page',
    byDay: 'By day',
    showRequests: 'show its requests',
    close: 'Close',
  },
  /** The live site's speed (issue 21 item 6): Core Web Vitals of real visits, Google's bands. */
  speed: {
    heading: 'Site speed',
    hint: 'How fast pages were for real visitors: the 75th percentile (3 visits in 4 were at least this fast). Google counts a page as fast when all four are good.',
    none: 'No page views measured in this period.',
    page: 'Page',
    device: { mobile: 'Phone', desktop: 'Computer' } as Record<Device, string>,
    views: 'Views',
    vital: { lcp: 'Largest paint', inp: 'Response to taps', cls: 'Layout shift', ttfb: 'Server response' } as Record<
      Vital,
      string
    >,
    band: { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' } as Record<Band, string>,
    notMeasured: 'not measured',
  },
}
