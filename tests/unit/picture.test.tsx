// The hero's picture, when it is a small drawing, is inside the page (decision 059): the drawing
// itself as the <img>'s data: address, with no <source> (a vector is sharp on every screen, so no
// screen asks for a file). Every other picture is the files, as the browser picks them.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ImagesContext, type ImageManifest, Picture } from '../../src/sections/Picture.tsx'

const DATA = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'
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
  it('as the hero, with its drawing inside the page, is that drawing alone: no <source> for any screen', () => {
    const html = render({ 'van.svg': { ...set, inline: DATA } }, true)
    expect(html).toBe(
      `<picture><img src="${DATA}" alt="Our van outside a home" width="1200" height="800" class="" fetchPriority="high" decoding="async"/></picture>`,
    )
  })

  it('further down the page stays a file, loaded lazily, for every screen', () => {
    const html = render({ 'van.svg': { ...set, inline: DATA } }, false)
    expect(html).not.toContain('data:')
    expect(html).toContain(`<source type="image/webp" srcSet="${set.webp}" sizes="100vw"/>`)
    expect(html).toContain('src="/images/van-800.webp"')
    expect(html).toContain('loading="lazy"')
  })

  it('as the hero without a drawing inside the page (a photo, or a big drawing), is the files alone', () => {
    const html = render({ 'van.svg': set }, true)
    expect(html).toBe(
      `<picture><source type="image/webp" srcSet="${set.webp}" sizes="100vw"/>` +
        `<img src="/images/van-800.webp" alt="Our van outside a home" width="1200" height="800" class="" fetchPriority="high" decoding="async"/></picture>`,
    )
  })
})
