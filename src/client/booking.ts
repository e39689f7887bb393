// The arrival window's choice on the contact form (src/sections/BookingPicker.tsx): when it comes
// into view, the windows free now are read from the server (the page itself is prerendered and
// cannot know them) and put in its select, one group per day, full ones shown but not choosable;
// read again after each send. It follows the form: an emergency is never booked (the note says to
// call now), nor a ZIP code outside the service area (its note says so); the select is put away.
import { BOOKING_ID, controlId, WINDOWS_URL, ZIP_NOTE_ID } from '../lead/markup.ts'
import type { DayChoice } from '../lead/form-state.ts'

const box = document.getElementById(BOOKING_ID)
const form = box?.closest('form')
const select = box?.querySelector('select')
if (box && form && select) {
  const note = (name: string) => box.querySelector<HTMLElement>(`[data-note="${name}"]`)!
  const services = (box.dataset.services ?? '').split(' ')
  /** Whether the select holds the windows: the server put them there (/contact/book), or this script did. */
  let filled = box.dataset.filled !== undefined

  /** What the form says now: which note shows, and whether the select does. */
  const update = () => {
    const service = (document.getElementById(controlId('service')) as HTMLSelectElement | null)?.value ?? ''
    const emergency = service !== '' && !services.includes(service)
    const outside = document.getElementById(ZIP_NOTE_ID)?.hidden === false
    const empty = filled && select.options.length <= 1
    note('emergency').hidden = !emergency
    note('outside').hidden = emergency || !outside
    note('none').hidden = emergency || outside || !empty
    select.hidden = emergency || outside || !filled || empty
    if (select.hidden) select.value = ''
  }

  const fill = (list: DayChoice[]) => {
    const chosen = select.value
    const none = new Option(box.dataset.none ?? '', '')
    select.replaceChildren(
      none,
      ...list.map((day) => {
        const group = document.createElement('optgroup')
        group.label = day.label
        for (const w of day.windows) {
          const option = new Option(w.full ? `${w.label} (${box.dataset.full})` : w.label, w.id)
          option.disabled = w.full
          group.append(option)
        }
        return group
      }),
    )
    select.value = [...select.options].some((o) => o.value === chosen && !o.disabled) ? chosen : ''
    filled = true
    // The link to /contact/book goes; if it had the focus, the select takes it (not the page's body).
    const more = box.querySelector<HTMLElement>('[data-more]')
    const focused = more !== null && document.activeElement === more
    more?.remove()
    update()
    if (focused && !select.hidden) select.focus()
  }

  const load = async () => {
    try {
      const res = await fetch(WINDOWS_URL, { headers: { accept: 'application/json' } })
      const answer = (await res.json()) as { days?: DayChoice[] }
      if (res.ok && Array.isArray(answer.days)) fill(answer.days)
    } catch {
      // Kept as it is: the link to /contact/book still offers the windows.
    }
  }

  // After the form's own listeners (the ZIP code's note is theirs).
  const later = () => setTimeout(update)
  form.addEventListener('input', later)
  form.addEventListener('change', later)
  form.addEventListener('contact:sent', () => void load())
  if (filled) update()
  else
    new IntersectionObserver(
      (entries, observer) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        void load()
      },
      { rootMargin: '400px' },
    ).observe(box)
}
