import { CalendarClock, CircleAlert, CircleCheck } from 'lucide-react'
import { useData } from 'vike-react/useData'
import type { BookingLinkPage, BookingLinkView } from '../../src/lead/booking-link.ts'
import { buttonClass, CallButton } from '../../src/sections/actions.tsx'
import { CONTROL } from '../../src/sections/ContactFormControls.tsx'

type BookingView = Extract<BookingLinkView, { kind: 'booking' }>

const SECTION = 'container-page flex min-h-[60vh] flex-col items-center py-16 text-center sm:py-20'
const CARD = 'mt-8 w-full max-w-xl rounded-xl border border-slate-300 bg-white p-5 text-left text-slate-800'
const SELECT_ID = 'booking-window'

/**
 * The page a customer's booking link opens (/booking/<token>, rendered by the server): the visit
 * booked, a form to move it to another window, and a form to cancel it after a plain confirmation
 * step. Plain forms: it works without JavaScript, as every public page does.
 */
export default function BookingManagePage() {
  const { chrome, callLabel, view } = useData<BookingLinkPage>()
  const phone = chrome.business.phone
  if (view.kind !== 'booking')
    return (
      <section className={SECTION} aria-labelledby="page-title">
        {view.kind === 'cancelled' ? (
          <CircleCheck className="size-16 text-green-700" aria-hidden="true" focusable="false" />
        ) : (
          <CircleAlert className="size-16 text-slate-600" aria-hidden="true" focusable="false" />
        )}
        <h1 id="page-title" className="mt-4 text-3xl font-bold text-brand-900 sm:text-4xl">
          {view.title}
        </h1>
        {view.kind === 'cancelled' && (
          <p className="mt-4 text-lg text-slate-700">
            {view.heading}: <s>{view.window}</s>
          </p>
        )}
        <p className="mt-4 max-w-xl text-lg text-slate-700">{view.text}</p>
        <div className="mt-8">
          <CallButton phone={phone} label={callLabel} tone="primary" />
        </div>
      </section>
    )
  return (
    <section className={SECTION} aria-labelledby="page-title">
      <CalendarClock className="size-16 text-brand-700" aria-hidden="true" focusable="false" />
      <h1 id="page-title" className="mt-4 text-3xl font-bold text-brand-900 sm:text-4xl">
        {view.title}
      </h1>
      <p className="mt-2 text-lg text-slate-700">{view.company}</p>
      {view.notice && (
        <p
          role="status"
          className={`mt-6 w-full max-w-xl rounded-lg border-2 p-4 text-left font-semibold ${
            view.notice.tone === 'done'
              ? 'border-green-700 bg-green-50 text-green-900'
              : 'border-red-700 bg-red-50 text-red-900'
          }`}
        >
          {view.notice.text}
        </p>
      )}
      <div className={CARD}>
        <p className="font-semibold text-slate-900">{view.heading}</p>
        <p className="mt-1 text-2xl font-bold text-brand-900" data-window="">
          {view.window}
        </p>
        <p className="mt-1">{view.status}</p>
      </div>
      <MoveForm move={view.move} />
      <CancelForm cancel={view.cancel} />
      <div className="mt-8">
        <CallButton phone={phone} label={callLabel} tone="outline" />
      </div>
    </section>
  )
}

function MoveForm({ move }: { move: BookingView['move'] }) {
  const listed = move.days.some((day) => day.windows.some((w) => w.id === move.current.id))
  return (
    <form method="post" action={move.action} className={CARD}>
      <h2 className="text-xl font-bold text-brand-900">
        <label htmlFor={SELECT_ID}>{move.legend}</label>
      </h2>
      {move.none ? (
        <p className="mt-2">{move.none}</p>
      ) : (
        <>
          <select id={SELECT_ID} name="window" className={`${CONTROL} mt-3`} defaultValue={move.current.id}>
            {!listed && <option value={move.current.id}>{move.current.label}</option>}
            {move.days.map((day) => (
              <optgroup key={day.label} label={day.label}>
                {day.windows.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.id === move.current.id ? move.current.label : w.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <button type="submit" className={`${buttonClass('primary')} mt-4 w-full sm:w-auto`}>
            {move.button}
          </button>
        </>
      )}
    </form>
  )
}

function CancelForm({ cancel }: { cancel: BookingView['cancel'] }) {
  if (cancel.step === 'ask')
    return (
      <div className="mt-6 w-full max-w-xl text-left">
        <a href={cancel.href} className={buttonClass('outline')}>
          {cancel.button}
        </a>
      </div>
    )
  return (
    <form
      id="cancel"
      method="post"
      action={cancel.action}
      className="mt-8 w-full max-w-xl rounded-xl border-2 border-red-700 bg-red-50 p-5 text-left text-slate-800"
    >
      <h2 className="text-xl font-bold text-red-900">{cancel.question}</h2>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <button type="submit" className={buttonClass('primary')}>
          {cancel.yes}
        </button>
        <a href={cancel.back} className={buttonClass('outline')}>
          {cancel.no}
        </a>
      </div>
    </form>
  )
}
