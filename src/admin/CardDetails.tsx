// A card's "More": what the office does after the first call. A follow-up date, the visit (moved,
// cancelled or booked: CardBooking.tsx), the outcome of a completed or closed request
// (OutcomeForm.tsx) and a note (CardForms.tsx), whom it is assigned to (CardAssign.tsx), the client details
// (ClientEditor.tsx), where the visitor came from, the request's history (Timeline.tsx), erasing
// the person (ErasePerson.tsx) and delete.
import { useContext, useRef, useState } from 'react'
import { Star, Trash2, UserCheck } from 'lucide-react'
import { InboxSettings } from './actions.ts'
import { firstName, smsBodyHref } from './format.ts'
import { TRASH_DAYS } from '../lead/submission.ts'
import { CardAssign } from './CardAssign.tsx'
import { BookingControls } from './CardBooking.tsx'
import { FollowUpForm, NoteForm } from './CardForms.tsx'
import { ClientEditor } from './ClientEditor.tsx'
import { ErasePerson } from './ErasePerson.tsx'
import { T } from './messages.ts'
import { OutcomeForm, takesOutcome } from './OutcomeForm.tsx'
import { Timeline } from './Timeline.tsx'
import type { Submission } from './types.ts'
import { button } from './ui.ts'

export function CardDetails({
  id,
  item,
  onAskDelete,
}: {
  id: string
  item: Submission
  onAskDelete: (item: Submission, opener: HTMLElement) => void
}) {
  const { review } = useContext(InboxSettings)
  const [editing, setEditing] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const trashed = item.deleted_at !== null
  const closeEditor = () => {
    setEditing(false)
    toggle.current?.focus()
  }
  return (
    <div id={id} className="mt-3 border-t border-slate-200 pt-3">
      {!trashed && !item.is_spam && <FollowUpForm item={item} />}
      {!trashed && !item.is_spam && <BookingControls item={item} />}
      {!trashed && !item.is_spam && takesOutcome(item) && <OutcomeForm key={item.status} item={item} />}
      {!trashed && <NoteForm item={item} />}
      {!trashed && !item.is_spam && <CardAssign item={item} />}
      {!trashed && !item.is_spam && (
        <div className="mt-4">
          <button
            ref={toggle}
            type="button"
            className={button.secondary}
            aria-expanded={editing}
            onClick={() => setEditing((open) => !open)}
          >
            <UserCheck className="size-5" aria-hidden="true" focusable="false" />
            {item.is_client ? T.card.editClient : T.card.markClient}
          </button>
          {editing && <ClientEditor item={item} onDone={closeEditor} />}
        </div>
      )}
      {review && item.phone && item.status === 'completed' && !trashed && !item.is_spam && (
        // A text the office sends from its own phone, the words filled in: never an automated text (TCPA).
        <div className="mt-4">
          <a
            href={smsBodyHref(item.phone, T.card.reviewText(firstName(item.name), review.company, review.url))}
            className={button.secondary}
          >
            <Star className="size-5" aria-hidden="true" focusable="false" />
            {T.card.askReview}
          </a>
        </div>
      )}
      {item.referrer && (
        <p className="mt-4 text-sm break-all text-slate-700">
          <span className="font-semibold">{T.card.referrer}: </span>
          {item.referrer}
        </p>
      )}
      {item.source_page && (
        <p className="mt-4 text-sm break-all text-slate-700">
          <span className="font-semibold">{T.card.page}: </span>
          {item.source_page}
        </p>
      )}
      <Timeline item={item} />
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {(item.phone || item.email) && <ErasePerson item={item} />}
        {!trashed && (
          <button type="button" className={button.danger} onClick={(event) => onAskDelete(item, event.currentTarget)}>
            <Trash2 className="size-5" aria-hidden="true" focusable="false" />
            {T.card.delete}
          </button>
        )}
      </div>
      {trashed && <p className="mt-3 text-sm text-slate-600">{T.inbox.trashNote(TRASH_DAYS)}</p>}
    </div>
  )
}
