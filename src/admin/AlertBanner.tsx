// The banner over the inbox when alerts are not reaching the office (decision 033): no channel set
// up, a channel failing, alerts waiting more than 5 minutes. Each problem says what is wrong and
// what to do. Nothing is shown while all is well (or before the first answer).
import { TriangleAlert } from 'lucide-react'
import { relativeTime } from './format.ts'
import { T } from './messages.ts'
import { useAlertHealth } from './queries.ts'
import type { AlertProblem } from './types.ts'

const A = T.alerts

export function Problem({ problem, now }: { problem: AlertProblem; now: number }) {
  if (problem.kind === 'none')
    return (
      <li>
        <p className="font-semibold">{A.none}</p>
        <p>{A.noneTodo}</p>
      </li>
    )
  if (problem.kind === 'untrusted-proxy')
    return (
      <li>
        <p className="font-semibold">{A.untrustedProxy(relativeTime(problem.since, now))}</p>
        <p>{A.untrustedProxyTodo}</p>
      </li>
    )
  if (problem.kind === 'waiting')
    return (
      <li>
        <p className="font-semibold">{A.waiting(problem.count, relativeTime(problem.oldest, now))}</p>
        <p>{A.waitingTodo}</p>
      </li>
    )
  return (
    <li>
      <p className="font-semibold">
        {A.failing(A.channel[problem.channel], problem.count, relativeTime(problem.since, now))}
      </p>
      <p className="break-words">
        {A.lastError} <span className="font-mono text-sm">{problem.error}</span>
      </p>
      <p>
        {A.todo[problem.channel]} {A.retried}
      </p>
    </li>
  )
}

export function AlertBanner({ ready }: { ready: boolean }) {
  const { data, dataUpdatedAt } = useAlertHealth(ready)
  if (!data || data.ok) return null
  return (
    <section
      aria-labelledby="alert-health-heading"
      data-testid="alert-health"
      className="mb-3 rounded-lg border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-3 text-amber-950 sm:mb-4 sm:p-4"
    >
      <h2 id="alert-health-heading" className="flex items-center gap-2 text-base font-bold sm:text-lg">
        <TriangleAlert className="size-5 shrink-0 text-amber-700" aria-hidden="true" focusable="false" />
        {A.heading}
      </h2>
      <ul className="mt-2 space-y-2 text-sm sm:text-base">
        {data.problems.map((problem, i) => (
          <Problem key={`${problem.kind}-${i}`} problem={problem} now={dataUpdatedAt} />
        ))}
      </ul>
    </section>
  )
}
