// https://vike.dev/config — settings for every page.
// Public pages are prerendered and HTML-only: React renders them at build time and no React
// reaches the browser (clientHooks: false). Their few interactions are plain scripts (+client.ts).
// The server build of the pages (dist/server) is kept although every page is prerendered: the
// server renders /contact with it when a form sent without JavaScript has problems
// (src/server/contact/page.ts).
import vikeReact from 'vike-react/config'
import type { Config } from 'vike/types'

export default {
  extends: [vikeReact],
  prerender: { keepDistServer: true },
  clientHooks: false,
  lang: 'en',
  // Our own viewport tag (+Head.tsx): with viewport-fit=cover, so that the phone call bar can keep
  // clear of the safe areas itself.
  viewport: null,
} satisfies Config
