// The admin app at /admin, the site's one hydrated page (docs/decisions/001-rendering.md, 018).
// Screens: checking the session → login form → inbox (SPEC §4 "Admin page"). The prerendered HTML
// cannot know whether the visitor is signed in, so it shows the neutral "checking" screen, and
// the first answer of GET /api/admin/session picks the login form or the inbox.
import { Component, useCallback, useEffect, useState, type ReactNode } from 'react'
import type { Site } from '../catalogue/types.gen.ts'
import type { PhoneNumber } from '../sections/actions.tsx'
import { UnexpectedErrorScreen } from '../templates/ErrorScreens.tsx'
import { api, isSignedOut } from './api.ts'
import { Inbox } from './Inbox.tsx'
import { LoginForm } from './LoginForm.tsx'
import { T, TOASTS } from './messages.ts'
import { ToastProvider, useNotify } from './Toasts.tsx'
import './admin.css'

type Phase = 'checking' | 'signed-out' | 'signed-in'

/** A rendering error shows the site's "Unexpected Application Error!" screen (decision 007). */
class ErrorBoundary extends Component<{ site: Site; phone: PhoneNumber; children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }
  override render() {
    return this.state.error ? <UnexpectedErrorScreen site={this.props.site} phone={this.props.phone} message={this.state.error.message} /> : this.props.children
  }
}

function Checking() {
  return (
    <section className="bg-slate-50" aria-labelledby="page-title">
      <div className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-4 py-12 text-center">
        <h1 id="page-title" className="sr-only">
          {T.login.heading}
        </h1>
        <span className="size-10 rounded-full border-4 border-brand-100 border-t-brand-700 motion-safe:animate-spin" aria-hidden="true" />
        <p role="status" className="font-semibold text-slate-700">
          {T.checking}
        </p>
        <noscript>
          <p className="max-w-md font-semibold text-red-800">{T.needsScript}</p>
        </noscript>
      </div>
    </section>
  )
}

function Gate({ title }: { title: string }) {
  const notify = useNotify()
  const [phase, setPhase] = useState<Phase>('checking')
  const [notice, setNotice] = useState<string | null>(null)

  useEffect(() => {
    api.session().then(
      () => setPhase('signed-in'),
      (error: unknown) => {
        setPhase('signed-out')
        // 401 is the normal answer for a visitor who is not signed in; anything else is worth saying.
        if (!isSignedOut(error)) setNotice(error instanceof Error ? error.message : String(error))
      },
    )
  }, [])

  const signOut = useCallback((why: string) => {
    notify(null)
    setNotice(why)
    setPhase('signed-out')
  }, [notify])
  const onSessionLost = useCallback(() => signOut(T.login.expired), [signOut])
  const logout = useCallback(async () => {
    try {
      await api.logout()
      signOut(T.login.loggedOut)
    } catch (error) {
      if (isSignedOut(error)) signOut(T.login.loggedOut)
      else notify(TOASTS.logoutFailed)
    }
  }, [notify, signOut])

  if (phase === 'checking') return <Checking />
  if (phase === 'signed-out')
    return (
      <LoginForm
        notice={notice}
        onSignedIn={() => {
          setNotice(null)
          setPhase('signed-in')
        }}
      />
    )
  return <Inbox title={title} onSignedOut={onSessionLost} onLogout={logout} />
}

export function AdminApp({ site, phone, title }: { site: Site; phone: PhoneNumber; title: string }) {
  return (
    <ErrorBoundary site={site} phone={phone}>
      <ToastProvider>
        <Gate title={title} />
      </ToastProvider>
    </ErrorBoundary>
  )
}
