// The hero's picture, when it is a small drawing, is inside the page (decision 059): the drawing
// itself as the page's own <svg>, named by its alt text, with no file for any screen (a vector is
// sharp on every screen). Every other picture is the files, as the browser picks them.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ImagesContext, type ImageManifest, Picture } from '../../src/sections/Picture.tsx'

const DRAWING = { viewBox: '0 0 1200 800', body: '<rect width="1200" height="800" fill="#cfe3f5"/>' }
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
  it('as the hero, with its drawing inside the page, is that drawing alone, named by its alt text: no file for any screen', () => {
    const html = render({ 'van.svg': { ...set, inline: DRAWING } }, true)
    expect(html).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800" role="img" aria-label="Our van outside a home" class="">${DRAWING.body}</svg>`,
    )
  })

  it('names the drawing with its alt text as text, whatever the text holds', () => {
    const html = renderToStaticMarkup(
      <ImagesContext value={{ 'van.svg': { ...set, inline: DRAWING } }}>
        <Picture image={{ src: 'van.svg', alt: 'A "van" <b>& more</b>' }} sizes="100vw" first />
      </ImagesContext>,
    )
    expect(html).toContain('aria-label="A &quot;van&quot; &lt;b&gt;&amp; more&lt;/b&gt;"')
  })

  it('further down the page stays a file, loaded lazily, for every screen', () => {
    const html = render({ 'van.svg': { ...set, inline: DRAWING } }, false)
    expect(html).not.toContain('<svg')
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

  it('as a photo with AVIF copies, offers them first, then the WebP ones', () => {
    const avif = '/images/van-480.avif 480w, /images/van-800.avif 800w, /images/van-1200.avif 1200w'
    const html = render({ 'van.svg': { ...set, avif } }, true)
    expect(html).toBe(
      `<picture><source type="image/avif" srcSet="${avif}" sizes="100vw"/><source type="image/webp" srcSet="${set.webp}" sizes="100vw"/>` +
        `<img src="/images/van-800.webp" alt="Our van outside a home" width="1200" height="800" class="" fetchPriority="high" decoding="async"/></picture>`,
    )
  })
})
