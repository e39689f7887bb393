// "Account activity" in People, for the owner (decision 063): the audit log, newest first, a page
// at a time (GET /audit, "Show older" follows `next`). Shown when asked for. Its words live here.
import { useContext, useId, useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { InboxSettings } from './actions.ts'
import { answer, client } from './api.ts'
import { formatDateTime } from './format.ts'
import { btn } from './ui.ts'

const W = {
  heading: 'Account activity',
  hint: 'Sign-ins, sign-outs and every change to the accounts, newest first.',
  show: 'Show account activity',
  older: 'Show older',
  loading: 'Loading…',
  nobody: 'no account',
  from: 'from',
}

/** Each action in words. */
const ACTIONS: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  'session-ended': 'Ended a signed-in device',
  'sessions-ended': 'Signed an account out everywhere',
  'invitation-made': 'Made an invitation',
  'invitation-used': 'Accepted an invitation',
  'passkey-added': 'Added a passkey',
  'passkey-removed': 'Removed a passkey',
  'account-disabled': 'Disabled an account',
  'two-factor-on': 'Turned on the code from an app',
  'two-factor-off': 'Turned off the code from an app',
  'recovery-codes-made': 'Made new recovery codes',
  'reset-link-made': 'Made a password reset link',
  'reset-link-used': 'Set a new password by a reset link',
}

const detailText = (detail: Record<string, unknown>): string =>
  Object.entries(detail)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join(', ')

export function AccountActivity() {
  const id = useId()
  const { timeZone } = useContext(InboxSettings)
  const [shown, setShown] = useState(false)
  const log = useInfiniteQuery({
    queryKey: ['audit'],
    enabled: shown,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      answer(client.audit.$get({ query: pageParam === null ? {} : { before: String(pageParam) } })),
    getNextPageParam: (page) => page.next,
  })
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 border-t border-slate-200 pt-4" data-account-activity="">
      <h3 id={`${id}-title`} className="text-lg font-bold text-brand-900">
        {W.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{W.hint}</p>
      {!shown ? (
        <button type="button" className={`${btn('outline')} mt-2`} onClick={() => setShown(true)}>
          {W.show}
        </button>
      ) : (
        <>
          {log.error && (
            <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
              {log.error.message}
            </p>
          )}
          <ol className="mt-2 divide-y divide-slate-200" aria-busy={log.isFetching}>
            {log.isPending && <li className="py-2 text-sm text-slate-600">{W.loading}</li>}
            {log.data?.pages
              .flatMap((page) => page.entries)
              .map((entry) => (
                <li key={entry.id} className="py-2 text-sm">
                  <p className="font-semibold text-slate-900">
                    {ACTIONS[entry.action] ?? entry.action} · {entry.user?.name ?? W.nobody}
                    {entry.email ? ` (${entry.email})` : ''}
                  </p>
                  <p className="break-words text-slate-700">
                    {formatDateTime(entry.at, timeZone)}
                    {entry.address ? ` · ${W.from} ${entry.address}` : ''}
                    {Object.keys(entry.detail).length > 0 ? ` · ${detailText(entry.detail)}` : ''}
                  </p>
                </li>
              ))}
          </ol>
          {log.hasNextPage && (
            <button
              type="button"
              className={`${btn('outline', 'narrow')} mt-2`}
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {W.older}
            </button>
          )}
        </>
      )}
    </section>
  )
}
