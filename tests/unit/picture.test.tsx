// The hero's picture on a phone needs no request (decision 059): its smallest copy, when the images
// step kept it as a data: address, is the <img>'s own; the <source> keeps the files for wider screens.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ImagesContext, type ImageManifest, Picture } from '../../src/sections/Picture.tsx'

const DATA = 'data:image/webp;base64,UklGRg=='
const set = {
  width: 1200,
  height: 800,
  webp: '/images/van-480.webp 480w, /images/van-800.webp 800w, /images/van-1200.webp 1200w',
  fallback: '/images/van-800.webp',
}
const render = (manifest: ImageManifest, first: boolean) =>
  renderToStaticMarkup(
    <ImagesContext value={manifest}>
      <Picture image={{ src: 'van.svg', alt: 'Our van outside a home' }} sizes="100vw" first={first} />
    </ImagesContext>,
  )

describe('a picture', () => {
  it('as the hero, shows its inline copy up to its width, and the files from the next pixel up', () => {
    const html = render({ 'van.svg': { ...set, inline: { src: DATA, width: 480 } } }, true)
    expect(html).toBe(
      `<picture><source type="image/webp" media="(min-width: 481px)" srcSet="${set.webp}" sizes="100vw"/>` +
        `<img src="${DATA}" alt="Our van outside a home" width="1200" height="800" class="" fetchPriority="high" decoding="async"/></picture>`,
    )
  })

  it('further down the page stays a file, loaded lazily, for every screen', () => {
    const html = render({ 'van.svg': { ...set, inline: { src: DATA, width: 480 } } }, false)
    expect(html).not.toContain('data:')
    expect(html).not.toContain('media=')
    expect(html).toContain('src="/images/van-800.webp"')
    expect(html).toContain('loading="lazy"')
  })

  it('as the hero without an inline copy (too big to travel in the page), is the files alone', () => {
    const html = render({ 'van.svg': set }, true)
    expect(html).toContain(`<source type="image/webp" srcSet="${set.webp}" sizes="100vw"/>`)
    expect(html).toContain('src="/images/van-800.webp"')
  })
})
