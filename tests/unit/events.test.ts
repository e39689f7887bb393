// What POST /api/events counts (src/server/events/api.ts): a call from a page of the site, its
// source in words from the beacon's few fields; and which user agents are bots.
import { describe, expect, it } from 'vitest'
import { isBot, readCallEvent } from '../../src/server/events/api.ts'

const known = (path: string) => ['/', '/contact', '/furnace-repair'].includes(path)

describe('readCallEvent', () => {
  it('reads the page and works out the source from the beacon', () => {
    expect(readCallEvent({ type: 'call', page: '/furnace-repair', clickIdType: 'gclid' }, known)).toEqual({
      page: '/furnace-repair',
      source: 'Google Ads',
    })
    expect(readCallEvent({ type: 'call', page: '/', referrer: 'www.bing.com' }, known)).toEqual({
      page: '/',
      source: 'Bing search',
    })
    expect(
      readCallEvent({ type: 'call', page: '/contact', utm_source: 'newsletter', utm_medium: 'email' }, known),
    ).toEqual({ page: '/contact', source: 'E-mail' })
    expect(readCallEvent({ type: 'call', page: '/' }, known)).toEqual({ page: '/', source: 'Direct' })
  })

  it('refuses what is not a call from a page of the site, and ignores fields that do not fit', () => {
    for (const body of [
      null,
      [],
      'call',
      { type: 'view', page: '/' },
      { type: 'call' },
      { type: 'call', page: '/admin' },
      { type: 'call', page: 'https://evil.example/' },
      { type: 'call', page: `/${'x'.repeat(300)}` },
    ])
      expect(readCallEvent(body, known), JSON.stringify(body)).toBeUndefined()
    expect(readCallEvent({ type: 'call', page: '/', utm_source: 'x\u0000y', clickIdType: 7 }, known)).toEqual({
      page: '/',
      source: 'Direct',
    })
  })
})

describe('isBot', () => {
  it('knows crawlers, previews, page-speed tools and scripts, and a missing agent', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'curl/8.5.0',
      'python-requests/2.31',
      'node',
      undefined,
      '',
    ])
      expect(isBot(agent), String(agent)).toBe(true)
  })

  it('lets phones and desktop browsers through', () => {
    for (const agent of [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
    ])
      expect(isBot(agent), agent).toBe(false)
  })
})
