// The inbox's toasts (SPEC §8): the same look and behaviour as the contact form's
// (src/client/toast.ts). Two live regions present from the first render, so what enters them is
// announced: role="status" for success, role="alert" for errors. One toast at a time; each has a
// close button and hides itself after a few seconds, but not while the pointer or focus is on it.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { CircleAlert, CircleCheck, X } from 'lucide-react'
import { T, type Toast } from './messages.ts'

/** An error says what to do next, so it stays longer; so does a change that can be undone. */
const SHOW_MS = { success: 5_000, error: 10_000, undo: 10_000 }

type Shown = Toast & { key: number }

const Notify = createContext<(toast: Toast | null) => void>(() => undefined)

/** Shows a toast, replacing the one on screen; null takes it away. */
export const useNotify = () => useContext(Notify)

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Shown | null>(null)
  const counter = useRef(0)
  const notify = useCallback((next: Toast | null) => setToast(next && { ...next, key: ++counter.current }), [])
  const dismiss = useCallback(() => setToast(null), [])
  const region = 'flex w-full flex-col items-center sm:items-end'
  return (
    <Notify value={notify}>
      {children}
      <div className="toast-viewport pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 px-4 pt-4 sm:right-0 sm:left-auto sm:items-end">
        <div role="status" aria-live="polite" aria-atomic="true" className={region}>
          {toast?.tone === 'success' && <ToastCard key={toast.key} toast={toast} onDismiss={dismiss} />}
        </div>
        <div role="alert" aria-atomic="true" className={region}>
          {toast?.tone === 'error' && <ToastCard key={toast.key} toast={toast} onDismiss={dismiss} />}
        </div>
      </div>
    </Notify>
  )
}

function ToastCard({ toast, onDismiss }: { toast: Shown; onDismiss: () => void }) {
  const [held, setHeld] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (held) return
    const timer = window.setTimeout(onDismiss, toast.undo ? SHOW_MS.undo : SHOW_MS[toast.tone])
    return () => window.clearTimeout(timer)
  }, [held, toast.tone, toast.undo, onDismiss])
  // Escape hides the toast wherever the focus is, as on the public pages (src/client/toast.ts).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onDismiss])

  const release = () => {
    if (!ref.current?.matches(':hover, :focus-within')) setHeld(false)
  }
  const error = toast.tone === 'error'
  const Icon = error ? CircleAlert : CircleCheck
  return (
    <div
      ref={ref}
      className={`toast pointer-events-auto flex w-full items-start gap-3 rounded-xl p-4 shadow-xl ring-1 sm:w-96 ${
        error
          ? 'bg-red-700 text-white ring-red-800'
          : 'border-l-4 border-green-700 bg-white text-slate-800 ring-slate-200'
      }`}
      onMouseEnter={() => setHeld(true)}
      onFocus={() => setHeld(true)}
      onMouseLeave={release}
      onBlur={() => window.setTimeout(release)}
    >
      <Icon
        className={`mt-0.5 size-6 shrink-0 ${error ? 'text-white' : 'text-green-700'}`}
        aria-hidden="true"
        focusable="false"
      />
      <div className="min-w-0 flex-1">
        <p className={`font-bold ${error ? 'text-white' : 'text-slate-900'}`}>{toast.title}</p>
        <p className="mt-1">{toast.text}</p>
        {toast.detail && <p className="mt-2 font-semibold">{toast.detail}</p>}
      </div>
      {toast.undo && (
        <button
          type="button"
          className="-my-1 min-h-11 shrink-0 rounded-lg border-2 border-brand-700 px-3 font-bold text-brand-800 hover:bg-brand-50"
          onClick={() => {
            onDismiss()
            toast.undo?.()
          }}
        >
          {T.toast.undo}
        </button>
      )}
      <button
        type="button"
        className={`-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg ${error ? 'text-white hover:bg-red-800 focus-visible:outline-white' : 'text-slate-600 hover:bg-slate-100'}`}
        aria-label={T.toast.dismiss}
        onClick={onDismiss}
      >
        <X className="size-5" aria-hidden="true" focusable="false" />
      </button>
    </div>
  )
}
