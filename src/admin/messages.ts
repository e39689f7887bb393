// Every word the inbox shows, in one place. The toasts of SPEC §8 are exact; the ones for what
// PRODUCT.md adds (unread, client details, delete, spam) follow the same "Success"/"Error" pattern.
import type { Status } from './types.ts'

export type Toast = { tone: 'success' | 'error'; title: string; text: string; detail?: string }

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
  deleted: success('Submission deleted'),
  deleteFailed: failure('Failed to delete submission'),
  notSpam: success('Submission moved to the inbox'),
  loggedOut: success('You are logged out'),
  logoutFailed: failure('Failed to log out'),
} satisfies Record<string, Toast>

export const STATUS_LABELS: Record<Status, string> = {
  new: 'New',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  completed: 'Completed',
  closed: 'Closed',
}

export const T = {
  checking: 'Checking your sign-in…',
  needsScript: 'The inbox needs JavaScript. Turn it on in your browser and reload this page.',
  login: {
    heading: 'Admin sign-in',
    intro: 'Enter the office password to read and manage the requests sent through the website.',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in...',
    expired: 'Your session has ended. Please sign in again.',
    loggedOut: 'You are logged out.',
  },
  inbox: {
    heading: 'Inbox',
    logout: 'Log out',
    counts: { total: 'Total', unread: 'Unread', clients: 'Clients' },
    tabsLabel: 'Submissions',
    tabs: { all: 'All Submissions', unread: 'Unread', clients: 'Clients', spam: 'Spam' },
    filters: 'Filter submissions',
    search: 'Search',
    searchHint: 'Name, phone, e-mail, message',
    status: 'Status',
    anyStatus: 'All statuses',
    service: 'Service',
    anyService: 'All services',
    noService: 'No service',
    exportCsv: 'Export CSV',
    loading: 'Loading submissions…',
    empty: 'No submissions found.',
    failed: 'The submissions could not be loaded.',
    retry: 'Try again',
    loadMore: 'Load more',
    loadingMore: 'Loading…',
    shown: (n: number, more: boolean) => `${n} ${n === 1 ? 'submission' : 'submissions'} shown${more ? ', more below' : ''}`,
  },
  card: {
    unread: 'Unread',
    client: 'Client',
    spam: 'Spam',
    sent: 'Sent',
    phone: 'Phone',
    email: 'E-mail',
    service: 'Service',
    message: 'Message',
    page: 'Sent from',
    referrer: 'Came from',
    spamReason: 'Why it looks like spam',
    none: '—',
    markRead: 'Mark as Read',
    markUnread: 'Mark as Unread',
    status: 'Status',
    markClient: 'Mark as client',
    editClient: 'Edit client details',
    notSpam: 'Not spam',
    delete: 'Delete',
    clientHeading: 'Client details',
    clientSince: 'Client since',
    nextDelivery: 'Next delivery',
    frequency: 'Delivery frequency',
    notes: 'Delivery notes',
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
  remove: {
    heading: 'Delete this request?',
    text: (name: string) => `The request from ${name} will be deleted for good. This cannot be undone.`,
    confirm: 'Delete',
    cancel: 'Cancel',
  },
  toast: { dismiss: 'Dismiss notification' },
}
