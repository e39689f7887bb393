// One request in the inbox (SPEC §2 "Each submission card"), laid out for a phone: who and when
// first ("Maria Lopez · 12 min ago", the long date-time kept), what and where, why it is urgent,
// the message clamped to six lines, then the two actions that matter most, "Call Maria" and
// "Text", then "Mark as Read", the status and "More" (follow-up, note, client, history, delete).
// Everything a visitor sent is rendered as React text: markup in it stays inert characters.
import { arrivalInWords } from '../lead/attribution.ts'
import { useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import {
  ChevronDown,
  Inbox as InboxIcon,
  Mail,
  MailOpen,
  MessageSquareText,
  Phone,
  RotateCcw,
  ShieldAlert,
  UserCheck,
} from 'lucide-react'
import { callbackTimeLabel, serviceLabel } from '../lead/message.ts'
import { api } from './api.ts'
import { InboxSettings, useNow, useRun } from './actions.ts'
import { CardDetails } from './CardDetails.tsx'
import { firstName, formatDateTime, formatDay, mailtoHref, relativeTime, smsHref, telHref } from './format.ts'
import { STATUS_LABELS, T, TOASTS } from './messages.ts'
import { useApplyChange } from './queries.ts'
import { StatusOptions } from './StatusOptions.tsx'
import type { ContactChannel, Status, Submission, SubmissionChanges } from './types.ts'
import { btn } from './ui.ts'

type BadgeTone = 'urgent' | 'unread' | 'client' | 'spam' | 'doubt' | 'primary' | 'plain' | 'quiet'

function Badge({ tone, title, children }: { tone: BadgeTone; title?: string | undefined; children: ReactNode }) {
  const tones: Record<BadgeTone, string> = {
    urgent: 'bg-red-700 text-white',
    unread: 'bg-accent-700 text-white',
    client: 'bg-green-100 text-green-900 ring-1 ring-green-700/40',
    spam: 'bg-red-100 text-red-900 ring-1 ring-red-700/40',
    doubt: 'bg-amber-100 text-amber-950 ring-1 ring-amber-700/50',
    primary: 'bg-brand-700 text-white',
    plain: 'bg-white text-slate-700 ring-1 ring-slate-400',
    quiet: 'bg-slate-100 text-slate-700',
  }
  return (
    <li title={title} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-bold ${tones[tone]}`}>
      {children}
    </li>
  )
}

const link = 'font-semibold text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700'
const icon = 'size-5 shrink-0'

/** The message, at most six lines until "Show all"; the button only when there is more to show. */
function Message({ text, id }: { text: string; id: string }) {
  const [open, setOpen] = useState(false)
  const [clipped, setClipped] = useState(false)
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const observer = new ResizeObserver(() => setClipped(el.scrollHeight > el.clientHeight + 1))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return (
    <div className="mt-1">
      <p
        ref={ref}
        id={id}
        className={`text-sm leading-5 break-words whitespace-pre-wrap text-slate-900 ${open ? '' : 'line-clamp-6'}`}
      >
        {text}
      </p>
      {(clipped || open) && (
        <button
          type="button"
          className="min-h-8 text-sm font-semibold text-brand-800 underline underline-offset-2"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? T.card.showLess : T.card.showAll}
        </button>
      )}
    </div>
  )
}

export function SubmissionCard({
  item,
  onAskDelete,
}: {
  item: Submission
  onAskDelete: (item: Submission, opener: HTMLElement) => void
}) {
  const { timeZone } = useContext(InboxSettings)
  const now = useNow()
  const run = useRun()
  const apply = useApplyChange()
  const [busy, setBusy] = useState<'read' | 'status' | 'spam' | 'restore' | null>(null)
  const [pendingStatus, setPendingStatus] = useState<Status | null>(null)
  const [more, setMore] = useState(false)
  const id = useId()
  const nameId = `${id}-name`
  const trashed = item.deleted_at !== null
  // Spam and the trash are not counted as unread (docs/admin-api.md), so not highlighted as such either.
  const unread = !item.is_read && !item.is_spam && !trashed
  const urgent = item.urgency !== null && !item.is_spam && !trashed
  // Weak signs of a bot: the request stays in the inbox (a real one must never be hidden), marked.
  const doubtful = item.suspicion !== null && !item.is_spam
  /** A ZIP code the service area does not list (src/lead/service-area.ts). */
  const outside = item.zip !== null && item.zip_place === null
  /** What the intake asked (issue 14): the ZIP code and its place, out right now, the time to call back. */
  const intake = (
    [
      ['zip', T.card.zip, item.zip && (item.zip_place ? `${item.zip} (${item.zip_place})` : item.zip)],
      ['outNow', T.card.outNow, item.out_now && T.card.outNowAnswer(item.out_now)],
      ['callback', T.card.callbackTime, callbackTimeLabel(item.callback_time)],
    ] as [string, string, string | null][]
  ).filter((entry): entry is [string, string, string] => Boolean(entry[2]))

  /** A PATCH with its toasts; the card shows the server's version after. */
  const change = async (
    kind: NonNullable<typeof busy>,
    body: SubmissionChanges,
    ok: typeof TOASTS.markedRead,
    ko: typeof TOASTS.updateFailed,
    drop = false,
  ) => {
    setBusy(kind)
    const answer = await run(() => api.update(item.id, body), ok, ko)
    if (!(answer instanceof Error)) apply(answer, { drop })
    setBusy(null)
  }

  // A tap on "Call" or "Text" opens the phone's app; the inbox records it on the way (keepalive).
  const contacted = (channel: ContactChannel) => {
    void run(() => api.contact(item.id, channel), null, TOASTS.contactFailed).then((answer) => {
      if (!(answer instanceof Error)) apply(answer)
    })
  }

  const restore = async () => {
    setBusy('restore')
    const answer = await run(() => api.restore(item.id), TOASTS.restored, TOASTS.restoreFailed)
    if (!(answer instanceof Error)) apply(answer, { drop: true })
    setBusy(null)
  }

  const statusControl = !trashed && !item.is_spam && (
    <>
      <label htmlFor={`${id}-status`} className="sr-only">
        {T.card.status}
      </label>
      <select
        id={`${id}-status`}
        className="min-h-9 min-w-0 flex-1 rounded-lg border border-slate-500 bg-white px-2 text-sm font-semibold text-slate-900 disabled:cursor-wait disabled:opacity-60 sm:flex-none"
        value={pendingStatus ?? item.status}
        disabled={busy === 'status'}
        onChange={(event) => {
          const status = event.target.value as Status
          setPendingStatus(status)
          void change('status', { status }, TOASTS.statusUpdated, TOASTS.statusFailed).finally(() =>
            setPendingStatus(null),
          )
        }}
      >
        <StatusOptions />
      </select>
    </>
  )

  return (
    <article
      aria-labelledby={nameId}
      className={`flex h-full flex-col rounded-xl border px-3 py-2 sm:p-4 ${
        urgent && item.urgent_open
          ? 'border-red-300 border-l-4 border-l-red-700 bg-red-50/60 shadow-md'
          : unread
            ? 'border-slate-200 border-l-4 border-l-accent-600 bg-accent-50 shadow-md'
            : 'border-slate-200 bg-white shadow-sm'
      }`}
      data-unread={unread ? '' : undefined}
      data-urgent={urgent ? '' : undefined}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={nameId} className="min-w-0 text-lg leading-6 font-bold break-words text-brand-900">
          {item.name}
        </h2>
        <span className="shrink-0 text-sm font-semibold text-slate-800">{relativeTime(item.created_at, now)}</span>
      </div>

      <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
        <ul className="flex flex-wrap gap-1" aria-label="Labels">
          {urgent && <Badge tone="urgent">{T.card.emergency}</Badge>}
          {unread && <Badge tone="unread">{T.card.unread}</Badge>}
          {item.is_client && <Badge tone="client">{T.card.client}</Badge>}
          {item.is_spam && <Badge tone="spam">{T.card.spam}</Badge>}
          {doubtful && <Badge tone="doubt">{T.card.possibleSpam}</Badge>}
          {outside && <Badge tone="doubt">{T.card.outsideArea}</Badge>}
          <Badge tone={item.status === 'new' ? 'primary' : 'plain'}>
            <span className="sr-only">{T.card.status}: </span>
            {STATUS_LABELS[item.status] ?? item.status}
          </Badge>
        </ul>
        <p className="text-xs text-slate-600">
          <span className="sr-only">{T.card.sent} </span>
          <time dateTime={item.created_at}>{formatDateTime(item.created_at, timeZone)}</time>
          {item.after_hours && <span className="font-semibold text-accent-800"> · {T.card.afterHours}</span>}
        </p>
      </div>

      <dl className="mt-1 text-sm leading-5 text-slate-700">
        <div className="inline">
          <dt className="sr-only">{T.card.service}</dt>
          <dd className="inline font-semibold text-slate-800">{serviceLabel(item.service) ?? T.inbox.noService}</dd>
        </div>
        <div className="inline before:content-['_·_']">
          <dt className="sr-only">{T.card.phone}</dt>
          <dd className="inline">
            {item.phone ? (
              <a href={telHref(item.phone)} className={link}>
                {item.phone}
              </a>
            ) : (
              T.card.none
            )}
          </dd>
        </div>
        {item.email && (
          <div className="inline [overflow-wrap:anywhere] before:content-['_·_']">
            <dt className="sr-only">{T.card.email}</dt>
            <dd className="inline">
              <a href={mailtoHref(item.email)} className={link}>
                {item.email}
              </a>
            </dd>
          </div>
        )}
        {(item.source_page || item.source) && (
          <div className="inline before:content-['_·_']">
            <dt className="sr-only">{T.card.arrival}</dt>
            <dd className="inline" data-arrival="">
              {arrivalInWords(item)}
            </dd>
          </div>
        )}
        {intake.map(([key, label, value], i) => (
          // The intake's answers on a line of their own: the first starts it (a line break before it), the others follow.
          <div
            key={key}
            className={`inline text-slate-800 ${i === 0 ? "before:block before:content-['']" : "before:content-['_·_']"}`}
          >
            <dt className="inline font-semibold">{label}: </dt>
            <dd className="inline">{value}</dd>
          </div>
        ))}
        {urgent && item.urgency !== serviceLabel(item.service) && (
          <div className="inline text-red-800 before:text-slate-700 before:content-['_·_']">
            <dt className="inline font-semibold">{T.card.urgency}: </dt>
            <dd className="inline">{item.urgency}</dd>
          </div>
        )}
        {item.is_spam && item.spam_reason && (
          <div className="text-red-800">
            <dt className="inline font-semibold">{T.card.spamReason}: </dt>
            <dd className="inline">{item.spam_reason}</dd>
          </div>
        )}
        {doubtful && (
          <div className="text-amber-950">
            <dt className="inline font-semibold">{T.card.suspicion}: </dt>
            <dd className="inline">{item.suspicion}</dd>
          </div>
        )}
        {item.follow_up_on && (
          <div className="text-slate-800">
            <dt className="inline font-semibold">{T.card.followUp}: </dt>
            <dd className="inline">{formatDay(item.follow_up_on)}</dd>
          </div>
        )}
      </dl>

      {item.message && <Message text={item.message} id={`${id}-message`} />}

      {item.is_client && (
        <section
          className="mt-2 rounded-lg bg-green-50 px-3 py-2 text-sm ring-1 ring-green-700/20"
          aria-label={T.card.clientRegion(item.name)}
        >
          <h3 className="flex items-center gap-1.5 font-bold text-green-900">
            <UserCheck className="size-4" aria-hidden="true" focusable="false" />
            {T.card.clientHeading}
          </h3>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
            {(['client_since', 'next_delivery_date', 'delivery_frequency', 'delivery_notes'] as const).map((field) => (
              <div key={field} className={`min-w-0 ${field === 'delivery_notes' ? 'col-span-2' : ''}`}>
                <dt className="text-xs font-semibold text-slate-600">{T.card[field]}</dt>
                <dd className="break-words whitespace-pre-wrap text-slate-900">
                  {item[field] === null
                    ? T.card.none
                    : field === 'client_since' || field === 'next_delivery_date'
                      ? formatDay(item[field])
                      : item[field]}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <div className="mt-auto space-y-1.5 pt-2">
        {item.phone && !trashed && (
          <div className="flex gap-1.5">
            <a
              href={telHref(item.phone)}
              className={`${btn('primary', 'narrow')} flex-1`}
              onClick={() => contacted('call')}
            >
              <Phone className={icon} aria-hidden="true" focusable="false" />
              {T.card.call(firstName(item.name))}
            </a>
            <a href={smsHref(item.phone)} className={btn('secondary', 'narrow')} onClick={() => contacted('text')}>
              <MessageSquareText className={icon} aria-hidden="true" focusable="false" />
              {T.card.text}
            </a>
          </div>
        )}
        <div className="flex flex-wrap items-stretch gap-1.5">
          {trashed ? (
            <>
              <p className="flex min-h-9 flex-1 items-center text-sm text-slate-600">
                {T.card.deleted(relativeTime(item.deleted_at!, now))}
              </p>
              <button type="button" className={btn('outline', 'sm')} disabled={busy === 'restore'} onClick={restore}>
                <RotateCcw className="size-4" aria-hidden="true" focusable="false" />
                {T.card.restore}
              </button>
            </>
          ) : item.is_spam ? (
            <button
              type="button"
              className={`${btn('outline', 'sm')} flex-1 sm:flex-none`}
              disabled={busy === 'spam'}
              onClick={() => change('spam', { is_spam: false }, TOASTS.notSpam, TOASTS.updateFailed, true)}
            >
              <InboxIcon className="size-4" aria-hidden="true" focusable="false" />
              {T.card.notSpam}
            </button>
          ) : (
            <button
              type="button"
              className={btn(unread ? 'accentOutline' : 'outline', 'sm')}
              disabled={busy === 'read'}
              onClick={() =>
                change(
                  'read',
                  { is_read: unread },
                  unread ? TOASTS.markedRead : TOASTS.markedUnread,
                  TOASTS.updateFailed,
                )
              }
            >
              {unread ? (
                <MailOpen className="size-4" aria-hidden="true" focusable="false" />
              ) : (
                <Mail className="size-4" aria-hidden="true" focusable="false" />
              )}
              {unread ? T.card.markRead : T.card.markUnread}
            </button>
          )}
          {statusControl}
          {doubtful && !trashed && (
            <button
              type="button"
              className={btn('outline', 'sm')}
              disabled={busy === 'spam'}
              onClick={() => change('spam', { is_spam: true }, TOASTS.movedToSpam, TOASTS.updateFailed, true)}
            >
              <ShieldAlert className="size-4" aria-hidden="true" focusable="false" />
              {T.card.isSpam}
            </button>
          )}
          <button
            type="button"
            className={`${btn('outline', 'sm')} sm:ml-auto`}
            aria-expanded={more}
            aria-controls={`${id}-more`}
            onClick={() => setMore((open) => !open)}
          >
            {T.card.more}
            <ChevronDown
              className={`size-4 transition-transform ${more ? 'rotate-180' : ''}`}
              aria-hidden="true"
              focusable="false"
            />
          </button>
        </div>
      </div>

      {more && <CardDetails id={`${id}-more`} item={item} onAskDelete={onAskDelete} />}
    </article>
  )
}
