// People (issue 26; decisions 054, 061, 062 and 063), loaded on demand from the header's Menu. For
// everyone: their own code from an app (TwoFactor.tsx), "On duty" (OnDuty.tsx), passkeys
// (Passkeys.tsx) and signed-in devices (Devices.tsx). For the owner: who has an account (and is on
// duty), an invitation by one-time link shown to copy, a reset link for another account, and the
// account activity (AccountActivity.tsx); the office is told the server's "Only the owner may do
// this." above its own sections. Its words and calls live here, not in messages.ts and api.ts, so
// that nothing of it weighs on the inbox's first load.
import { useId, useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { answer, client, problemWith } from './api.ts'
import { AccountActivity } from './AccountActivity.tsx'
import { Devices } from './Devices.tsx'
import { OnDuty } from './OnDuty.tsx'
import { Passkeys } from './Passkeys.tsx'
import { TwoFactor } from './TwoFactor.tsx'
import { Panel } from './Panel.tsx'
import { btn, control } from './ui.ts'

const W = {
  heading: 'People',
  hint: 'Everyone who signs in to the inbox. The office works the inbox, the schedule and the customers; only an owner manages people and erases a person.',
  close: 'Close',
  loading: 'Loading…',
  owner: 'Owner',
  office: 'Office',
  disabled: 'Disabled',
  noEmail: 'signs in with the password alone',
  invite: 'Invite someone',
  name: 'Name',
  email: 'E-mail',
  role: 'Role',
  send: 'Make invitation link',
  link: 'Send this link to them (it works once, for 72 hours):',
  copy: 'Copy link',
  copied: 'Copied',
  disable: 'Disable',
  disableConfirm: (name: string) => `Disable ${name}? Signed out everywhere at once; no more notifications.`,
  yesDisable: 'Yes, disable',
  onDuty: 'On duty',
  cancel: 'Cancel',
  reset: 'Reset password',
  signOut: 'Sign out everywhere',
  signedOut: (name: string, n: number) =>
    `${name} is signed out everywhere (${n === 1 ? '1 session' : `${n} sessions`} ended).`,
  resetLink: (name: string) =>
    `Send this link to ${name} (it works once, for 72 hours). It sets a new password, turns off the code from an app and signs ${name} out everywhere:`,
}

const usersKey = ['users'] as const

export function People({ onClose }: { onClose: () => void }) {
  const id = useId()
  const queryClient = useQueryClient()
  const users = useQuery({ queryKey: usersKey, queryFn: () => answer(client.users.$get()) })
  const [link, setLink] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const me = useQuery({ queryKey: ['session'], queryFn: () => answer(client.session.$get()) })
  const [confirming, setConfirming] = useState<number | null>(null)
  const [resetLink, setResetLink] = useState<{ name: string; link: string } | null>(null)
  const reset = useMutation({
    mutationFn: (user: { id: number; name: string }) =>
      answer(client.users[':id'].reset.$post({ param: { id: String(user.id) } })).then((made) => ({
        name: user.name,
        link: made.link,
      })),
    onSuccess: setResetLink,
  })
  const signOut = useMutation({
    mutationFn: (user: { id: number; name: string }) =>
      answer(client.users[':id']['sign-out'].$post({ param: { id: String(user.id) } })).then((done) =>
        W.signedOut(user.name, done.ended),
      ),
  })
  const disable = useMutation({
    mutationFn: (user: number) => answer(client.users[':id'].disable.$post({ param: { id: String(user) } })),
    onSuccess: () => {
      setConfirming(null)
      void queryClient.invalidateQueries({ queryKey: usersKey })
    },
  })
  const duty = useMutation({
    mutationFn: ({ user, onDuty }: { user: number; onDuty: boolean }) =>
      answer(client.users[':id']['on-duty'].$put({ param: { id: String(user) }, json: { onDuty } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersKey })
      void queryClient.invalidateQueries({ queryKey: ['team'] })
    },
  })
  const invite = useMutation({
    mutationFn: (json: { name: string; email: string; role: 'owner' | 'office' }) =>
      answer(client.users.invitations.$post({ json })),
    onSuccess: (made) => {
      setLink(made.link)
      setCopied(false)
      void queryClient.invalidateQueries({ queryKey: usersKey })
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (field: string) => {
      const value = form.get(field)
      return typeof value === 'string' ? value : ''
    }
    invite.mutate({
      name: text('name'),
      email: text('email'),
      role: form.get('role') === 'owner' ? 'owner' : 'office',
    })
  }
  const fieldError = (field: string) => problemWith(invite.error, field)
  return (
    <Panel heading={W.heading} hint={W.hint} close={W.close} onClose={onClose} data-people="">
      {users.error ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
          {users.error.message}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-busy={users.isPending}>
          {users.isPending && <li className="py-2 text-sm text-slate-600">{W.loading}</li>}
          {users.data?.users.map((user) => (
            <li key={user.id} className="py-2">
              <p className="font-semibold text-slate-900">{user.name}</p>
              <p className="text-sm text-slate-700">
                {[
                  user.email ?? W.noEmail,
                  user.role === 'owner' ? W.owner : W.office,
                  user.disabled ? W.disabled : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {/* The owner's own switch is "On duty" below, as everyone's. */}
              {!user.disabled && me.data && user.id !== me.data.user.id && (
                <label className="mt-1 flex items-center gap-2 text-sm font-semibold text-slate-800">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={duty.isPending && duty.variables.user === user.id ? duty.variables.onDuty : user.onDuty}
                    disabled={duty.isPending}
                    aria-label={`${W.onDuty}: ${user.name}`}
                    onChange={(event) => duty.mutate({ user: user.id, onDuty: event.target.checked })}
                  />
                  {W.onDuty}
                </label>
              )}
              {!user.disabled && me.data && user.id !== me.data.user.id && confirming !== user.id && (
                <div className="mt-1 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={btn('outline', 'narrow')}
                    aria-label={`${W.disable} ${user.name}`}
                    onClick={() => setConfirming(user.id)}
                  >
                    {W.disable}
                  </button>
                  {user.email && (
                    <button
                      type="button"
                      className={btn('outline', 'narrow')}
                      aria-label={`${W.reset} ${user.name}`}
                      disabled={reset.isPending}
                      onClick={() => reset.mutate(user)}
                    >
                      {W.reset}
                    </button>
                  )}
                  <button
                    type="button"
                    className={btn('outline', 'narrow')}
                    aria-label={`${W.signOut}: ${user.name}`}
                    disabled={signOut.isPending}
                    onClick={() => signOut.mutate(user)}
                  >
                    {W.signOut}
                  </button>
                </div>
              )}
              {confirming === user.id && (
                <div className="mt-1 rounded-lg bg-red-50 p-2" role="group" aria-label={W.disableConfirm(user.name)}>
                  <p className="text-sm font-semibold text-red-900">{W.disableConfirm(user.name)}</p>
                  {disable.error && (
                    <p role="alert" className="mt-1 text-sm text-red-800">
                      {disable.error.message}
                    </p>
                  )}
                  <div className="mt-2 flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={btn('danger', 'narrow')}
                      disabled={disable.isPending}
                      onClick={() => disable.mutate(user.id)}
                    >
                      {W.yesDisable}
                    </button>
                    <button type="button" className={btn('outline', 'narrow')} onClick={() => setConfirming(null)}>
                      {W.cancel}
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {(signOut.data ?? signOut.error) && (
        <p
          role={signOut.error ? 'alert' : 'status'}
          className={`mt-2 text-sm font-semibold ${signOut.error ? 'text-red-800' : 'text-green-800'}`}
        >
          {signOut.error ? signOut.error.message : signOut.data}
        </p>
      )}
      {reset.error && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {reset.error.message}
        </p>
      )}
      {resetLink && (
        <div className="mt-2" data-reset-link="">
          <p className="text-sm text-slate-800">{W.resetLink(resetLink.name)}</p>
          <p className="mt-1 break-all rounded bg-slate-100 p-2 font-mono text-sm text-slate-900">{resetLink.link}</p>
        </div>
      )}
      {!users.error && (
        <form className="mt-4 grid gap-3" onSubmit={submit} noValidate>
          <h3 className="text-lg font-bold text-brand-900">{W.invite}</h3>
          {(['name', 'email'] as const).map((field) => (
            <div key={field}>
              <label htmlFor={`${id}-${field}`} className="block text-sm font-semibold text-slate-800">
                {W[field]}
              </label>
              <input
                id={`${id}-${field}`}
                name={field}
                type={field === 'email' ? 'email' : 'text'}
                autoComplete="off"
                className={control}
                aria-invalid={fieldError(field) ? true : undefined}
                aria-describedby={fieldError(field) ? `${id}-${field}-problem` : undefined}
              />
              {fieldError(field) && (
                <p id={`${id}-${field}-problem`} className="mt-1 text-sm text-red-800">
                  {fieldError(field)}
                </p>
              )}
            </div>
          ))}
          <div>
            <label htmlFor={`${id}-role`} className="block text-sm font-semibold text-slate-800">
              {W.role}
            </label>
            <select id={`${id}-role`} name="role" className={control} defaultValue="office">
              <option value="office">{W.office}</option>
              <option value="owner">{W.owner}</option>
            </select>
          </div>
          {invite.error && !fieldError('name') && !fieldError('email') && (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {invite.error.message}
            </p>
          )}
          <button type="submit" className={btn('primary')} disabled={invite.isPending}>
            {W.send}
          </button>
        </form>
      )}
      {link && (
        <div className="mt-4" data-invitation-link="">
          <p className="text-sm text-slate-800">{W.link}</p>
          <p className="mt-1 break-all rounded bg-slate-100 p-2 font-mono text-sm text-slate-900">{link}</p>
          <button
            type="button"
            className={`${btn('secondary')} mt-2`}
            onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}
          >
            {copied ? W.copied : W.copy}
          </button>
        </div>
      )}
      <TwoFactor />
      <OnDuty />
      <Passkeys />
      <Devices />
      {me.data?.user.role === 'owner' && <AccountActivity />}
    </Panel>
  )
}
