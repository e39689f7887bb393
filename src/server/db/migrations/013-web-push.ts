// 013: Web Push to the owner's devices (docs/decisions/030-web-push.md): the server's VAPID key
// pair (made at first start, kept here so every instance signs with the same key and the devices
// stay subscribed across restarts), and one row per subscribed device.
import { sql } from 'kysely'
import { types, type KindMigration } from './shared.ts'

export const webPush: KindMigration = {
  name: '013_web_push',
  async up(db, kind) {
    const t = types(kind)
    await db.schema
      .createTable('push_keys')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('private_key', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', t.serial, (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('device', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('last_success_at', t.timestamp)
      .addColumn('last_failure_at', t.timestamp)
      .addColumn('last_error', 'text')
      .execute()
  },
}
