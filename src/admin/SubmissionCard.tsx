// One request in the inbox (SPEC §2 "Each submission card"), laid out for a phone: who and when
// first ("Maria Lopez · 12 min ago", the long date-time kept), its customer ("Returning · 3rd
// request", CustomerLine.tsx), what and where, why it is urgent,
// its visit ("Booked: Tue Dec 2, 8–10 am"), the message clamped to six lines, then the two actions
// that matter most, "Call Maria" and "Text", then "Mark as Read", the status and "More"
// (follow-up, visit, note, client, history, delete). Its parts: CardFacts.tsx (labels, facts,
// client details), BookingLine.tsx, CardMessage.tsx, CardActions.tsx, CardDetails.tsx ("More").
// Everything a visitor sent is rendered as React text: markup in it stays inert characters.
import { Suspense, useContext, useId, useState } from 'react'
import { InboxSettings, useNow } from './actions.ts'
import { CardActions } from './CardActions.tsx'
import { BookingLine } from './BookingLine.tsx'
import { CardBadges, CardFacts, cardState, ClientSummary, LastDone } from './CardFacts.tsx'
import { CardMessage } from './CardMessage.tsx'
import { CustomerLine } from './CustomerLine.tsx'
import { CardDetails, Loading } from './on-demand.tsx'
import { relativeTime } from './format.ts'
import { T } from './messages.ts'
import type { Submission } from './types.ts'

export function SubmissionCard({
  item,
  onAskDelete,
}: {
  item: Submission
  onAskDelete: (item: Submission, opener: HTMLElement) => void
}) {
  const { timeZone } = useContext(InboxSettings)
  const now = useNow()
  const [more, setMore] = useState(false)
  const id = useId()
  const nameId = `${id}-name`
  const state = cardState(item)
  return (
    <article
      aria-labelledby={nameId}
      className={`flex h-full flex-col rounded-xl border px-3 py-2 [overflow-wrap:anywhere] sm:p-4 ${
        state.urgent && item.urgent_open
          ? 'border-red-300 border-l-4 border-l-red-700 bg-red-50/60 shadow-md'
          : state.unread
            ? 'border-slate-200 border-l-4 border-l-accent-600 bg-accent-50 shadow-md'
            : 'border-slate-200 bg-white shadow-sm'
      }`}
      data-unread={state.unread ? '' : undefined}
      data-urgent={state.urgent ? '' : undefined}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={nameId} className="min-w-0 text-lg leading-6 font-bold break-words text-brand-900">
          {item.name}
        </h2>
        <span className="shrink-0 text-sm font-semibold text-slate-800">{relativeTime(item.created_at, now)}</span>
      </div>
      <CardBadges item={item} state={state} timeZone={timeZone} />
      <CustomerLine item={item} />
      {item.assignee && (
        <p className="text-sm text-slate-700">
          {T.card.assignedTo} <span className="font-semibold">{item.assignee}</span>
        </p>
      )}
      <CardFacts item={item} state={state} />
      <BookingLine item={item} />
      <LastDone item={item} now={now} timeZone={timeZone} />
      {item.message && <CardMessage text={item.message} id={`${id}-message`} />}
      {item.is_client && <ClientSummary item={item} />}
      <CardActions item={item} state={state} now={now} id={id} more={more} onToggleMore={() => setMore((o) => !o)} />
      {more && (
        <Suspense fallback={<Loading className="mt-3" />}>
          <CardDetails id={`${id}-more`} item={item} onAskDelete={onAskDelete} />
        </Suspense>
      )}
    </article>
  )
}
