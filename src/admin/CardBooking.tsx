// A request's visit under its card's "More" (online booking, docs/admin-api.md "Bookings"): its
// window, "Move" and "Cancel booking" (after a confirmation), or "Book a visit" for a request
// without one (or whose booking was cancelled): both open the window choice (BookingForm.tsx).
// The card itself says the visit and has "Confirm" (BookingLine.tsx).
import { useRef, useState } from 'react'
import { CalendarClock, CalendarX } from 'lucide-react'
import { windowLabel } from '../lead/booking-windows.ts'
import { BookingForm } from './BookingForm.tsx'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { T } from './messages.ts'
import { isBooked, useCancelBooking } from './mutations.ts'
import type { Submission } from './types.ts'
import { btn } from './ui.ts'

const icon = 'size-4 shrink-0'

/** Under "More": move or cancel the visit, or book one; the window choice opens below the buttons. */
export function BookingControls({ item }: { item: Submission }) {
  const [choosing, setChoosing] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const canceller = useRef<HTMLButtonElement>(null)
  const cancel = useCancelBooking()
  const booking = isBooked(item) ? item.booking : null
  const closeForm = () => {
    setChoosing(false)
    opener.current?.focus()
  }
  return (
    <section className="mt-4" aria-label={T.booking.region(item.name)}>
      <h3 className="flex items-center gap-1.5 font-bold text-brand-900">
        <CalendarClock className={icon} aria-hidden="true" focusable="false" />
        {T.booking.heading}
      </h3>
      {booking ? (
        <p className="text-sm text-slate-800">
          {windowLabel(booking)}
          {booking.status === 'confirmed' && ` · ${T.booking.confirmed}`}
        </p>
      ) : (
        <p className="text-sm text-slate-700">{T.booking.none}</p>
      )}
      <div className="mt-1.5 flex flex-wrap gap-2">
        <button
          ref={opener}
          type="button"
          className={btn('secondary', 'narrow')}
          aria-expanded={choosing}
          onClick={() => setChoosing((open) => !open)}
        >
          <CalendarClock className="size-5" aria-hidden="true" focusable="false" />
          {booking ? T.booking.move : T.booking.book}
        </button>
        {booking && (
          <button
            ref={canceller}
            type="button"
            className={btn('danger', 'narrow')}
            disabled={cancel.isPending}
            onClick={() => setCancelling(true)}
          >
            <CalendarX className="size-5" aria-hidden="true" focusable="false" />
            {T.booking.cancel}
          </button>
        )}
      </div>
      {choosing && <BookingForm item={item} onDone={closeForm} />}
      <ConfirmDialog
        open={cancelling}
        heading={T.booking.cancelHeading}
        text={item.booking ? T.booking.cancelText(item.name, windowLabel(item.booking)) : ''}
        confirm={T.booking.cancelConfirm}
        cancel={T.booking.cancelKeep}
        onConfirm={() =>
          cancel.mutateAsync({ item }).then(
            () => true,
            () => false,
          )
        }
        onClose={() => {
          setCancelling(false)
          // Back to the button that opened it; once the booking is gone, to "Book a visit".
          const back = canceller.current?.isConnected ? canceller.current : opener.current
          back?.focus()
        }}
      />
    </section>
  )
}
