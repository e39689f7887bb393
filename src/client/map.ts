// Loads a page's map frame (src/sections/MapEmbed.tsx) when the visitor scrolls near it.
const mapFrames = document.querySelectorAll<HTMLIFrameElement>('iframe[data-src]')
if (mapFrames.length > 0) {
  const load = (frame: HTMLIFrameElement) => {
    if (frame.dataset.src && !frame.src) frame.src = frame.dataset.src
  }
  if ('IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          load(entry.target as HTMLIFrameElement)
          observer.unobserve(entry.target)
        }
      },
      { rootMargin: '600px 0px' },
    )
    for (const frame of mapFrames) observer.observe(frame)
  } else for (const frame of mapFrames) load(frame)
}
export {}
