// The inbox's service worker (docs/decisions/030-web-push.md), registered by the inbox with scope
// /admin (the server allows it: Service-Worker-Allowed). It shows the pushes the server sends
// for new requests (src/server/alerts/push.ts) and opens the request when one is tapped; the tap
// on the daily test alert is also sent back to the server (decision 047). It has
// no fetch handler: it caches nothing and never stands between a page and the network.

const INBOX = '/admin'
/** Where the tap on the daily test alert is recorded (src/server/admin/alert-test.ts). */
const ACK_URL = '/api/admin/alert-test/ack'

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
      data: { url: inboxUrl(data.url), ...(typeof data.ack === 'string' ? { ack: data.ack } : {}) },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data = event.notification.data || {}
  const url = inboxUrl(data.url)
  event.waitUntil(
    (async () => {
      // The daily test alert: the tap proves this phone rang (a failure only leaves it unproven).
      if (typeof data.ack === 'string')
        await fetch(ACK_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: data.ack }),
        }).catch(() => undefined)
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
