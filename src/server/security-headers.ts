// Security headers for every response (PRODUCT.md "Security headers"). Pages get a CSP that
// allows their own inline scripts by hash (Vike's hydration bootstrap on /admin) and nothing else.

/** The maps service that location pages embed; the only frame source allowed. */
const MAP_FRAME_SOURCES = ['https://www.google.com', 'https://maps.google.com']

export function contentSecurityPolicy({
  scriptHashes = [] as string[],
  styleHashes = [] as string[],
  https = false,
} = {}): string {
  // Fonts, fetches and the web app manifest come from the site itself: `default-src 'self'` says
  // so for them (font-src, connect-src and manifest-src fall back to it). Not repeated, as every
  // byte of a page's headers counts against the first round trip of a slow phone (decision 065).
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    `style-src 'self'${styleHashes.map((h) => ` '${h}'`).join('')}`,
    "img-src 'self' data:",
    `frame-src ${MAP_FRAME_SOURCES.join(' ')}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

/** For API answers and other non-page responses: nothing may load or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

export function securityHeaders({ https, csp }: { https: boolean; csp: string }): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
  }
}
