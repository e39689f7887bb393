// A request's message on its card: at most six lines until "Show all"; the button only when there
// is more to show. The visitor's text is rendered as React text: markup in it stays inert.
import { useEffect, useRef, useState } from 'react'
import { T } from './messages.ts'

export function CardMessage({ text, id }: { text: string; id: string }) {
  const [open, setOpen] = useState(false)
  const [clipped, setClipped] = useState(false)
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const observer = new ResizeObserver(() => setClipped(el.scrollHeight > el.clientHeight + 1))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return (
    <div className="mt-1">
      <p
        ref={ref}
        id={id}
        className={`text-sm leading-5 break-words whitespace-pre-wrap text-slate-900 ${open ? '' : 'line-clamp-6'}`}
      >
        {text}
      </p>
      {(clipped || open) && (
        <button
          type="button"
          className="min-h-8 text-sm font-semibold text-brand-800 underline underline-offset-2"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? T.card.showLess : T.card.showAll}
        </button>
      )}
    </div>
  )
}
