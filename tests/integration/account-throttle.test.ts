// Failed sign-ins counted per account as well as per address (issue 26, decision 061), in the
// database on SQLite and PostgreSQL: twenty addresses' allowance of failures on one account, from
// any addresses, and then that account's password is refused from a device that has not signed
// in before; a known device still gets through (only its address's limit holds), other accounts
// are untouched, and a correct password gives the account's slot back.
import { describe, expect, it } from 'vitest'
import { accountWindows, loginThrottle } from '../../src/server/auth/throttle.ts'
import type { Window } from '../../src/server/db/rate-limits.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { suiteDb } from '../helpers/suite-db.ts'

const LIMITS: Window[] = [{ bucket: 'login:15m', windowMs: 15 * 60_000, max: 2, sliding: true }]

describe.each(STORAGE_KINDS)('the per-account login throttle on %s', (kind) => {
  const suite = suiteDb(kind)
  const throttle = () => loginThrottle(suite.db, LIMITS, { alert: () => undefined, wait: () => Promise.resolve() })

  it('derives the account windows from LOGIN_RATE_LIMIT: the same spans, twenty addresses each', () => {
    expect(accountWindows(LIMITS)).toEqual([
      { bucket: 'login:15m:account', windowMs: 15 * 60_000, max: 40, sliding: true },
    ])
  })

  it('refuses an account past its failures from many addresses, but not a known device or another account', async () => {
    const t = throttle()
    const now = Date.now()
    for (let i = 0; i < 40; i++) {
      const attempt = await t.begin(`203.0.113.${i}`, now, false, 'email:dana')
      expect(attempt.allowed, `attempt ${i + 1}`).toBe(true)
    }
    const refused = await t.begin('198.51.100.1', now, false, 'email:dana')
    expect(refused.allowed).toBe(false)
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(14 * 60)
    // Refused before the check: no slot taken from the fresh address either.
    expect((await t.begin('198.51.100.1', now, false, 'email:lee')).allowed).toBe(true)
    // The account's own phone, signed in before: its address's limit only.
    expect((await t.begin('198.51.100.2', now, true, 'email:dana')).allowed).toBe(true)
    expect((await t.begin('198.51.100.3', now, false, 'owner')).allowed).toBe(true)
  })

  it('gives the account its slot back on a correct password', async () => {
    const t = throttle()
    const now = Date.now()
    for (let i = 0; i < 39; i++) expect((await t.begin(`192.0.2.${i}`, now, false, 'email:kim')).allowed).toBe(true)
    const right = await t.begin('192.0.2.100', now, false, 'email:kim')
    expect(right.allowed).toBe(true)
    if (right.allowed) await right.succeeded()
    expect((await t.begin('192.0.2.101', now, false, 'email:kim')).allowed).toBe(true)
    expect((await t.begin('192.0.2.102', now, false, 'email:kim')).allowed).toBe(false)
  })
})
