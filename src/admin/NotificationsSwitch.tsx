// "Notifications on this device" (docs/decisions/030-web-push.md): a switch that subscribes this
// browser to the server's pushes or unsubscribes it, and a test push once it is on. It says
// plainly when it cannot be on: a browser without pushes, an iPhone where the inbox is not on the
// Home Screen, a page not on https, notifications blocked (and what to do about each). Its state
// and writes: push-switch.ts.
import { Bell, BellOff, Send } from 'lucide-react'
import { T } from './messages.ts'
import { usePushSwitch, type PushState } from './push-switch.ts'
import { btn } from './ui.ts'

const TEXT: Record<PushState, string> = {
  checking: T.push.checking,
  insecure: T.push.insecure,
  'ios-not-installed': T.push.iosNotInstalled,
  browser: T.push.browser,
  denied: T.push.denied,
  on: T.push.on,
  off: T.push.off,
}

export function NotificationsSwitch() {
  const { state, busy, toggle, test } = usePushSwitch()
  const on = state === 'on'
  const usable = state === 'on' || state === 'off'
  const Icon = on ? Bell : BellOff
  // One line in the inbox's header (decision 042): the state's words are read out with the switch;
  // on a phone they show only when the switch cannot be used and they say why.
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-2" data-push={state}>
      <Icon className="size-5 shrink-0 text-brand-100" aria-hidden="true" focusable="false" />
      <span id="push-label" className="font-semibold">
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
      {on && (
        <button type="button" className={`${btn('onDark', 'sm')} shrink-0`} disabled={busy} onClick={test}>
          <Send className="size-4" aria-hidden="true" focusable="false" />
          {T.push.sendTest}
        </button>
      )}
      <p
        id="push-state"
        role="status"
        className={`basis-full pb-1 text-sm text-brand-100 sm:basis-auto sm:pb-0 ${usable ? 'sr-only sm:not-sr-only' : ''}`}
      >
        {TEXT[state]}
      </p>
    </div>
  )
}
