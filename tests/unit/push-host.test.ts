// Push endpoints are public https push services only (issue 20, finding 10; decision 040).
import { describe, expect, it } from 'vitest'
import { isPrivateAddress, pushEndpointProblem } from '../../src/server/alerts/push-host.ts'

const dns = (table: Record<string, string[]>) => (host: string) =>
  table[host] ? Promise.resolve(table[host]) : Promise.reject(new Error('ENOTFOUND'))

describe('push endpoints', () => {
  it('tells private and loopback addresses from public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd12::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, true])
    for (const a of ['142.250.1.1', '2a00:1450:4001::1', '8.8.8.8'])
      expect([a, isPrivateAddress(a)]).toEqual([a, false])
  })

  it('takes a public https push service, and refuses the rest with a reason', async () => {
    const resolve = dns({ 'fcm.googleapis.com': ['142.250.1.1'], 'inside.example.com': ['10.0.0.7'] })
    const problem = (url: string, allowed: string[] = []) => pushEndpointProblem(url, allowed, resolve)
    expect(await problem('https://fcm.googleapis.com/fcm/send/abc')).toBeNull()
    expect(await problem('http://fcm.googleapis.com/fcm/send/abc')).toBe('not https')
    expect(await problem('https://inside.example.com/x')).toBe('not a public host')
    expect(await problem('https://localhost:6379/x')).toBe('not a public host')
    expect(await problem('https://[::1]:22/x')).toBe('not a public host')
    expect(await problem('https://nowhere.example/x')).toBe('its host is not found')
    expect(await problem('https://127.0.0.1:4443/push/1', ['127.0.0.1'])).toBeNull()
  })
})
