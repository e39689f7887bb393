// The rate limits' pure parts: what a visitor is counted by, and how the login says a wait.
import { describe, expect, it } from 'vitest'
import { waitInWords } from '../../src/server/admin/session.ts'
import { bareAddress, rateLimitKey, wideRateLimitKey } from '../../src/server/request.ts'

describe('what the rate limits count a visitor by', () => {
  it('an IPv4 address as it is, an IPv6 address by its /64', () => {
    expect(rateLimitKey('203.0.113.5')).toBe('203.0.113.5')
    expect(rateLimitKey('::ffff:203.0.113.5')).toBe('203.0.113.5')
    expect(rateLimitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:0db8:0001:0002:abcd::1')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8:1:2::9')).toBe(rateLimitKey('2001:db8:1:2:ffff:ffff:ffff:ffff'))
    expect(rateLimitKey('2001:db8:1:3::9')).not.toBe(rateLimitKey('2001:db8:1:2::9'))
    expect(rateLimitKey('x'.repeat(500))).toHaveLength(100)
  })

  it('a wait as the login says it', () => {
    expect([1, 45, 60, 61, 179, 900].map(waitInWords)).toEqual([
      '1 second',
      '45 seconds',
      '1 minute',
      '2 minutes',
      '3 minutes',
      '15 minutes',
    ])
  })
})

describe('the address a proxy wrote', () => {
  it('loses its port, brackets and quotes', () => {
    expect(bareAddress(' 203.0.113.5:4711')).toBe('203.0.113.5')
    expect(bareAddress('[2001:db8::1]:443')).toBe('2001:db8::1')
    expect(bareAddress('[2001:db8::1]')).toBe('2001:db8::1')
    expect(bareAddress('for="[2001:db8::1]:80"')).toBe('2001:db8::1')
    expect(bareAddress('2001:db8::1')).toBe('2001:db8::1')
    expect(wideRateLimitKey('2001:db8:1:2::9')).toBe('2001:db8:1::/48')
    expect(wideRateLimitKey('2001:db8:1:ffff::9')).toBe(wideRateLimitKey('2001:db8:1:2::9'))
    expect(wideRateLimitKey('203.0.113.5')).toBeUndefined()
    expect(wideRateLimitKey('::ffff:203.0.113.5')).toBeUndefined()
  })
})
