// The live site's speed (issue 21 item 6), under the Sources report for the same period: per page
// and device class, the 75th percentile of each Core Web Vital of real visits, with Google's band
// in words and colour (src/lead/vitals.ts).
import { Gauge } from 'lucide-react'
import { bandOf, VITALS, type Band, type Vital } from '../lead/vitals.ts'
import { T } from './messages.ts'
import { V } from './messages-views.ts'
import { useSiteSpeed } from './queries.ts'
import { tableCell as cell, tableHead as head } from './ui.ts'
const BAND_CLASS: Record<Band, string> = {
  good: 'text-green-800',
  'needs-improvement': 'text-amber-800',
  poor: 'text-red-800',
}

/** A vital's value as the owner reads it: seconds or milliseconds, CLS as a plain number. */
function shown(vital: Vital, value: number): string {
  if (vital === 'cls') return value.toFixed(2)
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`
}

function Value({ vital, value }: { vital: Vital; value: number | null }) {
  if (value === null) return <span className="text-slate-500">{V.speed.notMeasured}</span>
  const band = bandOf(vital, value)
  return (
    <span className={`font-semibold whitespace-nowrap ${BAND_CLASS[band]}`} data-band={band}>
      {shown(vital, value)}
      <span className="block text-xs font-normal">{V.speed.band[band]}</span>
    </span>
  )
}

export function SiteSpeed({ from, to }: { from: string; to: string }) {
  const speed = useSiteSpeed(from, to)
  const pages = speed.data?.pages
  return (
    <div data-site-speed="">
      <h3 className="mt-5 flex items-center gap-2 font-bold text-brand-900">
        <Gauge className="size-4" aria-hidden="true" focusable="false" />
        {V.speed.heading}
      </h3>
      <p className="text-sm text-slate-600">{V.speed.hint}</p>
      {speed.isError && <p className="text-sm font-semibold text-red-800">{T.inbox.failed}</p>}
      {pages?.length === 0 && <p className="mt-1 text-sm text-slate-700">{V.speed.none}</p>}
      {pages && pages.length > 0 && (
        // Wider than a phone: it scrolls sideways, and a keyboard can scroll it too (axe's scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is focusable so that keys scroll it.
        <div className="-mx-1 mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={V.speed.heading}>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className={`${head} text-left`}>
                  {V.speed.page}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {V.speed.views}
                </th>
                {VITALS.map((v) => (
                  <th key={v} scope="col" className={`${head} text-right`}>
                    {V.speed.vital[v]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {pages.map((row) => (
                <tr key={`${row.device} ${row.page}`} className="border-b border-slate-100">
                  <th scope="row" className="min-w-28 px-1.5 py-1.5 text-left font-normal sm:px-2">
                    <span className="font-semibold [overflow-wrap:anywhere]">{row.page}</span>
                    <span className="block text-xs text-slate-600">{V.speed.device[row.device]}</span>
                  </th>
                  <td className={cell}>{row.views}</td>
                  {VITALS.map((v) => (
                    <td key={v} className={cell}>
                      <Value vital={v} value={row.p75[v]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
