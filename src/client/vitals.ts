// The live site's speed on real visits (issue 21 item 6, docs/operations.md "Site speed"): after
// the page has loaded, the web-vitals library (its own small chunk, fetched after first paint)
// measures LCP, INP, CLS and TTFB; when the page is hidden (another tab, the phone locked, the next
// page), one beacon per page view sends them to /api/events with the page's path and whether the
// device is a phone. No cookie, no identifier, nothing of the visitor; bots are not counted there.

type Values = Partial<Record<'lcp' | 'inp' | 'cls' | 'ttfb', number>>

function measure() {
  const values: Values = {}
  let sent = false
  const send = (event: Event) => {
    const hidden = event.type === 'pagehide' || document.visibilityState === 'hidden'
    if (sent || !hidden || Object.keys(values).length === 0) return
    sent = true
    const device = matchMedia('(pointer: coarse)').matches || innerWidth < 768 ? 'mobile' : 'desktop'
    navigator.sendBeacon('/api/events', JSON.stringify({ type: 'vitals', page: location.pathname, device, ...values }))
  }
  void import('web-vitals').then(({ onCLS, onINP, onLCP, onTTFB }) => {
    // Every change as it happens: a navigation to the next page may hide this one without a
    // visibilitychange, after which the library would have nothing more to say. The layout shifts
    // so far are observed from the start (buffered): none reported means none happened.
    const all = { reportAllChanges: true }
    values.cls = 0
    onLCP((m) => (values.lcp = Math.round(m.value)), all)
    onINP((m) => (values.inp = Math.round(m.value)), all)
    onCLS((m) => (values.cls = Math.round(m.value * 1000) / 1000), all)
    onTTFB((m) => (values.ttfb = Math.round(m.value)))
    // After the library's own listeners (capture), which report the last values when the page is hidden.
    addEventListener('visibilitychange', send)
    addEventListener('pagehide', send)
  })
}

if (document.readyState === 'complete') measure()
else addEventListener('load', measure, { once: true })
