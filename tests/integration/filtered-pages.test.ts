// A page of a view with filters and search words (src/server/db/submissions.ts listSubmissions): what
// the view holds that they select, in the view's order, on both databases; and on SQLite one walk
// down the view's index, the filters read from its entries, never a sort (views.ts
// throughViewIndex, decision 066).
import { CompiledQuery } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { listSubmissions, type InboxFilters } from '../../src/server/db/submissions.ts'
import { viewIndexName } from '../../src/server/db/views.ts'
import { VIEWS } from '../../src/lead/submission.ts'
import { DIRECT } from '../../src/lead/attribution.ts'
import type { Submission } from '../../src/lead/submission.ts'
import { STORAGE_KINDS } from '../../scripts/lib/storage.ts'
import { seedSubmissions } from '../../scripts/lib/seed.ts'
import { watchStatements } from '../../scripts/lib/statements.ts'
import { suiteDb } from '../helpers/suite-db.ts'

type Filters = Omit<InboxFilters, 'view'>

/** The filters and words of the inbox, each alone and together. */
const CASES: Filters[] = [
  { status: 'new' },
  { status: 'closed', service: 'maintenance' },
  { service: 'none' },
  { source: DIRECT },
  { source: 'Google Ads', status: 'completed' },
  { words: ['furnace'] },
  { words: ['whitaker', 'dana'] },
  { words: ['furnace'], status: 'contacted', service: 'heating-repair' },
  { words: ['zzqx'] },
  { status: 'scheduled', words: ['410 555'] },
]

/** What `filters` select, said in JavaScript over the items themselves. */
function selects(item: Submission, { status, service, source, words = [] }: Filters): boolean {
  if (status && item.status !== status) return false
  if (service === 'none' ? item.service !== null : service && item.service !== service) return false
  if (source === DIRECT ? item.source !== null && item.source !== DIRECT : source && item.source !== source)
    return false
  return words.every((word) => {
    const text = [item.name, item.email ?? '', item.message ?? ''].join('\n').toLowerCase()
    const digits = /^[\d\s().+\-/]+$/.test(word) ? word.replace(/\D/g, '') : ''
    return (
      text.includes(word.toLowerCase()) ||
      (digits.length >= 3 && (item.phone ?? '').replace(/\D/g, '').includes(digits))
    )
  })
}

describe.each(STORAGE_KINDS)('a page with filters and search words on %s', (kind) => {
  const suite = suiteDb(kind)
  beforeAll(async () => {
    await seedSubmissions(suite.db, 600, { days: 60 })
  })

  it("lists what its view holds that they select, in the view's order, page after page", async () => {
    for (const view of VIEWS) {
      const everything = (await listSubmissions(suite.db, { view, limit: 1000 })).items
      expect(everything.length, view).toBeGreaterThan(0)
      for (const filters of CASES) {
        const expected = everything.filter((item) => selects(item, filters)).map((item) => item.id)
        const listed: string[] = []
        let cursor: Awaited<ReturnType<typeof listSubmissions>>['nextCursor'] = null
        do {
          const page = await listSubmissions(suite.db, { view, limit: 20, ...filters, ...(cursor ? { cursor } : {}) })
          listed.push(...page.items.map((item) => item.id))
          cursor = page.nextCursor
        } while (cursor)
        expect(listed, `${view} ${JSON.stringify(filters)}`).toEqual(expected)
      }
    }
    // The cases find something, or the comparison above would prove little.
    const all = (await listSubmissions(suite.db, { view: 'all', limit: 1000 })).items
    for (const filters of CASES.filter((f) => !f.words?.includes('zzqx')))
      expect(all.filter((item) => selects(item, filters)).length, JSON.stringify(filters)).toBeGreaterThan(0)
  })
})

describe('a page with filters and search words on SQLite, as SQLite runs it', () => {
  const suite = suiteDb('SQLite')
  beforeAll(async () => {
    await seedSubmissions(suite.db, 600, { days: 60 })
  })

  it("walks the view's index in the page's order, never sorting", async () => {
    const runs: { source: string; values: unknown[] }[] = []
    const stop = watchStatements((source, values, run) => {
      runs.push({ source, values: values.flat() })
      return run()
    })
    // A connection of its own, opened while watched: every statement it prepares is seen running.
    const db = suite.storage.connect()
    try {
      for (const view of VIEWS)
        for (const filters of CASES) {
          await listSubmissions(db, { view, limit: 25, ...filters })
          const page = runs.findLast((r) => r.source.startsWith('select "id", "name"'))!
          const plan = (
            await db.k.executeQuery<{ detail: string }>(
              CompiledQuery.raw(`explain query plan ${page.source}`, page.values),
            )
          ).rows.map((row) => row.detail)
          expect(plan[0], page.source).toMatch(
            new RegExp(`^(SCAN|SEARCH) contact_submissions USING INDEX ${viewIndexName(view, 'sqlite')}( |$)`),
          )
          expect(plan.join(' | '), page.source).not.toContain('TEMP B-TREE')
        }
    } finally {
      stop()
      await db.close()
    }
  })
})
