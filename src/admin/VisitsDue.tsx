// Visits due (docs/admin-api.md "Visits due", decision 051), reached from the Clients tab
// (where the clients are) and loaded only when opened: the clients whose next service visit is overdue, this
// month or next month, soonest first, each with its date and plan, whether the customer was
// e-mailed a reminder, and a call, text and e-mail button for a thumb. A name opens its request.
import { Mail, MessageSquareText, Phone, Wrench } from 'lucide-react'
import { formatDay, mailtoHref, smsHref, telHref } from './format.ts'
import { T } from './messages.ts'
import { useVisitsDue } from './queries.ts'
import { Panel } from './Panel.tsx'
import { btn } from './ui.ts'

/** This view's words: here, not in messages.ts, so they load with the view, not with the inbox. */
const W = {
  heading: 'Visits due',
  hint: 'Clients whose next service visit is overdue or coming up. Call, text or e-mail them to set a time.',
  groups: { overdue: 'Overdue', thisMonth: 'This month', nextMonth: 'Next month' },
  none: 'None',
  call: 'Call',
  text: 'Text',
  email: 'E-mail',
  reminded: 'Reminder e-mailed',
  close: 'Close',
}

type Visit = NonNullable<ReturnType<typeof useVisitsDue>['data']>['overdue'][number]

const icon = 'size-5'

function VisitItem({ visit, onOpen }: { visit: Visit; onOpen: (id: string) => void }) {
  return (
    <li className="py-3" data-visit={visit.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <button
          type="button"
          className="min-h-11 text-left text-base font-bold text-brand-800 underline underline-offset-2"
          onClick={() => onOpen(visit.id)}
        >
          {visit.name}
        </button>
        <span className="text-sm font-semibold text-slate-800 tabular-nums">{formatDay(visit.date)}</span>
      </div>
      <p className="text-sm text-slate-700">
        {[visit.plan, visit.reminded ? W.reminded : null].filter(Boolean).join(' · ')}
      </p>
      <div className="mt-2 flex gap-1.5">
        {visit.phone && (
          <a href={telHref(visit.phone)} className={`${btn('primary', 'narrow')} flex-1`}>
            <Phone className={icon} aria-hidden="true" focusable="false" />
            {W.call}
          </a>
        )}
        {visit.phone && (
          <a href={smsHref(visit.phone)} className={`${btn('secondary', 'narrow')} flex-1`}>
            <MessageSquareText className={icon} aria-hidden="true" focusable="false" />
            {W.text}
          </a>
        )}
        {visit.email && (
          <a href={mailtoHref(visit.email)} className={`${btn('outline', 'narrow')} flex-1`}>
            <Mail className={icon} aria-hidden="true" focusable="false" />
            {W.email}
          </a>
        )}
      </div>
    </li>
  )
}

export function VisitsDue({ onOpen, onClose }: { onOpen: (id: string) => void; onClose: () => void }) {
  const visits = useVisitsDue()
  const data = visits.data
  const groups = (['overdue', 'thisMonth', 'nextMonth'] as const).map((key) => ({
    key,
    label: W.groups[key],
    items: data?.[key] ?? [],
  }))
  return (
    <Panel heading={W.heading} icon={Wrench} hint={W.hint} close={W.close} onClose={onClose} data-visits="">
      <div aria-busy={visits.isPending} className="mt-3">
        {visits.isPending && <p className="text-sm text-slate-600">{T.inbox.loadingMore}</p>}
        {visits.isError && <p className="text-sm font-semibold text-red-800">{visits.error.message}</p>}
        {data &&
          groups.map((group) => (
            <div key={group.key} className="mt-3 first:mt-0" data-group={group.key}>
              <h3 className="text-base font-bold text-slate-900">
                {group.label} <span className="font-normal text-slate-700">({group.items.length})</span>
              </h3>
              {group.items.length === 0 ? (
                <p className="text-sm text-slate-700">{W.none}</p>
              ) : (
                <ul className="divide-y divide-slate-200 border-y border-slate-200">
                  {group.items.map((visit) => (
                    <VisitItem key={visit.id} visit={visit} onOpen={onOpen} />
                  ))}
                </ul>
              )}
            </div>
          ))}
      </div>
    </Panel>
  )
}
