// The login form (SPEC §2, §5): one password field, checked by the server (POST /api/admin/login),
// and above it an optional e-mail for a named account (decision 053; empty: the owner's password
// alone). It is in the page's HTML and works before any script runs (a plain form post; the server
// answers with /admin again, signed in or with the reason it was not). Once the app runs, it sends
// the password itself and shows the SPEC's toasts, and offers passkeys (decision 061): a button,
// and the browser's own list in the e-mail field (conditional UI), their code loaded on demand
// (passkey-sign-in.ts). The password lives in the field only while it is typed: never stored,
// cleared after each try. Pasting is never blocked (WCAG 2.2 SC 3.3.8). An account with the
// authenticator-app code on (decision 063) is asked for it next: the server names the `code`
// field, the password is held in memory for that second step only, and the code field takes the
// place of the password's (one-time-code, numeric keyboard, a recovery code typed or pasted too).
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react'
import { LockKeyhole } from 'lucide-react'
import { api, ApiError } from './api.ts'
import { T, TOASTS } from './messages.ts'
import { useNotify } from './Toasts.tsx'
import { button, control, card, label } from './ui.ts'

/** The passkey part, loaded when the form is on screen with a script. */
const passkeys = () => import('./passkey-sign-in.ts')

export function LoginForm({ notice, onSignedIn }: { notice: string | null; onSignedIn: () => void }) {
  const notify = useNotify()
  const [busy, setBusy] = useState(false)
  const [webAuthn, setWebAuthn] = useState(false)
  const field = useRef<HTMLInputElement>(null)
  const email = useRef<HTMLInputElement>(null)
  // The password kept for the second step, once the server asked for the code.
  const [held, setHeld] = useState<string | null>(null)
  // Back here after a logout or an expired session: ready to type again.
  // And at the second step, in the code's field.
  useEffect(() => {
    if (notice || held !== null) field.current?.focus()
  }, [notice, held])
  const signedIn = useEffectEvent(onSignedIn)
  const failed = useEffectEvent(notify)
  // Where passkeys work: the button, and the passkeys offered in the e-mail field until the form goes.
  useEffect(() => {
    void passkeys().then((p) => p.start(setWebAuthn, signedIn, failed))
    return () => void passkeys().then((p) => p.cancel())
  }, [])
  const withPasskey = () =>
    void passkeys().then((p) => p.signIn().then(onSignedIn, (error: unknown) => notify(p.problem(error))))

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const input = field.current
    if (!input || busy) return
    setBusy(true)
    const password = held ?? input.value
    try {
      await api.login(password, email.current?.value, held === null ? undefined : input.value)
      input.value = ''
      // A failed try's toast is old news once in.
      notify(null)
      onSignedIn()
    } catch (error) {
      input.value = ''
      setBusy(false)
      input.focus()
      if (error instanceof ApiError && error.fields.code) {
        setHeld(password)
        notify(held === null ? null : { ...TOASTS.badPassword, text: error.message })
      } else if (error instanceof ApiError && error.status === 401) notify(TOASTS.badPassword)
      // Throttled (429), no password set yet (503), server unreachable: the server's own sentence.
      else notify({ ...TOASTS.badPassword, text: error instanceof ApiError ? error.message : String(error) })
    }
  }

  return (
    <section className="bg-slate-50" aria-labelledby="page-title">
      <div className="container-page flex min-h-[60vh] items-center justify-center py-12 sm:py-16">
        <div className={`${card} w-full max-w-md p-6 sm:p-8`}>
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-800">
            <LockKeyhole className="size-6" aria-hidden="true" focusable="false" />
          </span>
          <h1 id="page-title" className="mt-4 text-2xl font-bold text-brand-900 sm:text-3xl">
            {T.login.heading}
          </h1>
          <p className="mt-2 text-slate-600">{T.login.intro}</p>
          {notice && (
            <p
              role="status"
              className="mt-5 rounded-lg border-l-4 border-brand-600 bg-brand-50 p-3 font-semibold text-brand-900"
            >
              {notice}
            </p>
          )}
          <form className="mt-6" method="post" action="/admin" onSubmit={submit}>
            <label htmlFor="admin-email" className={label}>
              {T.login.email}
            </label>
            <input
              ref={email}
              id="admin-email"
              name="email"
              type="email"
              autoComplete="username webauthn"
              maxLength={254}
              aria-describedby="admin-email-hint"
              className={`${control} mt-1.5 min-h-12`}
            />
            <p id="admin-email-hint" className="mt-1 mb-4 text-sm text-slate-600">
              {T.login.emailHint}
            </p>
            <label htmlFor="admin-password" className={label}>
              {held === null ? T.login.password : T.login.code}
            </label>
            {held === null ? (
              <input
                ref={field}
                id="admin-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={1024}
                className={`${control} mt-1.5 min-h-12`}
              />
            ) : (
              <input
                ref={field}
                key="code"
                id="admin-password"
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                required
                maxLength={20}
                className={`${control} mt-1.5 min-h-12`}
              />
            )}
            <button type="submit" className={`${button.primary} mt-5 min-h-12 w-full text-base`} disabled={busy}>
              {busy ? T.login.submitting : T.login.submit}
            </button>
          </form>
          {webAuthn && (
            <button type="button" className={`${button.outline} mt-3 min-h-12 w-full text-base`} onClick={withPasskey}>
              {T.login.passkey}
            </button>
          )}
        </div>
      </div>
    </section>
  )
}
