// The admin app at /admin, the site's one hydrated page (docs/decisions/001-rendering.md, 018, 026).
// Screens: login form → loading skeleton → inbox (SPEC §4 "Admin page"). The server knows from the
// session cookie which one a visitor needs and sends /admin rendered for it: the login form (in
// the HTML itself, usable before any script arrives) or the inbox's skeleton. The app takes over
// from there; a session that ends on the way (401 from any call) brings the login form back.
import { QueryClientProvider } from '@tanstack/react-query'
import { Component, useCallback, useMemo, useState, type ReactNode } from 'react'
import type { AdminPageState } from '../catalogue/page-data.ts'
import type { Site } from '../catalogue/types.gen.ts'
import type { PhoneNumber } from '../sections/actions.tsx'
import { UnexpectedErrorScreen } from '../templates/ErrorScreens.tsx'
import { api, isSignedOut } from './api.ts'
import { InboxSettings, type InboxContext } from './actions.ts'
import { Inbox } from './Inbox.tsx'
import { LoginForm } from './LoginForm.tsx'
import { T, TOASTS } from './messages.ts'
import { createQueryClient, prefetchFirstPage } from './queries.ts'
import { ToastProvider, useNotify } from './Toasts.tsx'
import './admin.css'

/** A rendering error shows the site's "Unexpected Application Error!" screen (decision 007). */
class ErrorBoundary extends Component<
  { site: Site; phone: PhoneNumber; children: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }
  override render() {
    return this.state.error ? (
      <UnexpectedErrorScreen site={this.props.site} phone={this.props.phone} message={this.state.error.message} />
    ) : (
      this.props.children
    )
  }
}

type Review = InboxContext['review']

function Gate({
  title,
  timeZone,
  review,
  initial,
}: {
  title: string
  timeZone: string
  review: Review
  initial: AdminPageState
}) {
  const notify = useNotify()
  const [client] = useState(createQueryClient)
  const [signedIn, setSignedIn] = useState(initial.signedIn)
  const [notice, setNotice] = useState<string | null>(initial.loginError ?? null)

  const signOut = useCallback(
    (why: string) => {
      notify(null)
      client.clear()
      setNotice(why)
      setSignedIn(false)
    },
    [client, notify],
  )
  const onSignedOut = useCallback(() => signOut(T.login.expired), [signOut])
  const logout = useCallback(async () => {
    try {
      await api.logout()
      signOut(T.login.loggedOut)
    } catch (error) {
      if (isSignedOut(error)) signOut(T.login.loggedOut)
      else notify(TOASTS.logoutFailed)
    }
  }, [notify, signOut])
  const settings = useMemo<InboxContext>(() => ({ timeZone, onSignedOut, review }), [timeZone, onSignedOut, review])

  if (!signedIn)
    return (
      <LoginForm
        notice={notice}
        onSignedIn={() => {
          prefetchFirstPage(client)
          setNotice(null)
          setSignedIn(true)
        }}
      />
    )
  return (
    <QueryClientProvider client={client}>
      <InboxSettings value={settings}>
        <Inbox title={title} onLogout={logout} />
      </InboxSettings>
    </QueryClientProvider>
  )
}

export function AdminApp({
  site,
  phone,
  title,
  timeZone,
  review,
  initial,
}: {
  site: Site
  phone: PhoneNumber
  title: string
  timeZone: string
  review?: Review
  initial: AdminPageState
}) {
  return (
    <ErrorBoundary site={site} phone={phone}>
      <ToastProvider>
        <Gate title={title} timeZone={timeZone} review={review} initial={initial} />
      </ToastProvider>
    </ErrorBoundary>
  )
}
