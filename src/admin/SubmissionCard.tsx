// One request in the inbox (SPEC §2 "Each submission card"): its fields, its badges, its controls.
// Everything a visitor sent is rendered as React text: markup in it stays inert characters.
import { useRef, useState, type ReactNode } from 'react'
import { Mail, MailOpen, Phone, Trash2, UserCheck, Inbox as InboxIcon } from 'lucide-react'
import { serviceLabel } from '../contact/message.ts'
import type { ApiError } from './api.ts'
import { ClientEditor } from './ClientEditor.tsx'
import { StatusOptions } from './StatusOptions.tsx'
import { formatDateTime, formatDay, telHref } from './format.ts'
import { STATUS_LABELS, T } from './messages.ts'
import type { Status, Submission, SubmissionChanges } from './types.ts'
import { button } from './ui.ts'

export type CardActions = {
  markRead: (item: Submission, read: boolean) => Promise<void>
  setStatus: (item: Submission, status: Status) => Promise<void>
  saveClient: (item: Submission, change: SubmissionChanges) => Promise<ApiError | null>
  notSpam: (item: Submission) => Promise<void>
  askDelete: (item: Submission, opener: HTMLElement) => void
}

function Badge({ tone, children }: { tone: 'unread' | 'client' | 'spam' | 'primary' | 'plain'; children: ReactNode }) {
  const tones = {
    unread: 'bg-accent-700 text-white',
    client: 'bg-green-100 text-green-900 ring-1 ring-green-700/40',
    spam: 'bg-red-100 text-red-900 ring-1 ring-red-700/40',
    primary: 'bg-brand-700 text-white',
    plain: 'bg-white text-slate-700 ring-1 ring-slate-400',
  }
  return <li className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${tones[tone]}`}>{children}</li>
}

function Field({ label, span = 'one', children }: { label: string; span?: 'one' | 'row' | 'all'; children: ReactNode }) {
  // one: a column; row: the whole row on phones, a column on desktops; all: the whole row always.
  const spans = { one: '', row: 'col-span-2 lg:col-span-1', all: 'col-span-2 lg:col-span-4' }
  return (
    <div className={`min-w-0 ${spans[span]}`}>
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  )
}

/** Icons in buttons: left out on phones, where two buttons share a row. */
const icon = 'size-5 shrink-0 max-sm:hidden'

const link = 'font-semibold text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700'

export function SubmissionCard({ item, actions }: { item: Submission; actions: CardActions }) {
  const [busy, setBusy] = useState<'read' | 'status' | 'spam' | null>(null)
  const [pendingStatus, setPendingStatus] = useState<Status | null>(null)
  const [editing, setEditing] = useState(false)
  const editToggle = useRef<HTMLButtonElement>(null)
  const closeEditor = () => {
    setEditing(false)
    editToggle.current?.focus()
  }
  const nameId = `submission-${item.id}`
  // Spam is not counted as unread (docs/admin-api.md), so it is not highlighted as such either.
  const unread = !item.is_read && !item.is_spam

  const run = async (kind: 'read' | 'status' | 'spam', work: () => Promise<void>) => {
    setBusy(kind)
    try {
      await work()
    } finally {
      setBusy(null)
    }
  }

  return (
    <article
      aria-labelledby={nameId}
      className={`rounded-xl border p-4 sm:p-6 ${unread ? 'border-slate-200 border-l-4 border-l-accent-600 bg-accent-50 shadow-md' : 'border-slate-200 bg-white shadow-sm'}`}
      data-unread={unread ? '' : undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={nameId} className="text-lg font-bold break-words text-brand-900 sm:text-xl">
            {item.name}
          </h2>
          <p className="text-sm text-slate-600">
            <span className="sr-only">{T.card.sent} </span>
            <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
          </p>
        </div>
        <ul className="flex flex-wrap gap-2" aria-label="Labels">
          {unread && <Badge tone="unread">{T.card.unread}</Badge>}
          {item.is_client && <Badge tone="client">{T.card.client}</Badge>}
          {item.is_spam && <Badge tone="spam">{T.card.spam}</Badge>}
          <Badge tone={item.status === 'new' ? 'primary' : 'plain'}>
            <span className="sr-only">{T.card.status}: </span>
            {STATUS_LABELS[item.status] ?? item.status}
          </Badge>
        </ul>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 lg:grid-cols-4">
        <Field label={T.card.phone} span="row">
          {item.phone ? (
            <a href={telHref(item.phone)} className={`${link} inline-flex items-center gap-1.5`}>
              <Phone className="size-4 shrink-0" aria-hidden="true" focusable="false" />
              {item.phone}
            </a>
          ) : (
            T.card.none
          )}
        </Field>
        <Field label={T.card.email} span="row">
          {item.email ? (
            <a href={`mailto:${item.email}`} className={`${link} break-all`}>
              {item.email}
            </a>
          ) : (
            T.card.none
          )}
        </Field>
        <Field label={T.card.service}>{serviceLabel(item.service) ?? T.inbox.noService}</Field>
        <Field label={T.card.page}>{item.source_page ?? T.card.none}</Field>
        <Field label={T.card.message} span="all">
          {item.message ? <span className="block whitespace-pre-wrap">{item.message}</span> : T.card.none}
        </Field>
        {item.is_spam && item.spam_reason && (
          <Field label={T.card.spamReason} span="all">
            {item.spam_reason}
          </Field>
        )}
      </dl>

      {item.is_client && (
        <section className="mt-4 rounded-lg bg-green-50 p-4 ring-1 ring-green-700/20" aria-labelledby={`${nameId}-client`}>
          <h3 id={`${nameId}-client`} className="flex items-center gap-2 font-bold text-green-900">
            <UserCheck className="size-5" aria-hidden="true" focusable="false" />
            {T.card.clientHeading}
          </h3>
          <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-3 lg:grid-cols-4">
            <Field label={T.card.clientSince}>{item.client_since ? formatDay(item.client_since) : T.card.none}</Field>
            <Field label={T.card.nextDelivery}>{item.next_delivery_date ? formatDay(item.next_delivery_date) : T.card.none}</Field>
            <Field label={T.card.frequency}>{item.delivery_frequency ?? T.card.none}</Field>
            <Field label={T.card.notes} span="row">{item.delivery_notes ? <span className="block whitespace-pre-wrap">{item.delivery_notes}</span> : T.card.none}</Field>
          </dl>
        </section>
      )}

      {/* Two columns of full-width controls on phones, one row on wider screens. */}
      <div className="mt-5 grid grid-cols-2 items-end gap-3 border-t border-slate-200 pt-4 sm:flex sm:flex-wrap">
        {!item.is_spam && (
          <button
            type="button"
            className={`${unread ? button.primary : button.secondary} max-sm:px-2`}
            disabled={busy === 'read'}
            onClick={() => run('read', () => actions.markRead(item, unread))}
          >
            {unread ? <MailOpen className={icon} aria-hidden="true" focusable="false" /> : <Mail className={icon} aria-hidden="true" focusable="false" />}
            {unread ? T.card.markRead : T.card.markUnread}
          </button>
        )}
        {item.is_spam && (
          <button type="button" className={`${button.secondary} max-sm:px-2`} disabled={busy === 'spam'} onClick={() => run('spam', () => actions.notSpam(item))}>
            <InboxIcon className={icon} aria-hidden="true" focusable="false" />
            {T.card.notSpam}
          </button>
        )}
        <div>
          <label htmlFor={`${nameId}-status`} className="block text-sm font-semibold text-slate-600">
            {T.card.status}
          </label>
          <select
            id={`${nameId}-status`}
            className="mt-0.5 block min-h-11 w-full rounded-lg border border-slate-500 bg-white px-3 font-semibold text-slate-900 disabled:cursor-wait disabled:opacity-60 sm:w-auto"
            value={pendingStatus ?? item.status}
            disabled={busy === 'status'}
            onChange={(event) => {
              const status = event.target.value as Status
              setPendingStatus(status)
              void run('status', () => actions.setStatus(item, status)).finally(() => setPendingStatus(null))
            }}
          >
            <StatusOptions />
          </select>
        </div>
        {!item.is_spam && (
          <button ref={editToggle} type="button" className={`${button.secondary} max-sm:px-2`} aria-expanded={editing} onClick={() => setEditing((open) => !open)}>
            <UserCheck className={icon} aria-hidden="true" focusable="false" />
            {item.is_client ? T.card.editClient : T.card.markClient}
          </button>
        )}
        <button type="button" className={`${button.danger} max-sm:px-2 sm:ml-auto`} onClick={(event) => actions.askDelete(item, event.currentTarget)}>
          <Trash2 className={icon} aria-hidden="true" focusable="false" />
          {T.card.delete}
        </button>
      </div>

      {editing && <ClientEditor item={item} onSave={(change) => actions.saveClient(item, change)} onDone={closeEditor} />}
    </article>
  )
}
