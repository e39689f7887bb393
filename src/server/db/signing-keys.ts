// The server's secret keys (table signing_keys, migration 027): 32 random bytes per name, made by
// the first instance that needs one and read by every other, so a link signed by one instance
// verifies on all of them and after a restart. Two instances making it at once agree: the insert
// does nothing when the row is there, and both then read the one row that won.
import { randomBytes } from 'node:crypto'
import type { Db } from './client.ts'

/** The key named `name`, made now if there is none yet. */
export async function signingKey(db: Db, name: string, now = new Date().toISOString()): Promise<Buffer> {
  await db.k
    .insertInto('signing_keys')
    .values({ name, key: randomBytes(32).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db.k.selectFrom('signing_keys').select('key').where('name', '=', name).executeTakeFirstOrThrow()
  return Buffer.from(row.key, 'base64url')
}
