// The not-found page and the "Unexpected Application Error!" screen. Their words come from
// content/site.yaml; the error message is shown as text. Both offer the way home and a call.
import type { Site } from '../catalogue/types.gen.ts'
import { buttonClass, CallButton, type PhoneNumber } from '../sections/actions.tsx'

/** The way on from either screen: home, or a call. */
function ScreenActions({ homeLabel, callLabel, phone }: { homeLabel: string; callLabel: string; phone: PhoneNumber }) {
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <a href="/" className={buttonClass('primary')}>
        {homeLabel}
      </a>
      <CallButton phone={phone} label={callLabel} tone="outline" />
    </div>
  )
}

export function NotFoundScreen({ site, phone }: { site: Site; phone: PhoneNumber }) {
  const t = site.notFound
  return (
    <section
      className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center"
      aria-labelledby="page-title"
    >
      <p className="text-7xl font-extrabold text-brand-700" aria-hidden="true">
        {t.code}
      </p>
      <h1 id="page-title" className="mt-4 text-3xl font-bold text-brand-900">
        <span className="sr-only">{t.code}: </span>
        {t.title}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600">{t.text}</p>
      <ScreenActions homeLabel={t.homeLabel} callLabel={t.callLabel} phone={phone} />
    </section>
  )
}

export function UnexpectedErrorScreen({ site, phone, message }: { site: Site; phone: PhoneNumber; message: string }) {
  const t = site.unexpectedError
  return (
    <section
      className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center"
      aria-labelledby="page-title"
    >
      <h1 id="page-title" className="text-3xl font-bold text-brand-900">
        {t.title}
      </h1>
      <pre
        className="mt-6 max-w-2xl rounded-lg bg-slate-100 px-4 py-3 text-left whitespace-pre-wrap text-slate-800"
        data-error-message=""
      >
        {message}
      </pre>
      <p className="mt-6 max-w-xl text-lg text-slate-600">{t.text}</p>
      <ScreenActions homeLabel={t.homeLabel} callLabel={t.callLabel} phone={phone} />
    </section>
  )
}
