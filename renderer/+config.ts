// https://vike.dev/config — settings for every page.
// Public pages are prerendered and HTML-only: React renders them at build time and no React
// reaches the browser (clientHooks: false). Their few interactions are plain scripts (+client.ts).
import vikeReact from 'vike-react/config'
import type { Config } from 'vike/types'

export default {
  extends: [vikeReact],
  prerender: true,
  clientHooks: false,
  lang: 'en',
} satisfies Config
