// What the inbox loads on demand (on-demand.tsx), in one chunk: what a tap opens, never the first
// screen. A card's "More" (follow-up, visit, note, client details, history, erase, delete), the
// Schedule, the Sources report, a customer's view, Visits due, People, the site editor and the trash's
// confirmation.
export { CardDetails } from './CardDetails.tsx'
export { Schedule } from './Schedule.tsx'
export { SourcesReport } from './SourcesReport.tsx'
export { CustomerView } from './CustomerView.tsx'
export { VisitsDue } from './VisitsDue.tsx'
export { People } from './People.tsx'
export { DeleteDialog } from './DeleteDialog.tsx'
export { SiteEditor } from './site/SiteEditor.tsx'
