// "Your passkeys" in People (issue 26, decision 061): the signed-in account's own passkeys, one
// added with the browser's dialog (@simplewebauthn/browser, loaded when asked for), each listed with
// when it was added and last used, and removable. Any account has it, the office too. Its words
// live here: nothing of it weighs on the inbox's first load.
import { useContext, useId } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import { InboxSettings } from './actions.ts'
import { answer, client } from './api.ts'
import { formatDateTime } from './format.ts'
import { btn } from './ui.ts'

const W = {
  heading: 'Your passkeys',
  hint: "Sign in with your phone's fingerprint, face or screen lock instead of the password. A passkey works on the device that made it (and those it syncs to).",
  none: 'No passkey yet.',
  loading: 'Loading…',
  add: 'Add a passkey',
  adding: 'Waiting for the passkey…',
  added: 'Added',
  lastUsed: 'last used',
  neverUsed: 'not used yet',
  remove: 'Remove',
  cancelled: 'No passkey was made.',
}

const passkeysKey = ['passkeys'] as const

/** The browser's part of making a passkey: its dialog, given the server's options. */
async function makePasskey(): Promise<unknown> {
  const { startRegistration } = await import('@simplewebauthn/browser')
  const { options } = await answer(client.passkeys.registration.options.$post())
  // The options as JSON (Hono types them through its JSON mapping, which the library's DOM types do not match).
  const optionsJSON = options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON']
  try {
    return await startRegistration({ optionsJSON })
  } catch (error) {
    throw error instanceof Error && error.name === 'NotAllowedError' ? new Error(W.cancelled) : error
  }
}

export function Passkeys() {
  const id = useId()
  const { timeZone } = useContext(InboxSettings)
  const queryClient = useQueryClient()
  const list = useQuery({ queryKey: passkeysKey, queryFn: () => answer(client.passkeys.$get()) })
  const refresh = () => void queryClient.invalidateQueries({ queryKey: passkeysKey })
  const add = useMutation({
    mutationFn: async () => {
      const response = (await makePasskey()) as Parameters<
        typeof client.passkeys.registration.$post
      >[0]['json']['response']
      return answer(client.passkeys.registration.$post({ json: { response } }))
    },
    onSuccess: refresh,
  })
  const remove = useMutation({
    mutationFn: (passkey: string) => answer(client.passkeys[':id'].$delete({ param: { id: passkey } })),
    onSuccess: refresh,
  })
  const problem = add.error ?? remove.error ?? list.error
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 border-t border-slate-200 pt-4" data-passkeys="">
      <h3 id={`${id}-title`} className="text-lg font-bold text-brand-900">
        {W.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{W.hint}</p>
      <ul className="mt-2 divide-y divide-slate-200" aria-busy={list.isPending}>
        {list.isPending && <li className="py-2 text-sm text-slate-600">{W.loading}</li>}
        {list.data?.passkeys.length === 0 && <li className="py-2 text-sm text-slate-700">{W.none}</li>}
        {list.data?.passkeys.map((passkey) => (
          <li key={passkey.id} className="flex items-center justify-between gap-3 py-2">
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">{passkey.name}</p>
              <p className="text-sm text-slate-700">
                {W.added} {formatDateTime(passkey.createdAt, timeZone)} ·{' '}
                {passkey.lastUsedAt ? `${W.lastUsed} ${formatDateTime(passkey.lastUsedAt, timeZone)}` : W.neverUsed}
              </p>
            </div>
            <button
              type="button"
              className={`${btn('outline', 'narrow')} shrink-0`}
              aria-label={`${W.remove} ${passkey.name}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(passkey.id)}
            >
              {W.remove}
            </button>
          </li>
        ))}
      </ul>
      {problem && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {problem.message}
        </p>
      )}
      <button
        type="button"
        className={`${btn('secondary')} mt-2`}
        disabled={add.isPending}
        onClick={() => {
          remove.reset()
          add.mutate()
        }}
      >
        <KeyRound className="size-5" aria-hidden="true" focusable="false" />
        {add.isPending ? W.adding : W.add}
      </button>
    </section>
  )
}
