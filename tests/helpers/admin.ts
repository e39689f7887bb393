// The admin side of the tests: the password the end-to-end server starts with (playwright.config.ts;
// the bundle test, tests/integration/admin-bundle.test.ts, checks that no built file contains it), and
// a browser-like client of the admin API for the integration tests.
export const E2E_ADMIN_PASSWORD = 'e2e admin password, long enough'

export type Answer = { status: number; body: Record<string, unknown>; headers: Headers }

/**
 * A browser-like client of the admin API: keeps its cookie, sends `origin` on changes (null: no
 * Origin header) and `from` as its address (X-Forwarded-For; the test server trusts one proxy).
 */
export function adminClient(
  base: string,
  {
    from = '198.51.100.1',
    origin = 'http://localhost:3000',
    password = E2E_ADMIN_PASSWORD,
  }: { from?: string; origin?: string | null; password?: string } = {},
) {
  let cookie = ''
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await fetch(base + path, {
      method,
      headers: {
        'x-forwarded-for': from,
        ...(origin && method !== 'GET' ? { origin } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    })
    const set = res.headers.get('set-cookie')
    if (set) cookie = set.split(';')[0]!.endsWith('=') ? '' : set.split(';')[0]!
    const text = await res.text()
    let parsed: Record<string, unknown> = {}
    try {
      parsed = JSON.parse(text) as Record<string, unknown>
    } catch {
      parsed = { text }
    }
    return { status: res.status, body: parsed, headers: res.headers }
  }
  return {
    call,
    login: (pw = password) => call('POST', '/api/admin/login', { password: pw }),
    get cookie() {
      return cookie
    },
    set cookie(value: string) {
      cookie = value
    },
  }
}
