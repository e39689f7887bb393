// One customer (decision 052), opened from a card's customer line (/admin?customer=<id>) and loaded
// on demand (on-demand.tsx): who they are (names, phones, e-mails), every request (date, service,
// status, a link to it), the client details, the notes and the visits of all their requests; the
// merges into them that can be undone; and "Merge with…": the inbox's search by name, phone or
// e-mail finds the other customer, a confirmation merges them, and the toast (or this view) undoes
// it. Its words are here, with the view, so that they travel in the on-demand chunk.
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Users, X } from 'lucide-react'
import { useOutcome } from './actions.ts'
import { api, type Answer } from './api.ts'
import { BusyButton } from './BusyButton.tsx'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { formatDateTime, formatDay, mailtoHref, telHref } from './format.ts'
import { STATUS_LABELS, T, TOASTS, type Toast } from './messages.ts'
import { openRequest } from './opened-request.ts'
import { keys } from './queries.ts'
import { CLIENT_FIELDS, type ClientField } from './types.ts'
import { btn, card, control, label } from './ui.ts'
import { serviceLabel } from '../lead/message.ts'
import { timeLabel } from '../lead/booking-windows.ts'

type Customer = Answer<'customer'>['customer']

const success = (text: string): Toast => ({ tone: 'success', title: 'Success', text })
const failure = (text: string): Toast => ({ tone: 'error', title: 'Error', text })

/** The customer view's words. */
const W = {
  heading: 'Customer',
  close: 'Close',
  loading: 'Loading the customer…',
  missing: 'This customer is no longer there.',
  names: 'Names',
  phones: 'Phones',
  emails: 'E-mails',
  requests: (n: number) => `Requests (${n})`,
  open: (date: string) => `Open the request of ${date}`,
  openShort: 'Open',
  sentAgain: 'sent again',
  noService: 'No service chosen',
  client: 'Client details',
  notes: 'Notes',
  noNotes: 'No notes yet.',
  visits: 'Visits',
  noVisits: 'No visits booked.',
  visitStatus: { booked: 'booked online', confirmed: 'confirmed', cancelled: 'cancelled' } as Record<string, string>,
  merges: 'Merged into this customer',
  merged: (names: string[], n: number) =>
    `${names.join(', ') || 'A customer'}: ${n} ${n === 1 ? 'request' : 'requests'}`,
  undo: 'Undo merge',
  mergeWith: 'Merge with…',
  find: 'Find the other customer (name, phone or e-mail)',
  search: 'Search',
  searching: 'Searching…',
  noneFound: 'No other customer found.',
  mergeThis: (name: string) => `Merge ${name}`,
  confirmHeading: 'Merge these customers?',
  confirmText: (other: string, into: string) =>
    `Every request of ${other} becomes a request of ${into}, on one customer. You can undo it.`,
  confirm: 'Merge',
  cancel: 'Cancel',
  toasts: {
    merged: (n: number) => success(`Customers merged: ${n} ${n === 1 ? 'request' : 'requests'} moved`),
    mergeFailed: failure('Failed to merge the customers'),
    undone: success('Merge undone'),
    undoFailed: failure('Failed to undo'),
  },
}

const customerKey = (id: string) => ['customer', id] as const

/** A customer's view from the server, fetched while it is shown. */
function useCustomer(id: string) {
  return useQuery({ queryKey: customerKey(id), queryFn: async () => (await api.customer(id)).customer, retry: false })
}

/** After a merge or its undo: the customers, the lists (their cards' lines) and the timelines again. */
function useRefresh() {
  const client = useQueryClient()
  return () => {
    void client.invalidateQueries({ queryKey: ['customer'] })
    void client.invalidateQueries({ queryKey: keys.lists })
    void client.invalidateQueries({ queryKey: ['activity'] })
  }
}

function useUndoMerge() {
  const refresh = useRefresh()
  const { succeeded, failed } = useOutcome()
  return useMutation({
    mutationFn: (merge: number) => api.undoMerge(merge),
    onError: (error) => failed(error, W.toasts.undoFailed),
    onSuccess: () => {
      succeeded(W.toasts.undone)
      refresh()
    },
  })
}

function useMerge() {
  const refresh = useRefresh()
  const { succeeded, failed } = useOutcome()
  return useMutation({
    mutationFn: ({ kept, merged }: { kept: string; merged: string }) => api.merge(kept, merged),
    onError: (error) => failed(error, W.toasts.mergeFailed),
    onSuccess: ({ merge, moved }) => {
      refresh()
      succeeded({
        ...W.toasts.merged(moved),
        undo: () =>
          void api.undoMerge(merge).then(
            () => {
              succeeded(W.toasts.undone)
              refresh()
            },
            (error: unknown) => failed(error, W.toasts.undoFailed),
          ),
      })
    },
  })
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-4">
      <h3 className="font-bold text-brand-900">{title}</h3>
      {children}
    </section>
  )
}

export function CustomerView({ id, timeZone, onClose }: { id: string; timeZone: string; onClose: () => void }) {
  const customer = useCustomer(id)
  const headingId = useId()
  const data = customer.data
  return (
    <section
      aria-labelledby={headingId}
      className={`${card} mb-3 p-3 sm:p-5`}
      data-customer={data?.id ?? id}
      aria-busy={customer.isPending}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="flex min-w-0 items-center gap-2 text-xl font-bold break-words text-brand-900">
          <Users className="size-5 shrink-0" aria-hidden="true" focusable="false" />
          {data ? `${W.heading}: ${data.name}` : W.heading}
        </h2>
        <button type="button" className={`${btn('outline', 'narrow')} min-w-11`} onClick={onClose}>
          <X className="size-5" aria-hidden="true" focusable="false" />
          <span className="sr-only sm:not-sr-only">{W.close}</span>
        </button>
      </div>
      {customer.isPending && <p className="mt-2 text-sm text-slate-600">{W.loading}</p>}
      {customer.isError && <p className="mt-2 font-semibold text-slate-700">{W.missing}</p>}
      {data && <CustomerDetails customer={data} timeZone={timeZone} />}
    </section>
  )
}

function CustomerDetails({ customer, timeZone }: { customer: Customer; timeZone: string }) {
  const undo = useUndoMerge()
  const dateOf = new Map(customer.requests.map((r) => [r.id, formatDateTime(r.created_at, timeZone)]))
  const clientFields = Object.keys(CLIENT_FIELDS) as ClientField[]
  return (
    <>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-slate-600">{W.names}</dt>
          <dd className="break-words text-slate-900">{customer.names.join(', ')}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-slate-600">{W.phones}</dt>
          {customer.phones.map((phone) => (
            <dd key={phone}>
              <a className="inline-flex min-h-6 items-center text-accent-800 underline" href={telHref(phone)}>
                {phone}
              </a>
            </dd>
          ))}
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-slate-600">{W.emails}</dt>
          {customer.emails.map((email) => (
            <dd key={email} className="break-all">
              <a className="inline-flex min-h-6 items-center text-accent-800 underline" href={mailtoHref(email)}>
                {email}
              </a>
            </dd>
          ))}
        </div>
      </dl>

      <Section title={W.requests(customer.requests.length)}>
        <ul className="mt-1 divide-y divide-slate-200 border-y border-slate-200 text-sm">
          {customer.requests.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1.5">
              <span className="min-w-0">
                <span className="font-semibold text-slate-900">{dateOf.get(r.id)}</span>
                {' · '}
                {serviceLabel(r.service) ?? W.noService}
                {' · '}
                {STATUS_LABELS[r.status]}
                {r.folded_into && ` · ${W.sentAgain}`}
              </span>
              <button
                type="button"
                className={btn('outline', 'sm')}
                onClick={() => openRequest(r.id, 'inbox')}
                aria-label={W.open(dateOf.get(r.id) ?? '')}
              >
                {W.openShort}
              </button>
            </li>
          ))}
        </ul>
      </Section>

      {customer.client && (
        <Section title={W.client}>
          <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {clientFields.map((field) => (
              <div key={field} className={`min-w-0 ${field === 'delivery_notes' ? 'col-span-2' : ''}`}>
                <dt className="text-xs font-semibold text-slate-600">{CLIENT_FIELDS[field]}</dt>
                <dd className="break-words whitespace-pre-wrap text-slate-900">
                  {customer.client?.[field] == null
                    ? T.card.none
                    : field === 'client_since' || field === 'next_delivery_date'
                      ? formatDay(customer.client[field])
                      : customer.client[field]}
                </dd>
              </div>
            ))}
          </dl>
        </Section>
      )}

      <Section title={W.notes}>
        {customer.notes.length === 0 ? (
          <p className="text-sm text-slate-600">{W.noNotes}</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {customer.notes.map((note, i) => (
              <li key={`${note.submissionId}-${i}`} className="break-words whitespace-pre-wrap">
                <span className="font-semibold text-slate-700">{formatDateTime(note.at, timeZone)}: </span>
                {note.text}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={W.visits}>
        {customer.visits.length === 0 ? (
          <p className="text-sm text-slate-600">{W.noVisits}</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {customer.visits.map((v) => (
              <li key={`${v.submissionId}-${v.date}-${v.start}`}>
                <span className="font-semibold text-slate-900">{formatDay(v.date)}</span>
                {`, ${timeLabel(v.start, v.end)} · ${W.visitStatus[v.status] ?? v.status}`}
              </li>
            ))}
          </ul>
        )}
      </Section>

      {customer.merges.length > 0 && (
        <Section title={W.merges}>
          <ul className="mt-1 space-y-1 text-sm">
            {customer.merges.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>{W.merged(m.names, m.requests)}</span>
                <BusyButton
                  className={btn('outline', 'sm')}
                  onClick={() => undo.mutateAsync(m.id).catch(() => undefined)}
                >
                  {W.undo}
                </BusyButton>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <MergeWith customer={customer} />
    </>
  )
}

type Candidate = { id: string; name: string; phone: string | null; email: string | null }

/** "Merge with…": the inbox's search finds the other customer; a confirmation merges them. */
function MergeWith({ customer }: { customer: Customer }) {
  const [open, setOpen] = useState(false)
  const [q, setQ] = useState('')
  const [found, setFound] = useState<Candidate[] | null>(null)
  const [searching, setSearching] = useState(false)
  const [asking, setAsking] = useState<Candidate | null>(null)
  const merge = useMerge()
  const { failed } = useOutcome()
  const id = useId()
  const name = customer.name

  const search = async (event: FormEvent) => {
    event.preventDefault()
    if (!q.trim()) return
    setSearching(true)
    try {
      const page = await api.list({ view: 'all', q, status: '', service: '', source: '' }, null)
      const seen = new Map<string, Candidate>()
      for (const item of page.items) {
        const other = item.customer?.id ?? item.id
        if (other !== customer.id && !seen.has(other))
          seen.set(other, { id: other, name: item.name, phone: item.phone, email: item.email })
      }
      setFound([...seen.values()])
    } catch (error) {
      failed(error, TOASTS.fetchFailed)
    } finally {
      setSearching(false)
    }
  }

  return (
    <section className="mt-4">
      <button
        type="button"
        className={btn('secondary', 'md')}
        aria-expanded={open}
        aria-controls={`${id}-merge`}
        onClick={() => setOpen((o) => !o)}
      >
        {W.mergeWith}
      </button>
      {open && (
        <div id={`${id}-merge`} className="mt-2">
          <form role="search" onSubmit={(e) => void search(e)} className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 grow">
              <label htmlFor={`${id}-q`} className={label}>
                {W.find}
              </label>
              <input
                id={`${id}-q`}
                type="search"
                className={`${control} mt-1`}
                value={q}
                maxLength={100}
                onChange={(e) => setQ(e.target.value)}
              />
            </div>
            <button type="submit" className={btn('primary')} disabled={searching}>
              {searching ? W.searching : W.search}
            </button>
          </form>
          {found && (
            <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-200 text-sm" aria-live="polite">
              {found.length === 0 && <li className="py-2 text-slate-600">{W.noneFound}</li>}
              {found.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                  <span className="min-w-0 break-words">
                    <span className="font-semibold text-slate-900">{c.name}</span>
                    {[c.phone, c.email].filter(Boolean).map((v) => ` · ${v}`)}
                  </span>
                  <button type="button" className={btn('outline', 'sm')} onClick={() => setAsking(c)}>
                    {W.mergeThis(c.name)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        heading={W.confirmHeading}
        text={asking ? W.confirmText(asking.name, name) : ''}
        confirm={W.confirm}
        cancel={W.cancel}
        onConfirm={() =>
          asking
            ? merge.mutateAsync({ kept: customer.id, merged: asking.id }).then(
                () => {
                  setFound(null)
                  setQ('')
                  setOpen(false)
                  return true
                },
                () => false,
              )
            : Promise.resolve(false)
        }
        onClose={() => setAsking(null)}
      />
    </section>
  )
}
