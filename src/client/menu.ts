// Progressive enhancement of the header (src/layout/Header.tsx). Without this script the
// dropdowns still open on hover and keyboard focus (CSS), and the phone menu still opens and
// closes (a native popover). This adds: Escape closes an open dropdown; each dropdown's button
// opens and closes it on click or tap and reports aria-expanded; the phone menu closes when the
// window grows to desktop width.
// The width where the inline menu takes over: the theme's --breakpoint-nav (src/layout/theme.css).
const DESKTOP = window.matchMedia(
  `(width >= ${getComputedStyle(document.documentElement).getPropertyValue('--breakpoint-nav')})`,
)

for (const item of document.querySelectorAll<HTMLElement>('[data-dropdown]')) {
  const toggle = item.querySelector<HTMLButtonElement>('.dropdown-toggle')
  const dropdown = item.querySelector<HTMLElement>('.dropdown')
  if (!toggle || !dropdown) continue
  const visible = () => getComputedStyle(dropdown).display !== 'none'
  const sync = () => toggle.setAttribute('aria-expanded', String(visible()))
  const show = () => {
    item.removeAttribute('data-dismissed')
    item.setAttribute('data-open', '')
    sync()
  }
  const hide = () => {
    item.removeAttribute('data-open')
    item.setAttribute('data-dismissed', '')
    sync()
  }

  // A tap emulates hover before its click; decide from what the visitor saw when they pressed.
  let visibleAtPress: boolean | undefined
  toggle.addEventListener('pointerdown', () => (visibleAtPress = visible()))
  toggle.addEventListener('click', () => {
    const wasVisible = visibleAtPress ?? visible()
    visibleAtPress = undefined
    if (wasVisible) hide()
    else show()
  })

  const reset = () => {
    item.removeAttribute('data-dismissed')
    item.removeAttribute('data-open')
    sync()
  }
  item.addEventListener('mouseenter', sync)
  item.addEventListener('focusin', sync)
  item.addEventListener('mouseleave', () => {
    if (!item.contains(document.activeElement)) reset()
    else sync()
  })
  item.addEventListener('focusout', (event) => {
    if (!item.contains(event.relatedTarget as Node | null)) reset()
  })
  item.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !DESKTOP.matches || !visible()) return
    const hadFocusInside = dropdown.contains(document.activeElement)
    hide()
    if (hadFocusInside) toggle.focus()
  })
}

const nav = document.getElementById('site-nav')
DESKTOP.addEventListener('change', () => {
  if (DESKTOP.matches && nav?.matches(':popover-open')) nav.hidePopover()
})
// Marks the header as enhanced (the script arrives after the first paint; tests wait for this).
document.documentElement.dataset.menu = 'ready'
