// The server: `npm start` (node src/server/main.ts). Each step says why it is there.
import { createServer } from 'node:http'
import { parseEnv } from './env.ts'
import { createLogger } from './log.ts'
import { loadStaticSite } from './static-site.ts'
import { createApp } from './app.ts'
import { createRequestHandler } from './http-handler.ts'
import { drainOnSignals } from './shutdown.ts'

// 1. Configuration: refuse to start on any bad variable, and name them all.
const env = parseEnv(process.env)
if (!env.ok) {
  process.stderr.write(`The server cannot start. Fix these environment variables:\n${env.errors.map((e) => `  - ${e}`).join('\n')}\n`)
  process.exit(1)
}
const { config } = env
const log = createLogger(config.logLevel)

// 2. The prerendered site, in memory: pages are answered without touching the disk.
const site = loadStaticSite(config.distDir, { https: config.publicOrigin.startsWith('https:') })

// 3. The HTTP surface: fast path for files, the app for everything else.
const app = createApp({ config, log, site })
const server = createServer({ keepAliveTimeout: 5_000, requestTimeout: 30_000, headersTimeout: 20_000 }, createRequestHandler({ site, app, log }))

// 4. Shutdown: on SIGTERM/SIGINT finish in-flight requests, then exit.
drainOnSignals(server, log, async () => {})

server.listen(config.port, config.host, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  log.info('listening', { url: `http://${config.host}:${port}`, publicOrigin: config.publicOrigin, pages: site.fileCount, pid: process.pid })
})
