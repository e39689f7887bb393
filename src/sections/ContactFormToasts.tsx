// The contact form's toasts (src/client/toast.ts): the live regions, present from the start so
// that what enters them is announced, and the markup of a success and a failure toast, which the
// script clones into them.
import { CircleAlert, CircleCheck, X } from 'lucide-react'
import type { ContactFormBlock } from '../catalogue/types.gen.ts'

// Words only heard (the toast's close button): kept here rather than in the page's copy.
const DISMISS_LABEL = 'Dismiss notification'

const REGION = 'flex w-full flex-col items-center sm:items-end'

export function ContactFormToasts({ form }: { form: ContactFormBlock }) {
  return (
    <>
      <div className="toast-viewport pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 px-4 pt-4 sm:right-0 sm:left-auto sm:items-end">
        <div role="status" aria-live="polite" aria-atomic="true" className={REGION} data-toast-region="success" />
        <div role="alert" aria-atomic="true" className={REGION} data-toast-region="error" />
      </div>
      <ToastTemplate tone="success" title={form.success.title} text={form.success.text} />
      <ToastTemplate tone="error" title={form.failure.title} text={form.failure.text} />
    </>
  )
}

/** A toast's markup, cloned by src/client/toast.ts into its live region. */
function ToastTemplate({ tone, title, text }: { tone: 'success' | 'error'; title: string; text: string }) {
  const error = tone === 'error'
  const Icon = error ? CircleAlert : CircleCheck
  return (
    <template data-toast={tone}>
      <div
        className={`toast pointer-events-auto flex w-full items-start gap-3 rounded-xl p-4 shadow-xl ring-1 sm:w-96 ${
          error ? 'bg-red-700 text-white ring-red-800' : 'bg-white text-slate-800 ring-slate-300'
        }`}
      >
        <Icon
          className={`mt-0.5 size-6 shrink-0 ${error ? 'text-white' : 'text-green-700'}`}
          aria-hidden="true"
          focusable="false"
        />
        <div className="min-w-0 flex-1">
          <p className={`font-bold ${error ? 'text-white' : 'text-slate-900'}`}>{title}</p>
          <p className="mt-1">{text}</p>
          <p className="mt-2 font-semibold" data-toast-detail="" hidden />
        </div>
        <button
          type="button"
          className={`-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg ${error ? 'text-white hover:bg-red-800 focus-visible:outline-white' : 'text-slate-600 hover:bg-slate-100'}`}
          aria-label={DISMISS_LABEL}
          data-toast-dismiss=""
        >
          <X className="size-5" aria-hidden="true" focusable="false" />
        </button>
      </div>
    </template>
  )
}
