// 034: the site editor's releases (issue 23, docs/decisions/056-site-editor.md). One row per
// publish or undo: who, when, which records, the change as a readable diff, and the whole content
// folder's YAML as it was published (`content`, JSON: record → text), so that every instance
// serves the same release and an undo or a restart finds it again; `based_on`: the release it replaced, which an undo brings back (src/server/editor/releases.ts).
import { types, type KindMigration } from './shared.ts'

export const siteReleases: KindMigration = {
  name: '034_site_releases',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('site_releases')
      .ifNotExists()
      .addColumn('id', t.serial, (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('author', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('records', 'text', (c) => c.notNull())
      .addColumn('diff', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('based_on', 'integer')
      .execute()
  },
}
