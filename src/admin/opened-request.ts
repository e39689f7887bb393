// The request a link opens (/admin?request=<id>: a tapped notification, docs/decisions/030-web-push.md),
// from the address at load, or from the service worker when the inbox was open already.
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

/** The id of the request opened by the address, and how to close it. */
export function useOpenedRequest(): [string | null, () => void] {
  const id = useSyncExternalStore(
    subscribeToAddress,
    () => new URLSearchParams(window.location.search).get('request'),
    () => null,
  )
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
  return [id, () => goTo(window.location.pathname, 'replace')]
}
