// "Your devices" in People (issue 26, step 4): the browsers signed in to this account (the browser
// from its user agent, the address it signed in from, when it was last seen) and a button to end
// any of them; ending this one signs out here too. Any account has it. Its words live here.
import { useContext, useId } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { InboxSettings } from './actions.ts'
import { answer, client } from './api.ts'
import { formatDateTime } from './format.ts'
import { btn } from './ui.ts'

const W = {
  heading: 'Your devices',
  hint: 'The browsers signed in to your account. End one you no longer use or do not know.',
  loading: 'Loading…',
  thisOne: 'this device',
  from: 'from',
  lastSeen: 'last seen',
  end: 'End',
}

const devicesKey = ['sessions'] as const

export function Devices() {
  const id = useId()
  const { timeZone, onSignedOut } = useContext(InboxSettings)
  const queryClient = useQueryClient()
  const list = useQuery({ queryKey: devicesKey, queryFn: () => answer(client.sessions.$get()) })
  const end = useMutation({
    mutationFn: (session: { id: string; current: boolean }) =>
      answer(client.sessions[':id'].$delete({ param: { id: session.id } })).then(() => session.current),
    onSuccess: (wasThisOne) =>
      wasThisOne ? onSignedOut() : void queryClient.invalidateQueries({ queryKey: devicesKey }),
  })
  const problem = end.error ?? list.error
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 border-t border-slate-200 pt-4" data-devices="">
      <h3 id={`${id}-title`} className="text-lg font-bold text-brand-900">
        {W.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{W.hint}</p>
      <ul className="mt-2 divide-y divide-slate-200" aria-busy={list.isPending}>
        {list.isPending && <li className="py-2 text-sm text-slate-600">{W.loading}</li>}
        {list.data?.sessions.map((session) => (
          <li key={session.id} className="flex items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {session.browser}
                {session.current && <span className="font-normal text-slate-700"> ({W.thisOne})</span>}
              </p>
              <p className="text-sm break-words text-slate-700">
                {session.address ? `${W.from} ${session.address} · ` : ''}
                {W.lastSeen} {formatDateTime(session.lastSeenAt, timeZone)}
              </p>
            </div>
            <button
              type="button"
              className={`${btn('outline', 'narrow')} shrink-0`}
              aria-label={`${W.end} ${session.browser}${session.current ? ` (${W.thisOne})` : ''}`}
              disabled={end.isPending}
              onClick={() => end.mutate(session)}
            >
              {W.end}
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {problem.message}
        </p>
      )}
    </section>
  )
}
