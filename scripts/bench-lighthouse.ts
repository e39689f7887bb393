// `npm run bench:lighthouse [-- /path …]`: Lighthouse (mobile, default throttling) against the
// built server, 3 runs per page, printing the median scores, FCP, LCP, TBT, CLS and the bytes
// the page transferred by type. Needs `npm run build` first.
import lighthouse from 'lighthouse'
import { launchChromium } from './lib/chromium.ts'
import { median } from './lib/report.ts'
import { startServer } from './lib/server.ts'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const paths = process.argv.slice(2).filter((a) => a.startsWith('/'))
const pages = paths.length > 0 ? paths : ['/', '/about', '/services', '/contact']

type Run = {
  scores: Record<string, number>
  fcp: number
  lcp: number
  tbt: number
  cls: number
  bytes: Record<string, number>
  benchmarkIndex: number
}

/** Lighthouse's own advice on a failed trace (NO_NAVSTART, NO_FCP…) is to run again: up to 3 tries. */
const TRIES = 3

async function audit(url: string, port: number): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, port)
    } catch (error) {
      if (attempt >= TRIES) throw error
      console.error(`  (${(error as Error).message}; trying again)`)
    }
  }
}

async function auditOnce(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
  const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN)
  const bytes: Record<string, number> = {}
  const items =
    (
      lhr.audits['resource-summary']?.details as
        { items?: { resourceType: string; transferSize: number }[] } | undefined
    )?.items ?? []
  for (const item of items) bytes[item.resourceType] = item.transferSize
  const scores = Object.fromEntries(
    Object.entries(lhr.categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)]),
  )
  return {
    scores,
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    bytes,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  }
}

// DIST_DIR: another build to measure (an experiment beside this one).
const server = await startServer({
  LOG_LEVEL: 'info',
  ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
})
const chromium = await launchChromium(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'])
try {
  console.log(`Lighthouse ${RUNS}× per page, mobile, simulated slow 4G; medians. Server ${server.url}\n`)
  console.log('page'.padEnd(22), 'perf a11y  bp  seo    FCP     LCP    TBT   CLS   bytes: total doc script css other')
  const benchmarks: number[] = []
  for (const page of pages) {
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await audit(server.url + page, chromium.port))
    benchmarks.push(...runs.map((r) => r.benchmarkIndex))
    const m = (f: (r: Run) => number) => median(runs.map(f))
    const s = (k: string) => String(m((r) => r.scores[k] ?? 0)).padStart(4)
    const b = (k: string) => String(m((r) => r.bytes[k] ?? 0)).padStart(6)
    console.log(
      page.padEnd(22),
      `${s('performance')} ${s('accessibility')} ${s('best-practices')} ${s('seo')}`,
      `${(m((r) => r.fcp) / 1000).toFixed(2)}s`.padStart(7),
      `${(m((r) => r.lcp) / 1000).toFixed(2)}s`.padStart(7),
      `${Math.round(m((r) => r.tbt))}ms`.padStart(6),
      m((r) => r.cls)
        .toFixed(3)
        .padStart(5),
      `       ${b('total')} ${b('document')} ${b('script')} ${b('stylesheet')} ${b('other')}`,
    )
  }
  // TBT is the page's main-thread work ×4 (simulated throttling), measured on this machine: a
  // slower or busier host (lower index) shows more of it than a phone would.
  console.log(
    `\nHost CPU benchmark index (Lighthouse): median ${Math.round(median(benchmarks))}, ${Math.round(Math.min(...benchmarks))}–${Math.round(Math.max(...benchmarks))}`,
  )
} finally {
  await chromium.close()
  await server.stop()
}
