// How a call from the inbox ended, told the office: the toast that says so (SPEC §8 texts), or a
// lost session sent back to the login form. Also the inbox-wide context a card reads: the office's
// time zone, the clock for "12 min ago".
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react'
import { ApiError, isSignedOut } from './api.ts'
import type { Toast } from './messages.ts'
import { useNotify } from './Toasts.tsx'

export type InboxContext = {
  /** The office's time zone (content/business.yaml): every time is shown on its clock. */
  timeZone: string
  /** The session is gone: back to the login form. */
  onSignedOut: () => void
  /** Where a customer writes a review, and the business's name (business.yaml): the card's "Ask for a review". */
  review?: { url: string; company: string } | undefined
}

export const InboxSettings = createContext<InboxContext>({ timeZone: 'America/New_York', onSignedOut: () => undefined })

/** A server error's sentence is worth showing under the toast's text when it is about the request (4xx). */
const detailOf = (error: unknown) =>
  error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : undefined

/**
 * How a call from the inbox ended, told the office: `succeeded(ok)` shows `ok` (if any);
 * `failed(error, ko)` shows `ko` (with the server's sentence for a refused request), or goes back
 * to the login form when the session is gone.
 */
export function useOutcome() {
  const notify = useNotify()
  const { onSignedOut } = useContext(InboxSettings)
  return useMemo(
    () => ({
      succeeded: (ok: Toast | null) => {
        if (ok) notify(ok)
      },
      failed: (error: unknown, ko: Toast) => {
        if (isSignedOut(error)) return onSignedOut()
        const detail = detailOf(error)
        notify(detail ? { ...ko, detail } : ko)
      },
    }),
    [notify, onSignedOut],
  )
}

// One clock for every "12 min ago" on the page, ticking each 30 s.
let nowValue = Date.now()
const listeners = new Set<() => void>()
let timer: number | undefined
function subscribe(listener: () => void) {
  if (listeners.size === 0) nowValue = Date.now()
  listeners.add(listener)
  timer ??= window.setInterval(() => {
    nowValue = Date.now()
    for (const l of listeners) l()
  }, 30_000)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer !== undefined) {
      window.clearInterval(timer)
      timer = undefined
    }
  }
}

/** Now, to the half minute: re-renders its component as time passes. */
export const useNow = () =>
  useSyncExternalStore(
    subscribe,
    () => nowValue,
    () => nowValue,
  )
