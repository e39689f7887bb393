// A request's history under its card's "More": every change, call, text, note and notification,
// newest first, back to its arrival, each with who did it ("Pat · Called"; none: the system).
import { useContext } from 'react'
import { History } from 'lucide-react'
import { InboxSettings } from './actions.ts'
import { formatDateTime } from './format.ts'
import { ACTIVITY_TEXT, T } from './messages.ts'
import { useActivity } from './queries.ts'
import type { Submission } from './types.ts'

export function Timeline({ item }: { item: Submission }) {
  const { timeZone } = useContext(InboxSettings)
  const activity = useActivity(item.id, true)
  const received = item.after_hours ? T.timeline.receivedAfterHours : T.timeline.received
  return (
    <section aria-label={T.timeline.label(item.name)} className="mt-4">
      <h3 className="flex items-center gap-1.5 font-bold text-brand-900">
        <History className="size-4" aria-hidden="true" focusable="false" />
        {T.card.history}
      </h3>
      {activity.isPending && <p className="mt-1 text-sm text-slate-600">{T.timeline.loading}</p>}
      {activity.isError && <p className="mt-1 text-sm font-semibold text-red-800">{T.timeline.failed}</p>}
      <ol className="mt-1 space-y-1.5 border-l-2 border-slate-200 pl-3 text-sm">
        {activity.data?.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.at} className="block text-xs text-slate-600">
              {formatDateTime(entry.at, timeZone)}
            </time>
            <span
              className={`break-words whitespace-pre-wrap ${entry.kind === 'note' ? 'text-slate-900' : 'text-slate-700'}`}
            >
              {entry.author && <span className="font-semibold">{entry.author} · </span>}
              {entry.kind === 'note' && <span className="font-semibold">Note: </span>}
              {ACTIVITY_TEXT[entry.kind](entry.detail)}
            </span>
          </li>
        ))}
        <li>
          <time dateTime={item.created_at} className="block text-xs text-slate-600">
            {formatDateTime(item.created_at, timeZone)}
          </time>
          <span className="text-slate-700">{received}</span>
        </li>
      </ol>
    </section>
  )
}
