// https://vike.dev/clientHooks — /admin is the site's one hydrated page: React runs in the
// browser here (the inbox app, src/admin/), while renderer/+config.ts keeps every other page
// HTML-only (docs/decisions/001-rendering.md, 018-admin-app.md).
import type { Config } from 'vike/types'

export default {
  clientHooks: true,
} satisfies Config
