// A view opened from the inbox's header above the list (the Schedule, the Sources report, Visits
// due, People, Site): a card named by its heading, with an icon, a line saying what it is for, its own
// controls beside the heading, and Close. Loaded on demand with the views that use it.
import { useId, type ComponentType, type ReactNode } from 'react'
import { X } from 'lucide-react'
import { btn, card } from './ui.ts'

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true'; focusable?: 'false' }>

export function Panel({
  heading,
  icon: Icon,
  hint,
  close,
  onClose,
  tools,
  children,
  ...data
}: {
  heading: string
  icon?: Icon
  hint?: ReactNode
  /** The Close button's words (shown from 640 px; its name on a phone). */
  close: string
  onClose: () => void
  /** Controls beside the heading (the Sources report's period). */
  tools?: ReactNode
  children: ReactNode
} & Record<`data-${string}`, string>) {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} className={`${card} mb-3 p-3 sm:p-5`} {...data}>
      <div className={`flex justify-between gap-3 ${tools ? 'flex-wrap items-end' : 'items-start'}`}>
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold text-brand-900">
            {Icon && <Icon className="size-5" aria-hidden="true" focusable="false" />}
            {heading}
          </h2>
          {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
        </div>
        <div className="flex items-end gap-2">
          {tools}
          <button type="button" className={`${btn('outline', 'narrow')} min-w-11`} onClick={onClose}>
            <X className="size-5" aria-hidden="true" focusable="false" />
            <span className="sr-only sm:not-sr-only">{close}</span>
          </button>
        </div>
      </div>
      {children}
    </section>
  )
}
