// The sources the inbox's filter offers: those of the last year's requests (the Sources report of
// 365 days), "Direct" always, and the one chosen even if it has left the period.
import { useContext } from 'react'
import { DIRECT } from '../lead/attribution.ts'
import { InboxSettings } from './actions.ts'
import { today } from './format.ts'
import { useSourcesReport } from './queries.ts'

const YEAR_DAYS = 365

/** The day `n` days before `day` (YYYY-MM-DD). */
export const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10)

export function useSourceNames(chosen: string): string[] {
  const { timeZone } = useContext(InboxSettings)
  const to = today(new Date(), timeZone)
  const report = useSourcesReport(daysBefore(to, YEAR_DAYS - 1), to)
  const names = new Set([...(report.data?.sources.map((s) => s.source) ?? []), DIRECT])
  if (chosen) names.add(chosen)
  return [...names].sort((a, b) => a.localeCompare(b))
}
