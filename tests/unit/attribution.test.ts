// Where a visit came from, in words (src/lead/attribution.ts), and what the site's script keeps
// and reports of it (src/client/visit.ts).
import { describe, expect, it } from 'vitest'
import { arrivalInWords, pageInWords, referrerHost, sourceOf } from '../../src/lead/attribution.ts'
import { arrival, arrivalBefore, beaconPayload, isNew } from '../../src/client/visit.ts'

describe('sourceOf', () => {
  it('names the ad platform of a click id first, whatever else the visit carries', () => {
    for (const kind of ['gclid', 'gbraid', 'wbraid'])
      expect(sourceOf({ clickIdType: kind, utm_source: 'newsletter', referrer: 'https://www.bing.com/' })).toBe(
        'Google Ads',
      )
    expect(sourceOf({ clickIdType: 'msclkid' })).toBe('Microsoft Ads')
    expect(sourceOf({ clickIdType: 'fbclid' })).toBe('Facebook Ads')
  })

  it('reads utm_source and utm_medium otherwise: paid media of a known source as its ads, the rest as they are', () => {
    expect(sourceOf({ utm_source: 'google', utm_medium: 'cpc' })).toBe('Google Ads')
    expect(sourceOf({ utm_source: 'bing', utm_medium: 'ppc' })).toBe('Microsoft Ads')
    expect(sourceOf({ utm_source: 'facebook', utm_medium: 'paid_social' })).toBe('Facebook Ads')
    // One channel, one name: however the campaign or the link says it (src/lead/channels.ts).
    expect(sourceOf({ utm_source: 'facebook', utm_medium: 'social' })).toBe('Facebook')
    expect(sourceOf({ utm_source: 'fb' })).toBe('Facebook')
    expect(sourceOf({ referrer: 'https://l.facebook.com/' })).toBe('Facebook')
    expect(sourceOf({ utm_source: 'newsletter', utm_medium: 'email' })).toBe('E-mail')
    expect(sourceOf({ utm_source: 'spring-promo', utm_medium: 'e-mail' })).toBe('E-mail')
    expect(sourceOf({ utm_source: 'mailchimp' })).toBe('E-mail')
    expect(sourceOf({ utm_source: 'google', utm_medium: 'organic' })).toBe('Google search')
    expect(sourceOf({ utm_source: 'Google' })).toBe('Google search')
    expect(sourceOf({ utm_source: 'yard-sign', utm_medium: 'print' })).toBe('yard-sign')
    expect(sourceOf({ utm_source: 'yard-sign' })).toBe('yard-sign')
    expect(sourceOf({ utm_source: 'x'.repeat(300) })).toHaveLength(100)
  })

  it('names search engines and well-known sites by the referrer, other sites by their host, else Direct', () => {
    expect(sourceOf({ referrer: 'https://www.google.com/' })).toBe('Google search')
    expect(sourceOf({ referrer: 'https://www.google.co.uk/' })).toBe('Google search')
    expect(sourceOf({ referrer: 'www.bing.com' })).toBe('Bing search')
    expect(sourceOf({ referrer: 'https://duckduckgo.com/' })).toBe('DuckDuckGo search')
    expect(sourceOf({ referrer: 'https://m.facebook.com/' })).toBe('Facebook')
    expect(sourceOf({ referrer: 'https://nextdoor.com/p/abc' })).toBe('Nextdoor')
    expect(sourceOf({ referrer: 'https://www.harfordhomes.example/links' })).toBe('harfordhomes.example')
    expect(sourceOf({ referrer: 'https://notgoogle.com/' })).toBe('notgoogle.com')
    expect(sourceOf({})).toBe('Direct')
    expect(sourceOf({ referrer: '::not a url::' })).toBe('Direct')
  })

  it('reads a referrer as a URL or a bare host', () => {
    expect(referrerHost('https://WWW.Google.com/search?q=x')).toBe('google.com')
    expect(referrerHost('www.bing.com')).toBe('bing.com')
    expect(referrerHost('')).toBe('')
  })
})

describe('the card says where a request came from', () => {
  it('names the page in words', () => {
    expect(pageInWords('/furnace-repair')).toBe('Furnace Repair page')
    expect(pageInWords('/ac-repair')).toBe('AC Repair page')
    expect(pageInWords('/bel-air-hvac')).toBe('Bel Air HVAC page')
    expect(pageInWords('/')).toBe('Home page')
  })

  it('joins the landing page, the source and the campaign', () => {
    const item = {
      landing_page: '/furnace-repair',
      source_page: '/contact',
      source: 'Google Ads',
      utm_campaign: 'winter-tuneup',
    }
    expect(arrivalInWords(item)).toBe('Furnace Repair page · Google Ads · campaign winter-tuneup')
    expect(arrivalInWords({ ...item, landing_page: null, utm_campaign: null, source: null })).toBe(
      'Contact page · Direct',
    )
  })
})

describe('the visit record and the call beacon', () => {
  const url = new URL(
    'https://www.longbar-hvac.example/furnace-repair?utm_source=google&utm_medium=cpc&utm_campaign=winter-tuneup&gclid=abc&other=1',
  )

  it('keeps the landing page, the outside referrer without its query, the campaign and the click ids', () => {
    const visit = arrival(url, 'https://www.google.com/search?q=furnace+repair+for+dana')
    expect(visit).toEqual({
      landing: '/furnace-repair',
      referrer: 'https://www.google.com/search',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'winter-tuneup',
      gclid: 'abc',
    })
    expect(isNew(visit)).toBe(true)
  })

  it('recovers the landing page and its campaign from a same-origin referrer, and nothing from another site', () => {
    const contact = new URL('https://www.longbar-hvac.example/contact')
    expect(arrivalBefore(contact, url.href)).toEqual({
      landing: '/furnace-repair',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'winter-tuneup',
      gclid: 'abc',
    })
    expect(arrivalBefore(contact, 'https://www.google.com/search?utm_source=x')).toBeNull()
    expect(arrivalBefore(contact, '')).toBeNull()
  })

  it('does not take the site itself for a referrer, and a plain inside page starts no new visit', () => {
    const inside = arrival(
      new URL('https://www.longbar-hvac.example/contact'),
      'https://www.longbar-hvac.example/furnace-repair',
    )
    expect(inside).toEqual({ landing: '/contact' })
    expect(isNew(inside)).toBe(false)
  })

  it('reports a tap with the page and what names the source, never a click id or a full referrer', () => {
    const visit = arrival(url, 'https://www.google.com/search?q=dana')
    const payload = beaconPayload(visit, '/contact')
    expect(payload).toEqual({
      type: 'call',
      page: '/contact',
      referrer: 'www.google.com',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'winter-tuneup',
      clickIdType: 'gclid',
    })
    expect(JSON.stringify(payload)).not.toContain('abc')
    expect(sourceOf(payload)).toBe('Google Ads')
    expect(beaconPayload({ landing: '/' }, '/')).toEqual({ type: 'call', page: '/' })
  })
})
