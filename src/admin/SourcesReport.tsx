// The Sources report (docs/decisions/032-attribution-calls-privacy.md): for a period, each source's
// requests, how many the office has contacted and how many were scheduled or done; beside them the
// calls started from the site (taps on the phone number) per source, page and day; what the
// requests became, with the Google Ads conversions file (SourcesOutcomes.tsx). A source's name
// opens the inbox filtered by it. Below them, the live site's speed for the same days (SiteSpeed.tsx).
import { useContext, useId, useState } from 'react'
import { BarChart3, Phone } from 'lucide-react'
import { InboxSettings } from './actions.ts'
import { formatDay, today } from './format.ts'
import { T } from './messages.ts'
import { V } from './messages-views.ts'
import { useSourcesReport } from './queries.ts'
import { Panel } from './Panel.tsx'
import { SiteSpeed } from './SiteSpeed.tsx'
import { SourcesOutcomes } from './SourcesOutcomes.tsx'
import { daysBefore } from './sources.ts'
import type { Answer } from './api.ts'
import type { Tally } from './types.ts'
import { control, label, tableCell as cell, tableHead as head } from './ui.ts'

const PERIODS = [7, 30, 90, 365] as const

function TallyList({
  heading,
  items,
  format = (key) => key,
}: {
  heading: string
  items: Tally[]
  format?: (key: string) => string
}) {
  if (items.length === 0) return null
  return (
    <div>
      <h4 className="font-semibold text-slate-900">{heading}</h4>
      <dl className="mt-1 space-y-0.5 text-sm">
        {items.map((t) => (
          <div key={t.key} className="flex justify-between gap-3 border-b border-slate-100 py-0.5">
            <dt className="min-w-0 [overflow-wrap:normal] hyphens-none">{format(t.key)}</dt>
            <dd className="tabular-nums">{t.count}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/** Per source: the requests, how many were contacted, how many scheduled; a source's name opens the inbox filtered by it. */
function SourcesTable({ rows, onPick }: { rows: Answer<'sources'>['sources']; onPick: (source: string) => void }) {
  return (
    <div className="-mx-1 overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            <th scope="col" className={`${head} text-left`}>
              {V.sources.source}
            </th>
            {[V.sources.requests, V.sources.contacted, V.sources.scheduled].map((name) => (
              <th key={name} scope="col" className={`${head} text-right`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.source} className="border-b border-slate-100">
              <th scope="row" className="min-w-28 px-1.5 py-1.5 text-left font-normal sm:px-2">
                <button
                  type="button"
                  className="min-h-6 text-left font-semibold text-brand-800 underline [overflow-wrap:normal] hyphens-none hover:text-brand-950"
                  onClick={() => onPick(row.source)}
                >
                  {row.source}
                  <span className="sr-only">: {V.sources.showRequests}</span>
                </button>
              </th>
              <td className={cell}>{row.requests}</td>
              <td className={cell}>{row.contacted}</td>
              <td className={cell}>{row.scheduled}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The calls started from the site in the period: the total, and per source, page and day. */
function Calls({ calls }: { calls: Answer<'sources'>['calls'] }) {
  return (
    <>
      <h3 className="mt-5 flex items-center gap-2 font-bold text-brand-900">
        <Phone className="size-4" aria-hidden="true" focusable="false" />
        {V.sources.calls}
      </h3>
      <p className="text-sm text-slate-600">
        <strong className="text-slate-900" data-calls-total="">
          {V.sources.callsTotal(calls.total)}
        </strong>
        . {V.sources.callsHint}
      </p>
      <div className="mt-2 grid gap-4 sm:grid-cols-3">
        <TallyList heading={V.sources.bySource} items={calls.bySource} />
        <TallyList heading={V.sources.byPage} items={calls.byPage} />
        <TallyList heading={V.sources.byDay} items={calls.byDay} format={formatDay} />
      </div>
    </>
  )
}

export function SourcesReport({ onPick, onClose }: { onPick: (source: string) => void; onClose: () => void }) {
  const { timeZone } = useContext(InboxSettings)
  const [days, setDays] = useState<number>(30)
  const to = today(new Date(), timeZone)
  const from = daysBefore(to, days - 1)
  const report = useSourcesReport(from, to)
  const id = useId()
  const data = report.data
  return (
    <Panel
      heading={V.sources.heading}
      icon={BarChart3}
      close={V.sources.close}
      onClose={onClose}
      data-sources-report=""
      tools={
        <div>
          <label htmlFor={`${id}-period`} className={`${label} text-sm`}>
            {V.sources.period}
          </label>
          <select
            id={`${id}-period`}
            className={`${control} mt-1`}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
          >
            {PERIODS.map((n) => (
              <option key={n} value={n}>
                {V.sources.days(n)}
              </option>
            ))}
          </select>
        </div>
      }
    >
      <p className="mt-2 text-sm text-slate-600">
        {formatDay(from)} – {formatDay(to)}
      </p>

      <div aria-busy={report.isPending} className="mt-3">
        {report.isPending && <p className="text-sm text-slate-600">{T.inbox.loadingMore}</p>}
        {report.isError && <p className="text-sm font-semibold text-red-800">{T.inbox.failed}</p>}
        {data && (
          <>
            {data.sources.length === 0 ? (
              <p className="text-sm text-slate-700">{V.sources.noRequests}</p>
            ) : (
              <SourcesTable rows={data.sources} onPick={onPick} />
            )}
            <SourcesOutcomes from={from} to={to} />
            <Calls calls={data.calls} />
          </>
        )}
        <SiteSpeed from={from} to={to} />
      </div>
    </Panel>
  )
}
