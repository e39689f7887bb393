// Every word the inbox shows, in one place. The toasts of SPEC §8 are exact; the ones for what
// PRODUCT.md adds (unread, client details, notes, follow-ups, trash, spam) follow the same
// "Success"/"Error" pattern. The client fields' labels are the office's words (CLIENT_FIELDS).
import type { AlertChannel, AlertProblem } from '../lead/alerts.ts'
import { ACTIVITY_TEXT, OUTCOME_WORDS, type ActivityKind } from '../lead/activity.ts'
import { CLIENT_FIELDS } from './types.ts'
export { STATUS_LABELS } from '../lead/submission.ts'
export { ACTIVITY_TEXT }

/** What the owner reads for one kind of alert problem: a one-line headline and the details behind a tap. */
export type ProblemWords<P extends AlertProblem = AlertProblem> = {
  /** Which problem's headline the banner's one line says when there are several: the lowest. */
  rank: number
  /** Problem kinds that already say this one: when one of them is there, this one is not repeated. */
  impliedBy?: AlertProblem['kind'][]
  // Methods, not function properties: so any kind's words can be used as ProblemWords<AlertProblem>.
  headline(problem: P): string
  /** `when` says an instant relative to now ("12 min ago"). */
  details(problem: P, when: (iso: string) => string): string[]
}
type AlertWords = { [K in AlertProblem['kind']]: ProblemWords<Extract<AlertProblem, { kind: K }>> }

const channelWords: Record<AlertChannel, string> = {
  email: 'E-mail alerts',
  push: 'Push notifications',
  webhook: 'Webhooks',
  confirmation: 'Confirmations to customers',
}
const todoWords: Record<AlertChannel, string> = {
  email: 'Check SMTP_URL (server, user, password) with your mail provider.',
  push: 'Turn notifications off and on again on your phone.',
  webhook: 'Check WEBHOOK_URLS and the service they point to.',
  confirmation: 'Check SMTP_URL (server, user, password) with your mail provider.',
}

export type Toast = {
  tone: 'success' | 'error'
  title: string
  text: string
  detail?: string
  /** A bulk or destructive change's way back: the toast offers "Undo" for 10 seconds. */
  undo?: () => void
}

/** 1st, 2nd, 3rd, 4th… 11th, 12th, 13th, 21st. */
const ordinalWord = (n: number) =>
  `${n}${[11, 12, 13].includes(n % 100) ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`

const success = (text: string): Toast => ({ tone: 'success', title: 'Success', text })
const failure = (text: string): Toast => ({ tone: 'error', title: 'Error', text })

export const TOASTS = {
  badPassword: { tone: 'error', title: 'Authentication Failed', text: 'Invalid password' },
  fetchFailed: failure('Failed to fetch submissions'),
  markedRead: success('Submission marked as read'),
  markedUnread: success('Submission marked as unread'),
  updateFailed: failure('Failed to update submission'),
  statusUpdated: success('Status updated successfully'),
  statusFailed: failure('Failed to update status'),
  clientSaved: success('Client details saved'),
  clientFailed: failure('Failed to save client details'),
  noteSaved: success('Note saved'),
  noteFailed: failure('Failed to save note'),
  followUpSaved: success('Follow-up date saved'),
  followUpFailed: failure('Failed to save follow-up date'),
  jobOutcomeSaved: success('Outcome saved'),
  jobOutcomeFailed: failure('Failed to save the outcome'),
  contactFailed: failure('The call or text could not be recorded'),
  outcomeFailed: failure('How the call went could not be recorded'),
  deleted: success('Submission moved to the trash'),
  deleteFailed: failure('Failed to delete submission'),
  restored: success('Submission restored'),
  restoreFailed: failure('Failed to restore submission'),
  notSpam: success('Submission moved to the inbox'),
  movedToSpam: success('Submission moved to spam'),
  allRead: (n: number) => success(`${n} ${n === 1 ? 'submission' : 'submissions'} marked as read`),
  allReadFailed: failure('Failed to mark submissions as read'),
  allReadUndone: (n: number) => success(`${n} ${n === 1 ? 'submission' : 'submissions'} unread again`),
  undoFailed: failure('Failed to undo'),
  pushOn: success('Notifications are on for this device'),
  pushOff: success('Notifications are off for this device'),
  pushFailed: failure('Notifications could not be turned on'),
  pushOffFailed: failure('Notifications could not be turned off'),
  testSent: success('Test sent: it should appear on this device in a few seconds'),
  testFailed: failure('The test notification was not sent'),
  loggedOut: success('You are logged out'),
  logoutFailed: failure('Failed to log out'),
  erased: (n: number) => success(`${n} ${n === 1 ? 'request' : 'requests'} erased for good`),
  eraseFailed: failure('Failed to erase the requests'),
  sourcesFailed: failure('Failed to load the sources report'),
  bookingConfirmed: success('Booking confirmed'),
  confirmFailed: failure('Failed to confirm the booking'),
  visitBooked: success('Visit booked'),
  bookFailed: failure('Failed to book the visit'),
  bookingMoved: success('Booking moved'),
  moveFailed: failure('Failed to move the booking'),
  bookingCancelled: success('Booking cancelled'),
  cancelFailed: failure('Failed to cancel the booking'),
  roomSaved: success('Visits per window saved'),
  roomFailed: failure('Failed to save the visits per window'),
} satisfies Record<string, Toast | ((n: number) => Toast)>

export const T = {
  needsScript: 'The inbox needs JavaScript. Turn it on in your browser and reload this page.',
  login: {
    heading: 'Admin sign-in',
    intro: 'Enter the office password to read and manage the requests sent through the website.',
    email: 'E-mail',
    emailHint: 'Leave it empty to sign in with the office password.',
    password: 'Password',
    // The second step, for an account with the authenticator-app code on (decision 063).
    code: 'The 6-digit code from your app, or a recovery code',
    submit: 'Sign in',
    // Not "Sign in with…": the SPEC's checks find the form's button by the name "Sign in", in part.
    passkey: 'Use a passkey',
    submitting: 'Signing in...',
    expired: 'Your session has ended. Please sign in again.',
    loggedOut: 'You are logged out.',
  },
  inbox: {
    heading: 'Inbox',
    logout: 'Log out',
    menu: 'Menu',
    people: 'People',
    site: 'Site',
    counts: { total: 'Total', unread: 'Unread', clients: 'Clients', due: 'Follow-ups due' },
    response: 'First response',
    responseHint: 'median, business hours',
    responseDays: (days: number) => `${days} days`,
    responseNone: 'no calls yet',
    waiting: (n: number) => `${n} waiting`,
    tabsLabel: 'Submissions',
    tabs: {
      all: 'All Submissions',
      unread: 'Unread',
      clients: 'Clients',
      followups: 'Follow-ups',
      spam: 'Spam',
      trash: 'Trash',
    },
    filters: 'Filter submissions',
    filtersButton: 'Filters',
    search: 'Search',
    searchHint: 'Name, phone, e-mail, message',
    status: 'Status',
    anyStatus: 'All statuses',
    service: 'Service',
    anyService: 'All services',
    noService: 'No service',
    source: 'Source',
    anySource: 'All sources',
    assigned: 'Assigned',
    anyone: "Everyone's",
    mine: 'Mine',
    sources: 'Sources',
    exportCsv: 'Export CSV',
    markAllRead: 'Mark all as read',
    loading: 'Loading submissions…',
    empty: 'No submissions found.',
    failed: 'The submissions could not be loaded.',
    retry: 'Try again',
    loadMore: 'Load more',
    loadingMore: 'Loading…',
    shown: (n: number, more: boolean) =>
      `${n} ${n === 1 ? 'submission' : 'submissions'} shown${more ? ', more below' : ''}`,
    trashNote: (days: number) => `Deleted requests stay here for ${days} days, then they are gone for good.`,
  },
  card: {
    assignedTo: 'Assigned to',
    /** The card's line of what was last done: "Called 4:35 PM · no answer". */
    lastAction: {
      called: 'Called',
      texted: 'Texted',
      call_outcome: 'Called',
      status: 'Status changed',
      follow_up: 'Follow-up set',
    } as Partial<Record<ActivityKind, string>>,
    lastActionLabel: 'Last action',
    lastNote: 'Latest note',
    outcomeQuestion: 'How did the call go?',
    outcomes: OUTCOME_WORDS,
    unread: 'Unread',
    client: 'Client',
    spam: 'Spam',
    emergency: 'Emergency',
    afterHours: 'After hours',
    sent: 'Sent',
    phone: 'Phone',
    email: 'E-mail',
    service: 'Service',
    message: 'Message',
    page: 'Sent from',
    arrival: 'Came through',
    erase: 'Erase this person',
    referrer: 'Came from',
    urgency: 'Why urgent',
    spamReason: 'Why it looks like spam',
    possibleSpam: 'Possible spam',
    suspicion: 'Why it might be spam',
    outsideArea: 'Outside area',
    zip: 'ZIP code',
    outNow: 'Out right now',
    outNowAnswer: (answer: 'yes' | 'no') => (answer === 'yes' ? 'yes' : 'no'),
    callbackTime: 'Call back',
    none: '—',
    call: (first: string) => `Call ${first}`,
    text: 'Text',
    showAll: 'Show all',
    showLess: 'Show less',
    markRead: 'Mark as Read',
    markUnread: 'Mark as Unread',
    status: 'Status',
    more: 'More',
    followUp: 'Follow up on',
    followUpDue: (day: string) => `Follow up ${day}`,
    setFollowUp: 'Save date',
    clearFollowUp: 'Clear',
    note: 'Add a note',
    notePlaceholder: 'Called, left voicemail…',
    saveNote: 'Save note',
    history: 'History',
    markClient: 'Mark as client',
    askReview: 'Ask for a review',
    /** The text the "Ask for a review" link fills in: the same words for every customer. */
    reviewText: (name: string, company: string, url: string) =>
      `Hi ${name}, thank you for choosing ${company}! Would you take a minute to review our work? ${url}`,
    editClient: 'Edit client details',
    notSpam: 'Not spam',
    isSpam: 'Spam',
    delete: 'Delete',
    restore: 'Restore',
    deleted: (when: string) => `Deleted ${when}`,
    clientHeading: 'Client details',
    clientRegion: (name: string) => `Client details of ${name}`,
    ...CLIENT_FIELDS,
  },
  client: {
    legend: (name: string) => `Client details of ${name}`,
    isClient: 'This is a client',
    save: 'Save',
    saving: 'Saving...',
    cancel: 'Cancel',
    badDate: 'Enter a date as YYYY-MM-DD.',
    tooLong: (max: number) => `At most ${max} characters.`,
  },
  /** A request's arrival window (online booking, issue 24): on its card and under its "More". */
  booking: {
    booked: 'Booked',
    confirmed: 'confirmed',
    confirm: 'Confirm',
    move: 'Move',
    book: 'Book a visit',
    cancel: 'Cancel booking',
    heading: 'Visit',
    region: (name: string) => `Visit of ${name}`,
    none: 'No visit booked.',
    window: 'Arrival window',
    choose: 'Choose a window',
    moveHere: 'Move here',
    bookHere: 'Book this window',
    close: 'Close',
    left: (n: number) => `${n} left`,
    full: 'Full',
    current: 'now booked',
    noneFree: 'No window has room in the coming days: give a day more room in the Schedule.',
    cancelHeading: 'Cancel this booking?',
    cancelText: (name: string, window: string) =>
      `The visit of ${name} on ${window} is cancelled and the window is free again. Call ${name} to say so.`,
    cancelConfirm: 'Cancel booking',
    cancelKeep: 'Keep it',
  },
  /** The Schedule's button, and a day's "Today"; the view's own words load with it (messages-views.ts). */
  schedule: {
    open: 'Schedule',
    today: 'Today',
  },
  // Visits due (decision 051): the clients' next service visits.
  visits: {
    /** The Clients tab's button that opens the view (its own words are in VisitsDue.tsx, loaded with it). */
    open: 'Visits due',
  },
  timeline: {
    label: (name: string) => `History of ${name}`,
    received: 'Request received',
    receivedAfterHours: 'Request received after hours',
    loading: 'Loading the history…',
    failed: 'The history could not be loaded.',
  },
  push: {
    label: 'Notifications on this device',
    checking: 'Checking…',
    on: 'On: each new request appears here at once.',
    off: 'Off: turn on to hear of each new request at once.',
    denied:
      'Blocked by this browser. Allow notifications for this site in its settings (the icon beside the address), then reload the page.',
    insecure: 'Not available: notifications need the inbox opened over https.',
    iosNotInstalled:
      'On an iPhone or iPad: tap Share, then “Add to Home Screen”, open the inbox from there and turn this on.',
    browser: 'This browser cannot show notifications.',
    sendTest: 'Send test',
  },
  opened: {
    heading: 'Opened from a notification',
    fromSchedule: 'Opened from the Schedule',
    fromInbox: 'Opened request',
    close: 'Close',
    missing: 'This request is no longer there.',
  },
  toast: { dismiss: 'Dismiss notification', undo: 'Undo' },
  /** A card's customer line (decision 052): it opens the customer, or the request this one was sent again into. */
  customer: {
    returning: (ordinal: number) => `Returning · ${ordinalWord(ordinal)} request`,
    first: (requests: number) => `First of ${requests} requests`,
    since: (day: string) => ` · client since ${day.slice(0, 4)}`,
    sentAgain: 'Sent again · open the first request',
  },
  /**
   * The banner when alerts are not reaching the office (GET /api/admin/alert-health): one line in
   * the owner's words (the first problem's headline, by rank), its details behind a tap. Each
   * problem kind of AlertProblem (src/lead/alerts.ts) has its words in `problems`: a new kind
   * fails to compile until it has them.
   */
  alerts: {
    channel: channelWords,
    todo: todoWords,
    problems: {
      none: {
        rank: 0,
        headline: () => "Alerts aren't reaching your phone. Turn on notifications",
        details: () => [
          'Nobody is told when a request comes in: notifications are off on every device, and no e-mail or webhook is set up.',
          'Turn on notifications with the switch above, on each phone that should ring. Whoever runs the server can also send alerts by e-mail (SMTP_URL and NOTIFY_EMAIL) or to a chat or text service (WEBHOOK_URLS).',
          'Until then, check this inbox often.',
        ],
      },
      failing: {
        rank: 1,
        headline: (p) => `${channelWords[p.channel]} aren't getting through. Tap for what to do`,
        details: (p, when) => [
          `${channelWords[p.channel]} failing: ${p.count} not sent, the first ${when(p.since)}.`,
          `Last error: ${p.error}`,
          `${todoWords[p.channel]} They are retried automatically.`,
        ],
      },
      waiting: {
        rank: 2,
        // With no alert set up at all, alerts waiting are what "none" already says.
        impliedBy: ['none'],
        headline: (p) => `Alerts are late: ${p.count} not sent yet`,
        details: (p, when) => [
          `${p.count === 1 ? '1 alert has' : `${p.count} alerts have`} been waiting more than 5 minutes (the oldest ${when(p.oldest)}).`,
          "Check the server's log. Meanwhile keep this inbox open: new requests show up here.",
        ],
      },
      'untrusted-proxy': {
        rank: 3,
        headline: () => "The server can't tell visitors apart. Tap for what to do",
        details: (p, when) => [
          `The server sits behind a proxy it does not trust (first seen ${when(p.since)}): every visitor counts as one, so a stranger can block the contact form and the sign-in for everyone.`,
          'Set TRUST_PROXY to the number of proxies in front of the server (usually 1) and restart it.',
        ],
      },
      'test-unconfirmed': {
        rank: 4,
        // With no phone subscribed any more, "none" already says it.
        impliedBy: ['none'],
        headline: () => "The daily test alert wasn't tapped. Check your phone's notifications",
        details: (p, when) => [
          `The daily test alert went to your phones ${when(p.since)}, and nobody tapped it.`,
          'A phone that no longer shows alerts (notifications turned off, or the subscription dropped by the phone) will not ring for a new request either.',
          'On each phone that should ring: open this inbox and turn notifications off and on again with the switch above. This warning goes away when the next daily test is tapped.',
        ],
      },
    } satisfies AlertWords,
  },
}
