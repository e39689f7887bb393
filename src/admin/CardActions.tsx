// A card's controls: "Call Maria" and "Text" first (a tap opens the phone's app, and the inbox
// records it on the way), then "Mark as Read" (or "Not spam", or "Restore" in the trash), the
// status, "Spam" for a doubtful request, and "More". Each control is busy while its own change is
// on its way (mutations.ts).
import {
  ChevronDown,
  Inbox as InboxIcon,
  Mail,
  MailOpen,
  MessageSquareText,
  Phone,
  RotateCcw,
  ShieldAlert,
} from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { CALL_OUTCOMES } from '../lead/activity.ts'
import type { CardState } from './CardFacts.tsx'
import { firstName, relativeTime, smsHref, telHref } from './format.ts'
import { T, TOASTS } from './messages.ts'
import { useCallOutcome, useChange, useContact, useRestore, type Change } from './mutations.ts'
import { StatusOptions } from './StatusOptions.tsx'
import type { Status, Submission } from './types.ts'
import { btn } from './ui.ts'

const icon = 'size-5 shrink-0'
const small = 'size-4'

/**
 * "How did the call go?" in one tap, shown once Call was tapped (there when the office comes back
 * from the phone app): reached, no answer or left message, which the server records and turns
 * into the status.
 */
function CallOutcome({ item, onDone }: { item: Submission; onDone: () => void }) {
  const outcome = useCallOutcome()
  return (
    <fieldset className="mt-1.5 flex flex-wrap items-center gap-1.5 rounded-lg bg-brand-50 p-1.5">
      <legend className="float-left mr-1 text-sm font-semibold text-brand-900">{T.card.outcomeQuestion}</legend>
      {CALL_OUTCOMES.map((o) => (
        <button
          key={o}
          type="button"
          className={btn('outline', 'sm')}
          disabled={outcome.isPending}
          onClick={() => outcome.mutate({ item, outcome: o }, { onSettled: onDone })}
        >
          {T.card.outcomes[o]}
        </button>
      ))}
    </fieldset>
  )
}

function CallOrText({ item, phone }: { item: Submission; phone: string }) {
  const contact = useContact()
  const [asking, setAsking] = useState(false)
  return (
    <div>
      <div className="flex gap-1.5">
        <a
          href={telHref(phone)}
          className={`${btn('primary', 'narrow')} flex-1`}
          onClick={() => {
            contact.mutate({ item, channel: 'call' })
            setAsking(true)
          }}
        >
          <Phone className={icon} aria-hidden="true" focusable="false" />
          {T.card.call(firstName(item.name))}
        </a>
        <a
          href={smsHref(phone)}
          className={btn('secondary', 'narrow')}
          onClick={() => contact.mutate({ item, channel: 'text' })}
        >
          <MessageSquareText className={icon} aria-hidden="true" focusable="false" />
          {T.card.text}
        </a>
      </div>
      {asking && <CallOutcome item={item} onDone={() => setAsking(false)} />}
    </div>
  )
}

/** A button that sends one change of the request, disabled while it is on its way. */
function ChangeButton({ className, change, children }: { className: string; change: Change; children: ReactNode }) {
  const mutation = useChange()
  return (
    <button type="button" className={className} disabled={mutation.isPending} onClick={() => mutation.mutate(change)}>
      {children}
    </button>
  )
}

function ReadButton({ item, unread }: { item: Submission; unread: boolean }) {
  const Icon = unread ? MailOpen : Mail
  return (
    <ChangeButton
      className={btn(unread ? 'accentOutline' : 'outline', 'sm')}
      change={{
        item,
        changes: { is_read: unread },
        ok: unread ? TOASTS.markedRead : TOASTS.markedUnread,
        ko: TOASTS.updateFailed,
      }}
    >
      <Icon className={small} aria-hidden="true" focusable="false" />
      {unread ? T.card.markRead : T.card.markUnread}
    </ChangeButton>
  )
}

function RestoreButton({ item, now }: { item: Submission; now: number }) {
  const restore = useRestore()
  return (
    <>
      <p className="flex min-h-9 flex-1 items-center text-sm text-slate-600">
        {T.card.deleted(relativeTime(item.deleted_at!, now))}
      </p>
      <button
        type="button"
        className={btn('outline', 'sm')}
        disabled={restore.isPending}
        onClick={() => restore.mutate({ item })}
      >
        <RotateCcw className={small} aria-hidden="true" focusable="false" />
        {T.card.restore}
      </button>
    </>
  )
}

function StatusSelect({ item, id }: { item: Submission; id: string }) {
  const change = useChange()
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {T.card.status}
      </label>
      <select
        id={id}
        className="min-h-9 min-w-32 shrink-0 rounded-lg border border-slate-500 bg-white px-2 text-sm font-semibold text-slate-900 disabled:cursor-wait disabled:opacity-60"
        value={item.status}
        disabled={change.isPending}
        onChange={(event) =>
          change.mutate({
            item,
            changes: { status: event.target.value as Status },
            ok: TOASTS.statusUpdated,
            ko: TOASTS.statusFailed,
          })
        }
      >
        <StatusOptions />
      </select>
    </>
  )
}

export function CardActions({
  item,
  state,
  now,
  id,
  more,
  onToggleMore,
}: {
  item: Submission
  state: CardState
  now: number
  /** The card's own id, for its controls' ids. */
  id: string
  more: boolean
  onToggleMore: () => void
}) {
  return (
    <div className="mt-auto space-y-1.5 pt-2">
      {item.phone && !state.trashed && <CallOrText item={item} phone={item.phone} />}
      <div className="flex flex-wrap items-stretch gap-1.5">
        {state.trashed ? (
          <RestoreButton item={item} now={now} />
        ) : item.is_spam ? (
          <ChangeButton
            className={`${btn('outline', 'sm')} flex-1 sm:flex-none`}
            change={{ item, changes: { is_spam: false }, ok: TOASTS.notSpam, ko: TOASTS.updateFailed }}
          >
            <InboxIcon className={small} aria-hidden="true" focusable="false" />
            {T.card.notSpam}
          </ChangeButton>
        ) : (
          <ReadButton item={item} unread={state.unread} />
        )}
        {!state.trashed && !item.is_spam && <StatusSelect item={item} id={`${id}-status`} />}
        {state.doubtful && !state.trashed && (
          <ChangeButton
            className={btn('outline', 'sm')}
            change={{ item, changes: { is_spam: true }, ok: TOASTS.movedToSpam, ko: TOASTS.updateFailed }}
          >
            <ShieldAlert className={small} aria-hidden="true" focusable="false" />
            {T.card.isSpam}
          </ChangeButton>
        )}
        <button
          type="button"
          className={`${btn('outline', 'sm')} sm:ml-auto`}
          aria-expanded={more}
          aria-controls={`${id}-more`}
          onClick={onToggleMore}
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
  )
}
