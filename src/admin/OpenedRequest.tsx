// The request a notification or the Schedule opened (opened-request.ts), on top of the inbox and in view.
import { useEffect, useRef } from 'react'
import { T } from './messages.ts'
import { useSubmission } from './queries.ts'
import { SubmissionCard } from './SubmissionCard.tsx'
import type { OpenedFrom } from './opened-request.ts'
import type { Submission } from './types.ts'
import { btn, card } from './ui.ts'

export function OpenedRequest({
  id,
  from,
  onClose,
  onAskDelete,
}: {
  id: string
  from: OpenedFrom
  onClose: () => void
  onAskDelete: (item: Submission, opener: HTMLElement) => void
}) {
  const { data, isError } = useSubmission(id)
  const section = useRef<HTMLElement>(null)
  const shown = data !== undefined || isError
  useEffect(() => {
    if (!shown) return
    section.current?.scrollIntoView({ block: 'start' })
    section.current?.focus({ preventScroll: true })
  }, [shown, id])
  if (!shown) return null
  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-labelledby="opened-heading"
      data-opened={id}
      className="-mx-1.5 mb-3 scroll-mt-20 rounded-xl bg-accent-50 p-1.5 ring-2 ring-accent-600 focus:outline-none sm:mx-0 sm:p-3"
    >
      <div className="mb-1.5 flex items-center justify-between gap-2 pl-1.5">
        <h2 id="opened-heading" className="font-bold text-accent-800">
          {from === 'schedule' ? T.opened.fromSchedule : from === 'inbox' ? T.opened.fromInbox : T.opened.heading}
        </h2>
        <button type="button" className={btn('quiet', 'sm')} onClick={onClose}>
          {T.opened.close}
        </button>
      </div>
      {data ? (
        <SubmissionCard item={data} onAskDelete={onAskDelete} />
      ) : (
        <p className={`${card} p-4 font-semibold text-slate-700`}>{T.opened.missing}</p>
      )}
    </section>
  )
}
