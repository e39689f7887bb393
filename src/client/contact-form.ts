// Progressive enhancement of the contact form (src/sections/ContactForm.tsx). Without this script
// the form is a plain POST to /api/contact. With it, once the browser's own checks pass: the
// button is disabled and reads "Sending..." (SPEC §4), the fields go as JSON, and a toast says
// how it went (SPEC §8): on success the fields are cleared; on failure the values stay, the error
// is logged to the console, and the problems the server names are shown at their fields. It finds
// the form's parts by the ids the form gives them (src/contact/markup.ts).
import { controlId, PROBLEMS_ID, problemId } from '../contact/markup.ts'
import { hideToast, showToast } from './toast.ts'
import { currentVisit } from './attribution.ts'

type Answer = { success?: unknown; error?: unknown; fields?: unknown }
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** Statuses whose own message tells the visitor what to do (call us), so the toast shows it too. */
const SAY_WHY = [429, 503]
/** SPEC §8: the error logged when the server gives no message of its own. */
const FALLBACK_ERROR = 'Failed to send message'
const TIMEOUT_MS = 30_000

class SendError extends Error {
  readonly status: number
  readonly answer: Answer | null
  constructor(message: string, status: number, answer: Answer | null) {
    super(message)
    this.name = 'SendError'
    this.status = status
    this.answer = answer
  }
}

const form = document.querySelector<HTMLFormElement>('form[data-contact-form]')
if (form) enhance(form)

function enhance(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const label = button?.querySelector<HTMLElement>('[data-submit-label]')
  if (!button || !label) return
  const idleLabel = label.textContent ?? ''
  const sendingLabel = form.dataset.sendingLabel ?? idleLabel
  const controls = () => fieldControls(form)
  // The fill time (a weak sign of a bot when very short) counts from the visitor's first touch of
  // the form, not from the page load: someone who reads the page first is not slow, and someone
  // whose browser fills the form in is not a bot. A send nobody touched the form for counts 0.
  let touchedAt: number | undefined
  const touched = () => (touchedAt ??= performance.now())
  for (const type of ['pointerdown', 'keydown', 'focusin', 'input'])
    form.addEventListener(type, touched, { capture: true, passive: true })
  let sending = false

  const busy = (on: boolean) => {
    sending = on
    button.disabled = on
    label.textContent = on ? sendingLabel : idleLabel
    if (on) form.setAttribute('aria-busy', 'true')
    else form.removeAttribute('aria-busy')
  }

  form.addEventListener('submit', (event) => void send(event, button))

  async function send(event: SubmitEvent, button: HTMLButtonElement) {
    event.preventDefault()
    if (sending) return
    // Disabling the focused button drops the focus; it comes back when the button does.
    const hadFocus = document.activeElement === button
    hideToast()
    clearProblems(controls())
    // The visit's arrival (src/client/attribution.ts): its landing page, the outside page that
    // linked to it, its campaign parameters and ad click id.
    const visit = currentVisit()
    const body = {
      ...visit,
      ...Object.fromEntries(new FormData(form)),
      elapsedMs: touchedAt === undefined ? 0 : Math.round(performance.now() - touchedAt),
      // The outside page the visit came from; never this site's own page before the form.
      referrer: visit.referrer ?? '',
    }
    busy(true)
    try {
      await post(form.action, body)
      busy(false)
      form.reset()
      for (const control of controls()) control.value = ''
      touchedAt = undefined
      if (hadFocus) button.focus()
      showToast('success', { returnFocus: button })
    } catch (error) {
      console.error('Contact form:', error)
      busy(false)
      if (hadFocus) button.focus()
      const answer = error instanceof SendError ? error.answer : null
      showFieldProblems(controls(), answer?.fields)
      const why =
        error instanceof SendError && SAY_WHY.includes(error.status) && typeof answer?.error === 'string'
          ? answer.error
          : undefined
      showToast('error', { detail: why, returnFocus: button })
    }
  }
  // The script arrives after the first paint (decision 006); until then the form posts as HTML.
  form.dataset.enhanced = ''
}

/** Sends the form as JSON; resolves on `{ success: true }`, throws a SendError otherwise. */
async function post(url: string, body: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  const answer = (await res.json().catch(() => null)) as Answer | null
  if (res.ok && answer?.success === true) return answer
  const message = typeof answer?.error === 'string' && answer.error ? answer.error : FALLBACK_ERROR
  throw new SendError(`${message} (HTTP ${res.status})`, res.status, answer)
}

/** The paragraph under a field that shows its problem. */
const problemOf = (field: string) => document.getElementById(problemId(field))

/**
 * The fields a visitor fills in, in the form's order: the controls that carry their field's id and
 * have a problem paragraph (not the honeypot, not the hidden page field).
 */
const fieldControls = (form: HTMLFormElement) =>
  [...form.querySelectorAll<Control>('input, select, textarea')].filter(
    (control) => control.name && control.id === controlId(control.name) && problemOf(control.name),
  )

function describedBy(control: Control, id: string, on: boolean) {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((x) => x && x !== id)
  if (on) ids.push(id)
  if (ids.length > 0) control.setAttribute('aria-describedby', ids.join(' '))
  else control.removeAttribute('aria-describedby')
}

/** Hides every problem: at the fields, and the box a send without JavaScript brought back. */
function clearProblems(controls: Control[]) {
  const box = document.getElementById(PROBLEMS_ID)
  if (box) box.hidden = true
  for (const control of controls) {
    const problem = problemOf(control.name)
    control.removeAttribute('aria-invalid')
    if (!problem) continue
    describedBy(control, problem.id, false)
    problem.textContent = ''
    problem.hidden = true
  }
}

/** Shows the server's problem text under each field it names, and moves the focus to the first. */
function showFieldProblems(controls: Control[], fields: unknown) {
  if (!fields || typeof fields !== 'object') return
  let first: Control | undefined
  for (const control of controls) {
    const text = (fields as Record<string, unknown>)[control.name]
    const problem = problemOf(control.name)
    if (typeof text !== 'string' || !text || !problem) continue
    problem.textContent = text
    problem.hidden = false
    control.setAttribute('aria-invalid', 'true')
    describedBy(control, problem.id, true)
    first ??= control
  }
  first?.focus()
}
