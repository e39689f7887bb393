// Signing in to the admin as a browser would, for the benchmarks that load the admin API
// (bench-admin.ts, bench-load.ts).

/** Signs in to the admin (POST /api/admin/login) and returns the session cookie to send back. */
export async function signIn(
  url: string,
  { password, origin, headers = {} }: { password: string; origin: string; headers?: Record<string, string> },
): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...headers },
    body: JSON.stringify({ password }),
  })
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!
}
