// Progressive enhancement of the header (src/layout/Header.tsx). Without this script the
// dropdowns still open on hover and focus, and the phone menu still opens and closes (popover).
// This adds: Escape closes an open dropdown, the dropdown buttons toggle on tap and report
// aria-expanded, and the phone menu closes when the window grows to desktop width.
const DESKTOP = window.matchMedia('(width >= 64rem)')

function setExpanded(item: HTMLElement, expanded: boolean) {
  item.querySelector<HTMLButtonElement>('.dropdown-toggle')?.setAttribute('aria-expanded', String(expanded))
}

for (const item of document.querySelectorAll<HTMLElement>('[data-dropdown]')) {
  const toggle = item.querySelector<HTMLButtonElement>('.dropdown-toggle')
  toggle?.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true'
    item.removeAttribute('data-dismissed')
    setExpanded(item, open)
  })
  item.addEventListener('mouseenter', () => setExpanded(item, true))
  item.addEventListener('focusin', () => setExpanded(item, !item.hasAttribute('data-dismissed')))
  const reset = () => {
    item.removeAttribute('data-dismissed')
    setExpanded(item, false)
  }
  item.addEventListener('mouseleave', () => {
    if (!item.contains(document.activeElement)) reset()
  })
  item.addEventListener('focusout', (event) => {
    if (!item.contains(event.relatedTarget as Node | null)) reset()
  })
  item.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !DESKTOP.matches) return
    item.setAttribute('data-dismissed', '')
    setExpanded(item, false)
    if (item.querySelector('.dropdown')?.contains(document.activeElement)) toggle?.focus()
  })
}

const nav = document.getElementById('site-nav')
DESKTOP.addEventListener('change', () => {
  if (DESKTOP.matches && nav?.matches(':popover-open')) nav.hidePopover()
})
