// The inbox's service worker (docs/decisions/030-web-push.md), registered by the inbox with scope
// /admin (the server allows it: Service-Worker-Allowed). It shows the pushes the server sends
// for new requests (src/server/alerts/push.ts) and opens the request when one is tapped. It has
// no fetch handler: it caches nothing and never stands between a page and the network.

const INBOX = '/admin'

/** Only a page of the inbox may be opened from a notification. */
function inboxUrl(url) {
  try {
    const target = new URL(typeof url === 'string' ? url : INBOX, self.location.origin)
    if (
      target.origin === self.location.origin &&
      (target.pathname === INBOX || target.pathname.startsWith(`${INBOX}/`))
    )
      return target.href
  } catch {
    // not a URL: the inbox
  }
  return new URL(INBOX, self.location.origin).href
}

self.addEventListener('install', () => {
  void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = { body: event.data ? event.data.text() : '' }
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'New request'
  const tag = typeof data.tag === 'string' && data.tag ? data.tag : undefined
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: `${INBOX}/icon-192.png`,
      badge: `${INBOX}/badge-96.png`,
      // One notification per request: a reminder replaces the first one, and rings again.
      ...(tag ? { tag, renotify: true } : {}),
      // An urgent request stays on screen until it is dealt with.
      requireInteraction: data.urgent === true,
      data: { url: inboxUrl(data.url) },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = inboxUrl(event.notification.data && event.notification.data.url)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const inbox = windows.find((w) => new URL(w.url).pathname === INBOX)
      if (inbox) {
        // The inbox open already: bring it forward and let it show the request (no reload).
        await inbox.focus()
        inbox.postMessage({ type: 'open', url })
        return
      }
      await self.clients.openWindow(url)
    })(),
  )
})
