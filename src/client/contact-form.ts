// Progressive enhancement of the contact form (src/sections/ContactForm.tsx). Without this script
// the form is a plain POST to /api/contact. With it, the fields are checked before sending by the
// rules the form's HTML carries from the contact schema (required, maxlength, pattern: what the
// server checks), and a problem is shown as the server would show it: its own words (each
// problem paragraph's data-problem) under the field and in the problems box, the focus on the
// first field with one, no toast. Then the button is disabled and reads "Sending..." (SPEC §4),
// the fields go as JSON, and a toast says how it went (SPEC §8): on success the fields are
// cleared; a field the server refuses (400 with fields) is shown the same way, without the
// "Failed to send" toast, which stays for real failures (network, 5xx, rate limit). It finds the
// form's parts by the ids the form gives them (src/lead/markup.ts).
import { CONFIRMATION_ID, controlId, PROBLEMS_ID, problemId, ZIP_NOTE_ID } from '../lead/markup.ts'
import { hideToast, showToast } from './toast.ts'
import { currentVisit } from './attribution.ts'

type Answer = { success?: unknown; error?: unknown; fields?: unknown; confirmation?: unknown }
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
  // The script's checks replace the browser's bubbles (one at a time, in the browser's words).
  form.noValidate = true
  outsideAreaNote(form)
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
    showConfirmation(undefined)
    clearProblems(controls())
    const found = checkFields(controls())
    if (Object.keys(found).length > 0) {
      showFieldProblems(controls(), found)
      return
    }
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
      const answer = await post(form.action, body)
      busy(false)
      showConfirmation(answer.confirmation)
      form.reset()
      for (const control of controls()) if (!isRadio(control)) control.value = ''
      for (const radio of form.querySelectorAll<HTMLInputElement>('input[type="radio"]')) radio.checked = false
      outsideAreaNote(form)
      touchedAt = undefined
      // The arrival windows are read again: the one just booked may have filled (booking.ts).
      form.dispatchEvent(new Event('contact:sent'))
      // The confirmation is above the form, out of sight on a phone: brought into view, and the
      // focus on it, so it is seen and read out (the toast fades; the form has emptied).
      const panel = document.getElementById(CONFIRMATION_ID)
      const shown = panel && !panel.hidden ? panel : null
      if (shown) {
        shown.scrollIntoView({ block: 'start', behavior: 'auto' })
        shown.focus({ preventScroll: true })
      } else if (hadFocus) button.focus()
      showToast('success', { returnFocus: shown ?? button })
    } catch (error) {
      console.error('Contact form:', error)
      busy(false)
      if (hadFocus) button.focus()
      const answer = error instanceof SendError ? error.answer : null
      // A field the server refused is the visitor's to fix, not a failure: shown at the field, no toast.
      if (showFieldProblems(controls(), answer?.fields)) return
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

/**
 * The confirmation that stays (src/sections/ContactConfirmation.tsx): the server's words put in
 * the panel above the form, which shows until the next send. Nothing to show: hidden.
 */
function showConfirmation(words: unknown) {
  const panel = document.getElementById(CONFIRMATION_ID)
  if (!panel) return
  const text = words && typeof words === 'object' ? (words as Record<string, unknown>) : undefined
  for (const slot of panel.querySelectorAll<HTMLElement>('[data-slot]')) {
    const value = text?.[slot.dataset.slot ?? '']
    slot.textContent = typeof value === 'string' ? value : ''
    if (slot.tagName === 'P') slot.hidden = !slot.textContent
  }
  panel.hidden = !text
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
    for (const each of sameName(control)) each.removeAttribute('aria-invalid')
    if (!problem) continue
    for (const each of sameName(control)) describedBy(each, problem.id, false)
    problem.textContent = ''
    problem.hidden = true
  }
}

const isRadio = (control: Control) => control instanceof HTMLInputElement && control.type === 'radio'

/**
 * The fields that break a rule of the form's HTML, each with the server's words for it: a
 * required field left blank, more characters than maxlength, a value that does not fit the
 * pattern (trimmed first, as the server trims). The same rules the server checks, from the same
 * schema (src/lead/message.ts `fieldRules`); the server stays the judge of what it stores.
 */
function checkFields(controls: Control[]): Record<string, string> {
  const found: Record<string, string> = {}
  for (const control of controls) {
    if (isRadio(control)) continue
    const value = control.value.trim()
    const pattern = control.getAttribute('pattern')
    const max = control.getAttribute('maxlength')
    const broken =
      (control.required && value === '') ||
      (max !== null && control.value.length > Number(max)) ||
      (pattern !== null && value !== '' && !new RegExp(`^(?:${pattern})$`, 'v').test(value))
    const words = problemOf(control.name)?.dataset.problem
    if (broken && words) found[control.name] = words
  }
  return found
}

/**
 * Shows each problem under its field and lists them in the problems box, each a link to its field
 * (as the page a send without JavaScript comes back to), and moves the focus to the first field.
 * Says whether there was any.
 */
function showFieldProblems(controls: Control[], fields: unknown): boolean {
  if (!fields || typeof fields !== 'object') return false
  const box = document.getElementById(PROBLEMS_ID)
  const list = box?.querySelector('ul')
  list?.replaceChildren()
  let first: Control | undefined
  for (const control of controls) {
    const text = (fields as Record<string, unknown>)[control.name]
    const problem = problemOf(control.name)
    if (typeof text !== 'string' || !text || !problem) continue
    problem.textContent = text
    problem.hidden = false
    for (const each of sameName(control)) {
      each.setAttribute('aria-invalid', 'true')
      describedBy(each, problem.id, true)
    }
    const item = document.createElement('li')
    const link = item.appendChild(document.createElement('a'))
    link.href = `#${control.id}`
    link.textContent = text
    list?.append(item)
    first ??= control
  }
  if (!first) return false
  if (box) {
    for (const p of box.querySelectorAll('p')) p.hidden = true
    box.hidden = false
  }
  first.focus()
  return true
}

/** A control and the others of its name (the radio buttons of one question). */
const sameName = (control: Control) =>
  isRadio(control) ? [...document.querySelectorAll<HTMLInputElement>(`input[name="${control.name}"]`)] : [control]

/**
 * The note under the ZIP code when it is five digits the service area does not list
 * (data-zips): shown as the visitor types, never a refusal. Set up once; called again to hide it.
 */
function outsideAreaNote(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[data-zips]')
  const note = document.getElementById(ZIP_NOTE_ID)
  if (!input || !note) return
  const update = () => {
    const zip = input.value.trim()
    note.hidden = !/^\d{5}$/.test(zip) || (input.dataset.zips ?? '').split(' ').includes(zip)
  }
  if (!input.dataset.noted) {
    input.dataset.noted = ''
    input.addEventListener('input', update)
  }
  update()
}
