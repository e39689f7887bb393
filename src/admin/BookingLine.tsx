// A request's visit on its card (online booking, docs/admin-api.md "Bookings"): "Booked: Tue Dec 2,
// 8–10 am", with "confirmed" once the office has confirmed it, else its "Confirm" button. A
// cancelled booking shows nothing here: the timeline says it, and "More" offers "Book a visit".
import { CalendarCheck, Check } from 'lucide-react'
import { windowLabel } from '../lead/booking-windows.ts'
import { T } from './messages.ts'
import { useConfirmBooking } from './mutations.ts'
import type { Submission } from './types.ts'
import { btn } from './ui.ts'

const icon = 'size-4 shrink-0'

/** The card's line about its visit, and "Confirm" while the office has not confirmed it. */
export function BookingLine({ item }: { item: Submission }) {
  const confirm = useConfirmBooking()
  const booking = item.booking
  if (!booking || booking.status === 'cancelled') return null
  const confirmed = booking.status === 'confirmed'
  return (
    <div
      className="mt-1.5 flex flex-wrap items-center justify-between gap-x-2 gap-y-1 rounded-lg bg-brand-50 px-2 py-1 text-sm ring-1 ring-brand-700/20"
      data-booking={booking.status}
    >
      <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-slate-900">
        <CalendarCheck className={`${icon} text-brand-800`} aria-hidden="true" focusable="false" />
        <span>
          <span className="font-semibold">{T.booking.booked}:</span> {windowLabel(booking)}
        </span>
        {confirmed && (
          <>
            <span aria-hidden="true"> · </span>
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-900 ring-1 ring-green-700/40">
              <Check className="size-3.5" aria-hidden="true" focusable="false" />
              {T.booking.confirmed}
            </span>
          </>
        )}
      </p>
      {!confirmed && item.deleted_at === null && (
        <button
          type="button"
          className={btn('outline', 'sm')}
          disabled={confirm.isPending}
          onClick={() => confirm.mutate({ item })}
        >
          <Check className={icon} aria-hidden="true" focusable="false" />
          {T.booking.confirm}
        </button>
      )}
    </div>
  )
}
