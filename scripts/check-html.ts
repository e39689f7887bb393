// `npm run check:html`: every page of the build (dist/client) through the W3C Nu HTML Checker
// (the `vnu-jar` package, run with the machine's Java), failing on any error it reports. Its CSS parser does not know newer CSS (`@property`, which Tailwind writes), so its
// CSS messages are left out: the stylesheet is Tailwind's output, checked by the browsers' tests.
import { spawnSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

/** The checker itself, from the `vnu-jar` package (its script that would download a Java is not run). */
const VNU_JAR = path.join(path.dirname(fileURLToPath(import.meta.resolve('vnu-jar'))), 'build/dist/vnu.jar')

type Message = { type: string; subType?: string; url?: string; lastLine?: number; message: string }

/** The errors in the HTML (not in the inlined CSS) from the checker's JSON report. */
export function htmlProblems(report: string): Message[] {
  const { messages } = JSON.parse(report) as { messages: Message[] }
  return messages.filter((m) => m.type === 'error' && !m.message.startsWith('CSS:'))
}

if (import.meta.main) {
  const dir = path.resolve(process.argv[2] ?? 'dist/client')
  if (!statSync(dir, { throwIfNoEntry: false })) throw new Error(`${dir} is missing: run \`npm run build\` first.`)
  const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--skip-non-html', dir], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.error)
    throw new Error(`Java is needed for the HTML checker (Debian: default-jre-headless): ${run.error.message}`)
  const problems = htmlProblems(run.stderr)
  for (const m of problems)
    console.error(
      `${path.relative(dir, new URL(m.url ?? 'file:///').pathname)}:${m.lastLine ?? '?'}: ${m.type}: ${m.message}`,
    )
  if (problems.length > 0) {
    console.error(`check:html: ${problems.length} error(s)`)
    process.exit(1)
  }
  console.log(`check:html: every page of ${path.relative(process.cwd(), dir)} is valid HTML (W3C Nu checker)`)
}
