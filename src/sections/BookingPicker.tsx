// The contact form's optional arrival window (content/booking.yaml, docs/decisions/049-booking.md),
// after the fields SPEC names. A native select, one group per day, full windows listed as full and
// not choosable: on a phone it opens the system's own picker. The page the build prerenders has
// no windows (they change by the minute): its script (src/client/booking.ts) fills the select
// from GET /api/booking/windows when it comes into view; without script the visitor follows the
// link to /contact/book, the same page rendered by the server with the windows in place.
import type { BookingCopy } from '../catalogue/page-data.ts'
import type { ContactFormState } from '../lead/form-state.ts'
import { BOOKING_ID } from '../lead/markup.ts'
import { CONTROL } from './ContactFormControls.tsx'

const NOTE = 'mt-2 text-sm font-semibold text-slate-800'

export function BookingPicker({
  booking,
  state,
}: {
  booking: BookingCopy
  /** The windows, when the server renders the page; undefined on the prerendered page. */
  state: ContactFormState['booking']
}) {
  const { texts } = booking
  const days = state?.days
  const selectId = `${BOOKING_ID}-window`
  return (
    <div
      id={BOOKING_ID}
      className="mt-5"
      data-services={booking.services.join(' ')}
      data-none={texts.none}
      data-full={texts.full}
      {...(days ? { 'data-filled': '' } : {})}
    >
      <label htmlFor={selectId} className="block font-semibold text-slate-900">
        {texts.legend}
      </label>
      <p id={`${selectId}-hint`} className="mt-1 text-sm text-slate-700">
        {texts.hint}
      </p>
      <select
        id={selectId}
        name="window"
        aria-describedby={`${selectId}-hint`}
        className={`${CONTROL} mt-1.5`}
        defaultValue={state?.chosen ?? ''}
        hidden={!days || days.length === 0}
      >
        <option value="">{texts.none}</option>
        {days?.map((day) => (
          <optgroup key={day.date} label={day.label}>
            {day.windows.map((w) => (
              <option key={w.id} value={w.id} disabled={w.full}>
                {w.full ? `${w.label} (${texts.full})` : w.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {!days && (
        <a
          href="/contact/book#contact-booking"
          // As tall as the select that takes its place when the windows arrive: nothing below moves
          // (a link or Send under a finger's tap would otherwise jump down by a line).
          className="mt-1.5 flex min-h-12 w-fit items-center font-semibold text-brand-800 underline underline-offset-2"
          data-more=""
        >
          {texts.more}
        </a>
      )}
      <p className={NOTE} data-note="none" aria-live="polite" hidden={!days || days.length > 0}>
        {texts.noWindows}
      </p>
      <p className={NOTE} data-note="emergency" aria-live="polite" hidden>
        {texts.emergency}
      </p>
      <p className={NOTE} data-note="outside" aria-live="polite" hidden>
        {texts.outside}
      </p>
    </div>
  )
}
