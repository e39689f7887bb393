// https://vike.dev/Head — canonical link, robots and JSON-LD from the page's head data, written
// into the prerendered HTML. Public pages are HTML-only, so every navigation is a page load and
// each page's head is its own (docs/decisions/004-head-tags.md).
import { useData } from 'vike-react/useData'
import type { PageData } from '../src/catalogue/page-data.ts'
import { jsonLdString } from '../src/seo/json-ld.ts'
import faviconSvg from '../src/layout/favicon.svg?raw'

// The icon travels inside the page: one request fewer before the first paint on a slow phone.
const FAVICON = `data:image/svg+xml,${encodeURIComponent(faviconSvg.trim())}`

export default function Head() {
  const { head } = useData<PageData>()
  return (
    <>
      <meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover" />
      <meta name="theme-color" content="#0c2d56" />
      <link rel="icon" href={FAVICON} type="image/svg+xml" />
      {head.canonical && <link rel="canonical" href={head.canonical} />}
      {head.canonical && <meta property="og:url" content={head.canonical} />}
      <meta property="og:type" content="website" />
      {head.robots && <meta name="robots" content={head.robots} />}
      {head.jsonLd.map((block, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdString(block) }} />
      ))}
    </>
  )
}
