// https://vike.dev/prerender — never prerendered: the page exists only with a booking's state,
// which the server hands over when it renders it (src/server/booking/page.ts).
import type { Config } from 'vike/types'

export default {
  prerender: false,
} satisfies Config
