// "Code from an app" in People (decision 063): the signed-in account's optional second factor for
// password sign-ins. Turning it on shows the authenticator app's otpauth:// URI as a QR code
// (QrCode.tsx, loaded on demand) and as text with the secret to type, and takes a first code;
// then the ten recovery codes, shown this once. New recovery codes and turning it off (with a
// current code) are here too. Any account has it. Its words live here.
import { lazy, Suspense, useId, useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { answer, client, problemWith } from './api.ts'
import { btn, control } from './ui.ts'

const QrCode = lazy(() => import('./QrCode.tsx'))

const W = {
  heading: 'Code from an app',
  off: 'Off. With it on, signing in with your password also asks for a 6-digit code from an authenticator app on your phone. A passkey never asks for it.',
  on: (left: number) => `On. Signing in with your password asks for the code. Recovery codes left: ${left}.`,
  turnOn: 'Turn on',
  scan: 'Scan this with your authenticator app, or add it by hand with the key below.',
  qr: 'QR code of the authenticator-app link',
  key: 'Key',
  uri: 'Link',
  code: 'Code the app shows now',
  confirm: 'Confirm and turn on',
  cancel: 'Cancel',
  codes:
    'Your recovery codes. Each works once in place of the code, if the phone is lost. Keep them somewhere safe: they are shown only now.',
  newCodes: 'New recovery codes',
  turnOff: 'Turn off',
  offCode: 'A current code or a recovery code',
  loading: 'Loading…',
}

const key = ['two-factor'] as const

export function TwoFactor() {
  const id = useId()
  const queryClient = useQueryClient()
  const status = useQuery({ queryKey: key, queryFn: () => answer(client['two-factor'].$get()) })
  const [codes, setCodes] = useState<string[] | null>(null)
  const [offering, setOffering] = useState(false)
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key })
  const setup = useMutation({ mutationFn: () => answer(client['two-factor'].setup.$post()) })
  const confirm = useMutation({
    mutationFn: (code: string) => answer(client['two-factor'].confirm.$post({ json: { code } })),
    onSuccess: (done) => {
      setCodes(done.recoveryCodes)
      setup.reset()
      refresh()
    },
  })
  const renew = useMutation({
    mutationFn: () => answer(client['two-factor']['recovery-codes'].$post()),
    onSuccess: (done) => {
      setCodes(done.recoveryCodes)
      refresh()
    },
  })
  const off = useMutation({
    mutationFn: (code: string) => answer(client['two-factor'].off.$post({ json: { code } })),
    onSuccess: () => {
      setOffering(false)
      setCodes(null)
      refresh()
    },
  })
  const codeOf = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = new FormData(event.currentTarget).get('code')
    return typeof value === 'string' ? value : ''
  }
  const problem = setup.error ?? renew.error ?? status.error
  const confirmProblem = confirm.error && (problemWith(confirm.error, 'code') ?? confirm.error.message)
  const offProblem = off.error && (problemWith(off.error, 'code') ?? off.error.message)
  const field = (name: string, text: string, error: string | null | undefined) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold text-slate-800">
        {text}
      </label>
      <input
        id={`${id}-${name}`}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={20}
        required
        className={control}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${name}-problem` : undefined}
      />
      {error && (
        <p id={`${id}-${name}-problem`} role="alert" className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  )
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 border-t border-slate-200 pt-4" data-two-factor="">
      <h3 id={`${id}-title`} className="text-lg font-bold text-brand-900">
        {W.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-700" aria-busy={status.isPending}>
        {status.isPending ? W.loading : status.data?.on ? W.on(status.data.recoveryCodesLeft) : W.off}
      </p>
      {problem && (
        <p role="alert" className="mt-1 text-sm font-semibold text-red-800">
          {problem.message}
        </p>
      )}
      {status.data && !status.data.on && !setup.data && (
        <button
          type="button"
          className={`${btn('secondary')} mt-2`}
          disabled={setup.isPending}
          onClick={() => setup.mutate()}
        >
          {W.turnOn}
        </button>
      )}
      {setup.data && (
        <div className="mt-2" data-totp-setup="">
          <p className="text-sm text-slate-800">{W.scan}</p>
          <Suspense fallback={null}>
            <QrCode text={setup.data.uri} label={W.qr} />
          </Suspense>
          <p className="mt-2 text-sm text-slate-800">
            {W.key}:{' '}
            <code className="font-mono break-all text-slate-900" data-totp-secret="">
              {setup.data.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </code>
          </p>
          <p className="mt-1 text-sm break-all text-slate-700">
            {W.uri}: <code className="font-mono">{setup.data.uri}</code>
          </p>
          <form className="mt-2 grid gap-2" onSubmit={(event) => confirm.mutate(codeOf(event))}>
            {field('confirm', W.code, confirmProblem)}
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={btn('primary', 'narrow')} disabled={confirm.isPending}>
                {W.confirm}
              </button>
              <button type="button" className={btn('outline', 'narrow')} onClick={() => setup.reset()}>
                {W.cancel}
              </button>
            </div>
          </form>
        </div>
      )}
      {codes && (
        <div className="mt-2 rounded-lg bg-amber-50 p-2" data-recovery-codes="">
          <p className="text-sm font-semibold text-slate-900">{W.codes}</p>
          <ul className="mt-1 grid grid-cols-2 gap-1 font-mono text-sm text-slate-900">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      )}
      {status.data?.on && (
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className={btn('outline', 'narrow')}
            disabled={renew.isPending}
            onClick={() => renew.mutate()}
          >
            {W.newCodes}
          </button>
          {!offering && (
            <button type="button" className={btn('outline', 'narrow')} onClick={() => setOffering(true)}>
              {W.turnOff}
            </button>
          )}
        </div>
      )}
      {status.data?.on && offering && (
        <form className="mt-2 grid gap-2" onSubmit={(event) => off.mutate(codeOf(event))}>
          {field('off', W.offCode, offProblem)}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={btn('danger', 'narrow')} disabled={off.isPending}>
              {W.turnOff}
            </button>
            <button type="button" className={btn('outline', 'narrow')} onClick={() => setOffering(false)}>
              {W.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
