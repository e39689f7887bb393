// Creates a page's map frame (src/sections/MapEmbed.tsx) when the visitor scrolls near its box.
const boxes = document.querySelectorAll<HTMLElement>('[data-map-src]')
if (boxes.length > 0) {
  const load = (box: HTMLElement) => {
    const { mapSrc, mapTitle, mapHeight, mapClass } = box.dataset
    if (!mapSrc || box.querySelector('iframe')) return
    const frame = document.createElement('iframe')
    frame.title = mapTitle ?? ''
    frame.height = mapHeight ?? ''
    frame.className = mapClass ?? ''
    frame.referrerPolicy = 'no-referrer-when-downgrade'
    frame.src = mapSrc
    box.append(frame)
  }
  if ('IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          load(entry.target as HTMLElement)
          observer.unobserve(entry.target)
        }
      },
      { rootMargin: '600px 0px' },
    )
    for (const box of boxes) observer.observe(box)
  } else for (const box of boxes) load(box)
}
export {}
