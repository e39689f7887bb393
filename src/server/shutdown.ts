// Graceful shutdown: stop accepting connections, let in-flight requests finish (up to a limit),
// close resources, exit. A second signal exits at once.
import type { Server } from 'node:http'
import type { Logger } from './log.ts'

const DRAIN_LIMIT_MS = 10_000

export function drainOnSignals(server: Server, log: Logger, closeResources: () => Promise<void>): void {
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) {
      log.warn('second signal, exiting now', { signal })
      process.exit(1)
    }
    stopping = true
    log.info('shutting down', { signal })
    const force = setTimeout(() => {
      log.warn('in-flight requests did not finish in time; closing them', { limitMs: DRAIN_LIMIT_MS })
      server.closeAllConnections()
    }, DRAIN_LIMIT_MS)
    force.unref()
    server.close(() => {
      closeResources().then(
        () => {
          log.info('stopped')
          process.exit(0)
        },
        (error: unknown) => {
          log.error('error while closing', { error })
          process.exit(1)
        },
      )
    })
    // Keep-alive connections with no request in flight would hold close() open.
    server.closeIdleConnections()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}
