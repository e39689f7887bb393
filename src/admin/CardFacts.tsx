// What a card says about a request, under its name: the labels (Emergency, Unread, Client, Spam,
// Possible spam, Outside area, the status) and when it came; then the facts in one flowing line
// (service, phone, e-mail, where the visitor came from), the intake's answers, why it is urgent,
// why it is or may be spam, the follow-up date; and, for a client, the client details.
import type { ReactNode } from 'react'
import { UserCheck } from 'lucide-react'
import { arrivalInWords } from '../lead/attribution.ts'
import { callbackTimeLabel, serviceLabel } from '../lead/message.ts'
import { formatDateTime, formatDay, formatShortTime, mailtoHref, telHref } from './format.ts'
import { STATUS_LABELS, T } from './messages.ts'
import type { CallOutcome } from '../lead/activity.ts'
import type { ActivityKind, Submission } from './types.ts'

/** How a card reads its request: what is shown depends on these, worked out once. */
export type CardState = {
  trashed: boolean
  /** Spam and the trash are not counted as unread (docs/admin-api.md), so not highlighted as such either. */
  unread: boolean
  urgent: boolean
  /** Weak signs of a bot: the request stays in the inbox (a real one must never be hidden), marked. */
  doubtful: boolean
}

export const cardState = (item: Submission): CardState => {
  const trashed = item.deleted_at !== null
  return {
    trashed,
    unread: !item.is_read && !item.is_spam && !trashed,
    urgent: item.urgency !== null && !item.is_spam && !trashed,
    doubtful: item.suspicion !== null && !item.is_spam,
  }
}

type BadgeTone = 'urgent' | 'unread' | 'client' | 'spam' | 'doubt' | 'primary' | 'plain' | 'quiet'

const TONES: Record<BadgeTone, string> = {
  urgent: 'bg-red-700 text-white',
  unread: 'bg-accent-700 text-white',
  client: 'bg-green-100 text-green-900 ring-1 ring-green-700/40',
  spam: 'bg-red-100 text-red-900 ring-1 ring-red-700/40',
  doubt: 'bg-amber-100 text-amber-950 ring-1 ring-amber-700/50',
  primary: 'bg-brand-700 text-white',
  plain: 'bg-white text-slate-700 ring-1 ring-slate-400',
  quiet: 'bg-slate-100 text-slate-700',
}

function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <li className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-bold ${TONES[tone]}`}>{children}</li>
  )
}

/** The labels, and the long date-time it came. */
export function CardBadges({ item, state, timeZone }: { item: Submission; state: CardState; timeZone: string }) {
  /** A ZIP code the service area does not list (src/lead/service-area.ts). */
  const outside = item.zip !== null && item.zip_place === null
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
      <ul className="flex flex-wrap gap-1" aria-label="Labels">
        {state.urgent && <Badge tone="urgent">{T.card.emergency}</Badge>}
        {state.unread && <Badge tone="unread">{T.card.unread}</Badge>}
        {item.is_client && <Badge tone="client">{T.card.client}</Badge>}
        {item.is_spam && <Badge tone="spam">{T.card.spam}</Badge>}
        {state.doubtful && <Badge tone="doubt">{T.card.possibleSpam}</Badge>}
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
  )
}

const link = 'font-semibold text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700'

/** What the intake asked (issue 14): the ZIP code and its place, out right now, the time to call back. */
const intakeOf = (item: Submission) =>
  (
    [
      ['zip', T.card.zip, item.zip && (item.zip_place ? `${item.zip} (${item.zip_place})` : item.zip)],
      ['outNow', T.card.outNow, item.out_now && T.card.outNowAnswer(item.out_now)],
      ['callback', T.card.callbackTime, callbackTimeLabel(item.callback_time)],
    ] as [string, string, string | null][]
  ).filter((entry): entry is [string, string, string] => Boolean(entry[2]))

/** A fact with its name in words ("Why urgent: …"). */
function Named({ className, name, children }: { className: string; name: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="inline font-semibold">{name}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  )
}

/** The one line a card reads as (service · phone · e-mail · where it came from), then the rest. */
export function CardFacts({ item, state }: { item: Submission; state: CardState }) {
  return (
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
      {intakeOf(item).map(([key, label, value], i) => (
        // The intake's answers on a line of their own: the first starts it (a line break before it), the others follow.
        <Named
          key={key}
          name={label}
          className={`inline text-slate-800 ${i === 0 ? "before:block before:content-['']" : "before:content-['_·_']"}`}
        >
          {value}
        </Named>
      ))}
      {state.urgent && item.urgency !== serviceLabel(item.service) && (
        <Named name={T.card.urgency} className="inline text-red-800 before:text-slate-700 before:content-['_·_']">
          {item.urgency}
        </Named>
      )}
      {item.is_spam && item.spam_reason && (
        <Named name={T.card.spamReason} className="text-red-800">
          {item.spam_reason}
        </Named>
      )}
      {state.doubtful && (
        <Named name={T.card.suspicion} className="text-amber-950">
          {item.suspicion}
        </Named>
      )}
      {item.follow_up_on && (
        <Named name={T.card.followUp} className="text-slate-800">
          {formatDay(item.follow_up_on)}
        </Named>
      )}
    </dl>
  )
}

/** A client's details on the card itself (the editor is under "More"). */
export function ClientSummary({ item }: { item: Submission }) {
  return (
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
  )
}

/**
 * What the office last did, in one line ("Called 4:35 PM · no answer"), and the latest note's
 * first words: the list tells who is waiting for a call back without opening "More".
 */
export function LastDone({ item, now, timeZone }: { item: Submission; now: number; timeZone: string }) {
  const action = item.last_action && T.card.lastAction[item.last_action as ActivityKind]
  if (!action && !item.last_note) return null
  const detail =
    item.last_action === 'call_outcome'
      ? T.card.outcomes[item.last_action_detail as CallOutcome]
      : item.last_action === 'status' || item.last_action === 'follow_up'
        ? item.last_action_detail
        : null
  return (
    <div className="mt-1 text-sm text-slate-800">
      {action && item.last_action_at && (
        <p>
          <span className="font-semibold">{T.card.lastActionLabel}:</span> {action}{' '}
          <time dateTime={item.last_action_at}>{formatShortTime(item.last_action_at, now, timeZone)}</time>
          {detail && <> · {detail}</>}
        </p>
      )}
      {item.last_note && (
        <p className="truncate">
          <span className="font-semibold">{T.card.lastNote}:</span> {item.last_note}
        </p>
      )}
    </div>
  )
}
