// The server's periodic jobs: one way to run a task every so often, logging a failure and going
// on (the next round may well succeed: the database was restarting, the mail server was away).
// The timers never keep the process alive on their own.
import type { Logger } from './log.ts'

export type Periodic = {
  /** Runs the task now (and still every `ms`). */
  now(): Promise<void>
  stop(): void
}

/** Runs `task` every `ms`; a failure is logged as "<name> failed" and the next round comes all the same. */
export function every(ms: number, name: string, task: () => Promise<unknown>, log: Logger): Periodic {
  const run = () =>
    task().then(
      () => undefined,
      (error: unknown) => log.warn(`${name} failed`, { error: (error as Error).message }),
    )
  const timer = setInterval(() => void run(), ms)
  timer.unref()
  return { now: run, stop: () => clearInterval(timer) }
}
