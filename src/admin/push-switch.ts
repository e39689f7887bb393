// The state of "Notifications on this device" and its two writes (docs/decisions/030-web-push.md):
// what this browser can do, whether it is subscribed (its endpoint among the server's devices),
// turning it on or off, and a test push. Each write is a mutation; the switch is busy while one
// is on its way, and the devices are asked again after it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useOutcome } from './actions.ts'
import { api } from './api.ts'
import { currentSubscription, registerServiceWorker, subscribeDevice, unsupported } from './device-push.ts'
import { TOASTS } from './messages.ts'
import { keys, usePushDevices } from './queries.ts'
import { useNotify } from './Toasts.tsx'

export type PushState = 'checking' | 'insecure' | 'ios-not-installed' | 'browser' | 'denied' | 'on' | 'off'

/** What this browser supports does not change while the page is open. */
const unchanging = () => () => undefined

/** This device's push subscription: its endpoint (null: none; undefined: not known yet). */
function useEndpoint(why: ReturnType<typeof unsupported> | undefined) {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined)
  // The service worker makes the inbox installable, notifications on or not.
  useEffect(() => {
    if (why !== null) return
    registerServiceWorker()
      .then(() => currentSubscription())
      .then((sub) => setEndpoint(sub?.endpoint ?? null))
      .catch(() => setEndpoint(null))
  }, [why])
  return [endpoint, setEndpoint] as const
}

export function usePushSwitch() {
  // Known in the browser only: the page rendered by the server says "Checking…".
  const why = useSyncExternalStore(unchanging, unsupported, () => undefined)
  const push = usePushDevices(why === null)
  const client = useQueryClient()
  const { succeeded, failed } = useOutcome()
  const notify = useNotify()
  const [endpoint, setEndpoint] = useEndpoint(why)

  const known = endpoint && push.data?.devices.some((d) => d.endpoint === endpoint)
  const state: PushState =
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

  const turnOn = async () => {
    if (!push.data) return
    const sub = await subscribeDevice(push.data.publicKey).catch((error: unknown) => error as Error)
    if (sub === 'denied') return
    if (sub instanceof Error) return notify({ ...TOASTS.pushFailed, detail: sub.message })
    await api.subscribe(sub.toJSON()).then(
      () => {
        succeeded(TOASTS.pushOn)
        setEndpoint(sub.endpoint)
      },
      (error: unknown) => failed(error, TOASTS.pushFailed),
    )
  }
  const turnOff = async () => {
    const sub = await currentSubscription()
    await api.unsubscribe(sub?.endpoint ?? endpoint ?? '').then(
      async () => {
        succeeded(TOASTS.pushOff)
        await sub?.unsubscribe().catch(() => false)
        setEndpoint(null)
      },
      (error: unknown) => failed(error, TOASTS.pushOffFailed),
    )
  }
  const refresh = () => client.invalidateQueries({ queryKey: keys.push })
  const toggle = useMutation({ mutationFn: () => (state === 'on' ? turnOff() : turnOn()), onSettled: refresh })
  const test = useMutation({
    mutationFn: (to: string) => api.testPush(to),
    onSuccess: () => succeeded(TOASTS.testSent),
    onError: (error) => failed(error, TOASTS.testFailed),
    onSettled: () => void refresh(),
  })
  return {
    state,
    busy: toggle.isPending || test.isPending,
    toggle: () => toggle.mutate(),
    test: () => {
      if (endpoint) test.mutate(endpoint)
    },
  }
}
