// The not-found page and the "Unexpected Application Error!" screen. Their words come from
// content/site.yaml; the error message is shown as text.
import type { Site } from '../catalogue/types.gen.ts'
import { buttonClass } from '../sections/actions.tsx'

export function NotFoundScreen({ site }: { site: Site }) {
  const t = site.notFound
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center" aria-labelledby="page-title">
      <p className="text-7xl font-extrabold text-brand-700" aria-hidden="true">
        {t.code}
      </p>
      <h1 id="page-title" className="mt-4 text-3xl font-bold text-brand-900">
        <span className="sr-only">{t.code}: </span>
        {t.title}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-slate-600">{t.text}</p>
      <a href="/" className={`${buttonClass('primary')} mt-8`}>
        {t.homeLabel}
      </a>
    </section>
  )
}

export function UnexpectedErrorScreen({ site, message }: { site: Site; message: string }) {
  const t = site.unexpectedError
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-20 text-center" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold text-brand-900">
        {t.title}
      </h1>
      <pre className="mt-6 max-w-2xl rounded-lg bg-slate-100 px-4 py-3 text-left whitespace-pre-wrap text-slate-800" data-error-message="">
        {message}
      </pre>
      <p className="mt-6 max-w-xl text-lg text-slate-600">{t.text}</p>
      <a href="/" className={`${buttonClass('primary')} mt-8`}>
        {t.homeLabel}
      </a>
    </section>
  )
}
