// Toasts: transient notices (SPEC §8) cloned from a <template data-toast="success|error"> into
// its live region (role="status" for success, role="alert" for errors), both rendered with the
// page so that what enters them is announced (src/sections/ContactForm.tsx). One at a time; each
// has a close button, goes on Escape, and hides itself after a few seconds, but not while the
// pointer or the keyboard focus is on it.
import { withPhoneLinks } from '../lead/phone-links.ts'

type Tone = 'success' | 'error'

/** How long a toast stays: an error says what to do next (often a phone number), so it stays longer. */
const SHOW_MS: Record<Tone, number> = { success: 5_000, error: 10_000 }

let hideCurrent: (() => void) | undefined

/** Hides the toast on screen, if any. */
export function hideToast(): void {
  hideCurrent?.()
}

// Escape hides a toast wherever the focus is, so one that covers the focused field never traps it.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') hideToast()
})

/**
 * Shows the toast of `tone`, with `detail` as an extra line when given. `returnFocus` gets the
 * keyboard focus back if the toast had it when it went away.
 */
export function showToast(
  tone: Tone,
  { detail, returnFocus }: { detail?: string | undefined; returnFocus?: HTMLElement | undefined } = {},
): void {
  hideToast()
  const template = document.querySelector<HTMLTemplateElement>(`template[data-toast="${tone}"]`)
  const region = document.querySelector<HTMLElement>(`[data-toast-region="${tone}"]`)
  const toast = template?.content.firstElementChild?.cloneNode(true)
  if (!region || !(toast instanceof HTMLElement)) return

  const detailLine = toast.querySelector<HTMLElement>('[data-toast-detail]')
  if (detail && detailLine) {
    // A number in it ("call us at …") is a link: on a phone, one tap calls.
    detailLine.replaceChildren(
      ...withPhoneLinks(detail).map((part) => {
        if (typeof part === 'string') return part
        const link = document.createElement('a')
        link.href = part.href
        link.textContent = part.number
        link.className = 'underline underline-offset-2'
        return link
      }),
    )
    detailLine.hidden = false
  }

  let timer: number | undefined
  const hide = () => {
    clearTimeout(timer)
    const hadFocus = toast.contains(document.activeElement)
    toast.remove()
    if (hideCurrent === hide) hideCurrent = undefined
    if (hadFocus) returnFocus?.focus()
  }
  const wait = () => {
    clearTimeout(timer)
    timer = window.setTimeout(hide, SHOW_MS[tone])
  }
  const hold = () => clearTimeout(timer)
  const release = () => {
    if (!toast.matches(':hover, :focus-within')) wait()
  }
  toast.addEventListener('mouseenter', hold)
  toast.addEventListener('focusin', hold)
  toast.addEventListener('mouseleave', release)
  toast.addEventListener('focusout', release)
  toast.querySelector('[data-toast-dismiss]')?.addEventListener('click', hide)

  region.append(toast)
  hideCurrent = hide
  wait()
}
