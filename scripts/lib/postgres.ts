// A throwaway PostgreSQL database per test file or benchmark run: created on the server every
// machine of this project runs at 127.0.0.1:5432 (TEST_PG_ADMIN_URL names another), and dropped
// afterwards. Never skipped: if PostgreSQL is down, the test fails.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export type TestDatabase = { url: string; name: string; drop(): Promise<void> }

export async function createTestDatabase(prefix = 'longbar_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}
