import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig, type Plugin, type ProxyOptions, type ViteDevServer } from 'vite'
import { defaultContentDir, loadCatalogue } from './src/catalogue/load.ts'
import { ContentError } from './src/catalogue/problems.ts'
import { escapeMarkup } from './src/templates/escape.ts'

/** What `npm run content:check` adds under the problems; here the page comes back by itself. */
const FIX_HINT =
  'Fix the fields above and save: this page reloads by itself. docs/content.md explains each kind of page.'

/**
 * `npm run dev` as the editors' live preview (docs/decisions/027-adopting-existing-data.md):
 * the catalogue is read once per process (src/catalogue/load.ts), so on any change under
 * content/ (CONTENT_DIR) — a file edited, added or removed — the loader's module is invalidated
 * in the server's module graph (with its importers, so the next request reads content/ afresh)
 * and the browser reloads. The content is checked at once: while it is wrong, the terminal says
 * what `npm run content:check` says, and every page answers 500 with the same message (the
 * page keeps Vite's client, so it reloads when the file is fixed).
 */
function contentLivePreview(): Plugin {
  const contentDir = defaultContentDir()
  const loader = path.resolve(import.meta.dirname, 'src/catalogue/load.ts')
  let problems: string | undefined

  const check = (server: ViteDevServer) => {
    const before = problems
    try {
      loadCatalogue({ contentDir })
      problems = undefined
      if (before) server.config.logger.info('content: OK again.', { timestamp: true })
    } catch (error) {
      if (!(error instanceof ContentError)) throw error
      problems = error.message
      server.config.logger.error(`${problems}\n\n${FIX_HINT}`, { timestamp: true })
    }
  }

  return {
    name: 'longbar:content-live-preview',
    apply: 'serve',
    configureServer(server) {
      check(server)
      server.watcher.add(contentDir)
      // A save is often several events (created, then written; a temporary file renamed): the
      // files changed within 100 ms are taken together, with one check and one reload.
      const pending = new Set<string>()
      let timer: NodeJS.Timeout | undefined
      const settle = () => {
        const files = [...pending].map((file) => path.relative(process.cwd(), file))
        pending.clear()
        server.config.logger.info(`content: ${files.join(', ')} changed`, { timestamp: true })
        for (const mod of server.moduleGraph.getModulesByFile(loader) ?? []) server.moduleGraph.invalidateModule(mod)
        check(server)
        server.ws.send({ type: 'full-reload', path: '*' })
      }
      const changed = (file: string) => {
        if (!file.startsWith(contentDir + path.sep) || !/\.ya?ml$/.test(file)) return
        pending.add(file)
        clearTimeout(timer)
        timer = setTimeout(settle, 100)
      }
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, changed)

      // Before Vike's pages: while content/ is wrong, a page says so instead of "An error occurred".
      server.middlewares.use((req, res, next) => {
        const page = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')
        if (!problems || !page) return next()
        res.statusCode = 500
        res.setHeader('content-type', 'text/html; charset=utf-8')
        res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Content error</title><link rel="icon" href="data:,">
<script type="module" src="/@vite/client"></script></head>
<body style="font: 16px/1.5 system-ui, sans-serif; margin: 2rem; color: #111">
<h1 style="color: #b91c1c">The content has a problem</h1>
<pre id="content-problems" style="white-space: pre-wrap; background: #fef2f2; padding: 1rem">${escapeMarkup(problems)}</pre>
<p>${escapeMarkup(FIX_HINT)}</p></body></html>`)
      })
    },
  }
}

/** What a JSON Schema says for its readers (editors, docs), not for the checks. */
const ANNOTATIONS = new Set(['description', 'examples', '$comment'])
const lean = (value: unknown, names = false): unknown => {
  if (Array.isArray(value)) return value.map((v) => lean(v))
  if (value === null || typeof value !== 'object') return value
  // Under `properties` the keys are field names (a field may be called "description").
  const entries = Object.entries(value).filter(([key]) => names || !ANNOTATIONS.has(key))
  return Object.fromEntries(entries.map(([key, v]) => [key, lean(v, !names && key === 'properties')]))
}

/**
 * The schemas the browser's bundles import (the contact form's fields, the inbox's changes) keep
 * only what checks: their descriptions and examples stay in the files and the server.
 */
function leanSchemas(): Plugin {
  return {
    name: 'longbar:lean-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id, options) {
      if (options?.ssr || !/\/schemas\/.+\.schema\.json$/.test(id.split('?')[0]!)) return
      return { code: JSON.stringify(lean(JSON.parse(code))), map: null }
    },
  }
}

/**
 * The dev server's way to the API server. The inbox accepts changes only from PUBLIC_ORIGIN
 * (src/server/admin/origin.ts), and a page of this dev server is on another origin: a change
 * sent from one of its pages is passed on as from PUBLIC_ORIGIN, as the site behind one origin
 * would send it. Only requests from this dev server's own pages: any other origin goes as it came.
 */
const API_SERVER = 'http://127.0.0.1:3000'
/** The origin `npm run dev:server` checks changes against: PUBLIC_ORIGIN, by default http://localhost:3000. */
const API_ORIGIN = process.env.PUBLIC_ORIGIN ?? 'http://localhost:3000'
const apiProxy: ProxyOptions = {
  target: API_SERVER,
  configure: (proxy) => {
    proxy.on('proxyReq', (request, incoming) => {
      const { origin, host } = incoming.headers
      if (origin && host && origin === `http://${host}`) request.setHeader('origin', API_ORIGIN)
    })
  },
}

export default defineConfig({
  plugins: [contentLivePreview(), leanSchemas(), vike(), react(), tailwindcss()],
  // `npm run dev` serves pages only: /api and /healthz go to the API server of `npm run dev:server`.
  server: { proxy: { '/api': apiProxy, '/healthz': apiProxy } },
  build: { target: 'es2022' },
  // The server build of the pages (dist/server) also runs in the server, for /contact with a
  // form's problems: bundling the icons keeps the few it uses instead of loading all of
  // lucide-react there (~35 MB, 0.2 s), which is a development dependency anyway.
  ssr: { noExternal: ['lucide-react'] },
})
