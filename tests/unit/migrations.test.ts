// The migrations' files and their list: every file in src/server/db/migrations/ named NNN-name.ts
// is listed in migrations.ts, in the order of its number, under the name its file says
// ('001-contact-submissions.ts' stores '001_contact_submissions'). A file left out of the list
// would never run; a name that changed would run again on every database that has it.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS, migrations } from '../../src/server/db/migrations.ts'
import type { KindMigration } from '../../src/server/db/migrations/shared.ts'

const DIR = path.resolve(import.meta.dirname, '../../src/server/db/migrations')
const FILES = readdirSync(DIR)
  .filter((file) => /^\d{3}-[a-z0-9-]+\.ts$/.test(file))
  .sort()

describe('the migration files', () => {
  it('are listed oldest first, one migration each, under the names their files give', async () => {
    const fromFiles: string[] = []
    for (const file of FILES) {
      const module: Record<string, KindMigration> = await import(path.join(DIR, file))
      const exported = Object.values(module)
      expect(exported, file).toHaveLength(1)
      expect(exported[0]!.name, file).toBe(file.replace(/\.ts$/, '').replaceAll('-', '_'))
      expect(MIGRATIONS, file).toContain(exported[0])
      fromFiles.push(exported[0]!.name)
    }
    expect(MIGRATIONS.map((m) => m.name)).toEqual(fromFiles)
  })

  it('keep the names the databases already store', () => {
    expect(Object.keys(migrations('sqlite'))).toEqual([
      '001_contact_submissions',
      '002_notification_outbox',
      '003_rate_limits',
      '004_admin',
      '005_inbox_indexes',
      '006_view_indexes_by_description',
      '007_lead_desk',
      '008_adopt_existing_table',
      '009_possible_spam',
      '010_alert_channels',
      '011_intake',
      '012_sources',
      '013_web_push',
      '014_alert_followups',
      '015_triage_queue',
      '016_last_action',
      '017_source_channels',
      '025_alert_tests',
      '026_site_speed',
      '027_bookings',
      '028_customers',
      '029_outcomes',
      '030_customer_mail',
      '031_users',
      '032_invitations',
      '034_site_releases',
      '036_passkeys',
      '037_session_address',
      '038_authors',
      '039_audit_totp',
      '040_report_indexes',
      '041_search_per_batch',
    ])
    expect(Object.keys(migrations('postgres'))).toEqual(Object.keys(migrations('sqlite')))
  })
})
