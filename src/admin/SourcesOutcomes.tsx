// The Sources report's outcomes (decision 050): for the period, per source, landing page or
// campaign (one at a time, chosen), what the requests became: requests, booked and completed
// rates, revenue; new and returning customers on rows of their own (a returning customer's job is
// not the ad's doing). Beside it, the period's Google Ads offline conversions file to download.
import { useId, useState } from 'react'
import { Download, TrendingUp } from 'lucide-react'
import { formatDollars } from '../lead/outcome.ts'
import { googleAdsCsvUrl, type Answer } from './api.ts'
import { T } from './messages.ts'
import { OUTCOME_T as W } from './outcome-messages.ts'
import { useOutcomesReport } from './queries.ts'
import { btn, control, label, tableCell as cell, tableHead as head } from './ui.ts'

type Report = Answer<'outcomes'>
type Dimension = 'bySource' | 'byPage' | 'byCampaign'
type Counts = Report['bySource'][number]['firstTime']

/** "67% (2)": a share of the requests and its count; a dash without requests. */
const rate = (n: number, of: number) => (of === 0 ? '–' : `${Math.round((n / of) * 100)}% (${n})`)

function Cells({ counts }: { counts: Counts }) {
  return (
    <>
      <td className={cell}>{counts.requests}</td>
      <td className={cell}>{rate(counts.booked, counts.requests)}</td>
      <td className={cell}>{rate(counts.completed, counts.requests)}</td>
      <td className={cell}>{formatDollars(counts.revenueCents)}</td>
    </>
  )
}

export function SourcesOutcomes({ from, to }: { from: string; to: string }) {
  const [by, setBy] = useState<Dimension>('bySource')
  const id = useId()
  const report = useOutcomesReport(from, to)
  const rows = report.data?.[by] ?? []
  return (
    <>
      <h3 id={`${id}-heading`} className="mt-5 flex items-center gap-2 font-bold text-brand-900">
        <TrendingUp className="size-4" aria-hidden="true" focusable="false" />
        {W.report.heading}
      </h3>
      <p className="text-sm text-slate-600">{W.report.hint}</p>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-2">
        <div>
          <label htmlFor={`${id}-by`} className={`${label} text-sm`}>
            {W.report.by}
          </label>
          <select
            id={`${id}-by`}
            className={`${control} mt-1`}
            value={by}
            onChange={(event) => setBy(event.target.value as Dimension)}
          >
            {(Object.keys(W.report.dimensions) as Dimension[]).map((d) => (
              <option key={d} value={d}>
                {W.report.dimensions[d]}
              </option>
            ))}
          </select>
        </div>
        <a className={btn('outline', 'sm')} href={googleAdsCsvUrl(from, to)} download aria-describedby={`${id}-export`}>
          <Download className="size-4" aria-hidden="true" focusable="false" />
          {W.report.export}
        </a>
      </div>
      <p id={`${id}-export`} className="mt-1 text-xs text-slate-600">
        {W.report.exportHint}
      </p>
      {report.isPending && <p className="mt-2 text-sm text-slate-600">{T.inbox.loadingMore}</p>}
      {report.isError && <p className="mt-2 text-sm font-semibold text-red-800">{T.inbox.failed}</p>}
      {rows.length > 0 && (
        // Wider than a phone: the table scrolls sideways, and the keyboard can scroll it too.
        <div
          className="-mx-1 mt-2 overflow-x-auto"
          role="region"
          aria-labelledby={`${id}-heading`}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolled region needs a tab stop (axe scrollable-region-focusable)
          tabIndex={0}
        >
          <table className="w-full text-sm" aria-labelledby={`${id}-heading`} data-outcomes="">
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className={`${head} text-left`}>
                  {W.report.dimensions[by]}
                </th>
                <th scope="col" className={`${head} text-left`}>
                  {W.report.customers}
                </th>
                {[W.report.requests, W.report.booked, W.report.completed, W.report.revenue].map((name) => (
                  <th key={name} scope="col" className={`${head} text-right`}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            {rows.map((row) => (
              <tbody key={row.key} className="border-b border-slate-200">
                <tr>
                  <th
                    scope="rowgroup"
                    rowSpan={2}
                    className="max-w-32 px-1.5 py-1.5 text-left align-top font-semibold break-words sm:px-2"
                  >
                    {row.key}
                  </th>
                  <td className="px-1.5 py-1.5 text-slate-700 sm:px-2">{W.report.firstTime}</td>
                  <Cells counts={row.firstTime} />
                </tr>
                <tr className="text-slate-700">
                  <td className="px-1.5 py-1.5 sm:px-2">{W.report.returning}</td>
                  <Cells counts={row.returning} />
                </tr>
              </tbody>
            ))}
          </table>
        </div>
      )}
    </>
  )
}
