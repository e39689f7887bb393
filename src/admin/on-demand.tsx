// What a tap opens is loaded on demand, so that the inbox's first script stays within its budget
// (tests/integration/admin-bundle.test.ts): a card's "More", the Schedule, the Sources report, a
// customer's view, People and the confirmation before a request goes to the trash,
// one chunk (on-demand-views.ts), fetched as soon as the list is on screen and the browser is idle,
// so that a first tap usually finds it there. Until it is, Loading stands in its place (within a
// <Suspense> where it is shown).
import { lazy } from 'react'
import { T } from './messages.ts'

const views = () => import('./on-demand-views.ts')

export const CardDetails = lazy(() => views().then((v) => ({ default: v.CardDetails })))
export const Schedule = lazy(() => views().then((v) => ({ default: v.Schedule })))
export const SourcesReport = lazy(() => views().then((v) => ({ default: v.SourcesReport })))
export const VisitsDue = lazy(() => views().then((v) => ({ default: v.VisitsDue })))
export const CustomerView = lazy(() => views().then((v) => ({ default: v.CustomerView })))
export const People = lazy(() => views().then((v) => ({ default: v.People })))
export const SiteEditor = lazy(() => views().then((v) => ({ default: v.SiteEditor })))
export const DeleteDialog = lazy(() => views().then((v) => ({ default: v.DeleteDialog })))

/** What shows while the chunk is on its way. */
export const Loading = ({ className = '' }: { className?: string }) => (
  <p className={`text-sm text-slate-600 ${className}`}>{T.inbox.loadingMore}</p>
)

/** Fetches the chunk when the browser has nothing else to do (soon, where it cannot tell). */
export function preloadViews(): void {
  const load = () => void views()
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 3000 })
  else setTimeout(load, 500)
}
