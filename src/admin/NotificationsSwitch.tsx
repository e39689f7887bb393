// "Notifications on this device" (docs/decisions/030-web-push.md): a switch that subscribes this
// browser to the server's pushes or unsubscribes it, and a test push once it is on. It says
// plainly when it cannot be on: a browser without pushes, an iPhone where the inbox is not on the
// Home Screen, a page not on https, notifications blocked (and what to do about each).
import { Bell, BellOff, Send } from 'lucide-react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { api } from './api.ts'
import { useRun } from './actions.ts'
import { currentSubscription, registerServiceWorker, subscribeDevice, unsupported } from './device-push.ts'
import { T, TOASTS } from './messages.ts'
import { usePushDevices, useRefreshPush } from './queries.ts'
import { useNotify } from './Toasts.tsx'
import { btn } from './ui.ts'

type State = 'checking' | 'insecure' | 'ios-not-installed' | 'browser' | 'denied' | 'on' | 'off'

const TEXT: Record<State, string> = {
  checking: T.push.checking,
  insecure: T.push.insecure,
  'ios-not-installed': T.push.iosNotInstalled,
  browser: T.push.browser,
  denied: T.push.denied,
  on: T.push.on,
  off: T.push.off,
}

/** What this browser supports does not change while the page is open. */
const unchanging = () => () => undefined

export function NotificationsSwitch() {
  // Known in the browser only: the page rendered by the server says "Checking…".
  const why = useSyncExternalStore(unchanging, unsupported, () => undefined)
  const push = usePushDevices(why === null)
  const refresh = useRefreshPush()
  const run = useRun()
  const notify = useNotify()
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  // The service worker makes the inbox installable, notifications on or not.
  useEffect(() => {
    if (why !== null) return
    registerServiceWorker()
      .then(() => currentSubscription())
      .then((sub) => setEndpoint(sub?.endpoint ?? null))
      .catch(() => setEndpoint(null))
  }, [why])

  const known = endpoint && push.data?.devices.some((d) => d.endpoint === endpoint)
  const state: State =
    why === undefined
      ? 'checking'
      : (why ??
        (typeof Notification !== 'undefined' && Notification.permission === 'denied'
          ? 'denied'
          : endpoint === undefined || !push.data
            ? 'checking'
            : known
              ? 'on'
              : 'off'))
  const on = state === 'on'
  const usable = state === 'on' || state === 'off'

  const turnOn = async () => {
    if (!push.data) return
    const sub = await subscribeDevice(push.data.publicKey).catch((error: unknown) => error as Error)
    if (sub === 'denied') return
    if (sub instanceof Error) {
      notify({ ...TOASTS.pushFailed, detail: sub.message })
      return
    }
    const answer = await run(() => api.subscribe(sub.toJSON()), TOASTS.pushOn, TOASTS.pushFailed)
    if (!(answer instanceof Error)) setEndpoint(sub.endpoint)
  }
  const turnOff = async () => {
    const sub = await currentSubscription()
    const answer = await run(
      () => api.unsubscribe(sub?.endpoint ?? endpoint ?? ''),
      TOASTS.pushOff,
      TOASTS.pushOffFailed,
    )
    if (answer instanceof Error) return
    await sub?.unsubscribe().catch(() => false)
    setEndpoint(null)
  }
  const toggle = async () => {
    setBusy(true)
    try {
      await (on ? turnOff() : turnOn())
      await refresh()
    } finally {
      setBusy(false)
    }
  }
  const test = async () => {
    if (!endpoint) return
    setBusy(true)
    await run(() => api.testPush(endpoint), TOASTS.testSent, TOASTS.testFailed)
    setBusy(false)
    await refresh()
  }

  const Icon = on ? Bell : BellOff
  return (
    <div className="mt-3 rounded-lg bg-white/10 px-3 py-1.5 sm:inline-block sm:min-w-md" data-push={state}>
      <div className="flex items-center gap-2">
        <Icon className="size-5 shrink-0 text-brand-100" aria-hidden="true" focusable="false" />
        <span id="push-label" className="flex-1 font-semibold">
          {T.push.label}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="push-label"
          aria-describedby="push-state"
          disabled={!usable || busy}
          onClick={toggle}
          className="inline-flex min-h-11 shrink-0 items-center disabled:cursor-not-allowed disabled:opacity-60"
        >
          <span
            className={`relative inline-block h-7 w-12 rounded-full border-2 border-white/80 transition-colors ${on ? 'bg-accent-600' : 'bg-brand-950/40'}`}
          >
            <span
              className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : ''}`}
            />
          </span>
        </button>
      </div>
      <div className="flex items-center justify-between gap-3 pb-1">
        <p id="push-state" role="status" className="text-sm text-brand-100">
          {TEXT[state]}
        </p>
        {on && (
          <button type="button" className={`${btn('onDark', 'sm')} shrink-0`} disabled={busy} onClick={test}>
            <Send className="size-4" aria-hidden="true" focusable="false" />
            {T.push.sendTest}
          </button>
        )}
      </div>
    </div>
  )
}
