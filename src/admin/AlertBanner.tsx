// The banner over the inbox when alerts are not reaching the office (decisions 033, 042): one line
// in the owner's words ("Alerts aren't reaching your phone. Turn on notifications"), the details
// of every problem behind a tap. All the words come from one table, T.alerts.problems, keyed by
// AlertProblem's kinds (src/lead/alerts.ts): a new kind is one entry there. Nothing is shown while
// all is well (or before the first answer).
import { useState } from 'react'
import { ChevronDown, TriangleAlert } from 'lucide-react'
import { relativeTime } from './format.ts'
import { T, type ProblemWords } from './messages.ts'
import { useAlertHealth } from './queries.ts'
import type { AlertProblem } from './types.ts'

const WORDS = T.alerts.problems

/** The words of a problem, whatever its kind. */
const wordsOf = (problem: AlertProblem): ProblemWords => WORDS[problem.kind]

/** The problems worth saying, the one for the headline first: none said twice (alerts "waiting" when none is set up). */
export function problemsToSay(problems: readonly AlertProblem[]): AlertProblem[] {
  const kinds = new Set(problems.map((p) => p.kind))
  return problems
    .filter((p) => !wordsOf(p).impliedBy?.some((kind) => kinds.has(kind)))
    .sort((a, b) => wordsOf(a).rank - wordsOf(b).rank)
}

export function Problem({ problem, now }: { problem: AlertProblem; now: number }) {
  const [first, ...rest] = wordsOf(problem).details(problem, (iso) => relativeTime(iso, now))
  return (
    <li>
      <p className="font-semibold break-words">{first}</p>
      {rest.map((line) => (
        <p key={line} className="break-words">
          {line}
        </p>
      ))}
    </li>
  )
}

export function AlertBanner({ ready }: { ready: boolean }) {
  const { data, dataUpdatedAt } = useAlertHealth(ready)
  const [open, setOpen] = useState(false)
  if (!data || data.ok) return null
  const problems = problemsToSay(data.problems)
  const top = problems[0]
  if (!top) return null
  return (
    <section
      aria-labelledby="alert-health-heading"
      data-testid="alert-health"
      className="mb-2 rounded-lg border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 text-amber-950 sm:mb-3"
    >
      <h2 id="alert-health-heading" className="text-sm font-bold sm:text-base">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="alert-health-details"
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-11 w-full items-center gap-2 px-3 py-1 text-left"
        >
          <TriangleAlert className="size-5 shrink-0 text-amber-700" aria-hidden="true" focusable="false" />
          <span className="flex-1">{wordsOf(top).headline(top)}</span>
          <ChevronDown
            className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
            focusable="false"
          />
        </button>
      </h2>
      <ul id="alert-health-details" hidden={!open} className="space-y-2 px-3 pb-3 text-sm sm:text-base">
        {problems.map((problem, i) => (
          <Problem key={`${problem.kind}-${i}`} problem={problem} now={dataUpdatedAt} />
        ))}
      </ul>
    </section>
  )
}
