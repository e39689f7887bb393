// The request a link opens (/admin?request=<id>: a tapped notification, docs/decisions/030-web-push.md,
// or a visit tapped in the Schedule), from the address at load, from the service worker when the
// inbox was open already, or from the Schedule.
import { useEffect, useSyncExternalStore } from 'react'

const ADDRESS_CHANGED = 'inbox:address'

/** The address's changes: back and forward, and goTo's. */
function subscribeToAddress(onChange: () => void) {
  window.addEventListener('popstate', onChange)
  window.addEventListener(ADDRESS_CHANGED, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(ADDRESS_CHANGED, onChange)
  }
}

function goTo(path: string, how: 'push' | 'replace') {
  if (how === 'push') window.history.pushState(null, '', path)
  else window.history.replaceState(null, '', path)
  window.dispatchEvent(new Event(ADDRESS_CHANGED))
}

/** Where an opened request was opened from: a notification's link (or any link), the Schedule, or the inbox itself (a customer, a request sent again). */
export type OpenedFrom = 'link' | 'schedule' | 'inbox'

/** A request's link: /admin?request=<id>, with `&from=schedule` (or `inbox`) when the Schedule (or the inbox) opens it. */
export const requestPath = (id: string, from: OpenedFrom = 'link') =>
  `/admin?${new URLSearchParams({ request: id, ...(from !== 'link' ? { from } : {}) })}`

/** Opens a request in the inbox (a new entry in the history: Back closes it). */
export const openRequest = (id: string, from: OpenedFrom) => goTo(requestPath(id, from), 'push')

/** The id of the request opened by the address, how to close it, and where it was opened from. */
export function useOpenedRequest(): [string | null, () => void, OpenedFrom] {
  const search = useSyncExternalStore(
    subscribeToAddress,
    () => window.location.search,
    () => '',
  )
  const params = new URLSearchParams(search)
  const id = params.get('request')
  const asked = params.get('from')
  const from: OpenedFrom = asked === 'schedule' || asked === 'inbox' ? asked : 'link'
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null
      if (data?.type !== 'open' || typeof data.url !== 'string') return
      const url = new URL(data.url, window.location.origin)
      if (url.origin === window.location.origin) goTo(`${url.pathname}${url.search}`, 'push')
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [])
  return [id, () => goTo(window.location.pathname, 'replace'), from]
}

/** Opens a customer's view (/admin?customer=<id>, decision 052; Back closes it). */
export const openCustomer = (id: string) => goTo(`/admin?${new URLSearchParams({ customer: id })}`, 'push')

/** The id of the customer opened by the address, and how to close it. */
export function useOpenedCustomer(): [string | null, () => void] {
  const search = useSyncExternalStore(
    subscribeToAddress,
    () => window.location.search,
    () => '',
  )
  return [new URLSearchParams(search).get('customer'), () => goTo(window.location.pathname, 'replace')]
}
