// "Add a town" in the site editor (issue 23, decision 060): a new town's draft made by the same
// rules as `npm run new:town` (src/catalogue/new-town.ts: its file, address and starter record),
// in one of the folder's counties, and written nowhere: it is checked, previewed and published
// like any record, and refused while it is a near-copy of the starter text (records.ts).
import { parse } from 'yaml'
import { invalidOptions, townFile, townPath, townRecord } from '../../catalogue/new-town.ts'
import type { ContentRecords } from './records.ts'

export type NewTownBody = { name: string; county: string }

export type NewTownDraft = { id: string; path: string; data: Record<string, unknown>; schema: Record<string, unknown> }

export function newTownDraft(
  records: ContentRecords,
  { name, county }: NewTownBody,
): { ok: true; draft: NewTownDraft } | { ok: false; status: 400 | 409; error: string } {
  const counties = records
    .list()
    .filter((e) => e.kind === 'county')
    .map((e) => e.name)
  if (!counties.includes(county))
    return { ok: false, status: 400, error: `Choose the county among ${counties.join(', ')}.` }
  const invalid = invalidOptions({ name, county })
  if (invalid) return { ok: false, status: 400, error: invalid.replace('this script', 'the site') }
  const id = townFile(name)
  const address = townPath(name)
  const taken = records.list().find((e) => e.path === address)
  if (taken) return { ok: false, status: 409, error: `${address} is already the address of ${taken.name}.` }
  if (!records.mayWrite(id)) return { ok: false, status: 409, error: `${id} already exists: open it instead.` }
  const data = parse(townRecord({ name, county })) as Record<string, unknown>
  return { ok: true, draft: { id, path: address, data, schema: records.schemaOf(id, data) } }
}
