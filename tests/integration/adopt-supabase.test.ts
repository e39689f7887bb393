// Adopting the seed's Supabase table (docs/decisions/027-adopting-existing-data.md): a PostgreSQL
// database shaped as Supabase's (its API roles anon and authenticated, its default privileges,
// a table as its table editor makes it, with the seed's NOT NULL email and service, nullable
// flags, old rows with NULL statuses and flags, row-level security with policies, a trigger of
// the old system, a NOT NULL column the code does not know), owned by a role that is not a
// superuser, as Supabase's postgres is. The real server runs on it, connected as that owner.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUBMISSION_COLUMNS } from '../../src/lead/submission.ts'
import { adoptTable, closeToApiRoles, OWN_TABLES, API_ROLES } from '../../src/server/db/adopt.ts'
import { openDatabase, type Db } from '../../src/server/db/client.ts'
import { migrate, migrations, migratorFor } from '../../src/server/db/migrations.ts'
import { adminClient } from '../helpers/admin.ts'
import { createTestDatabase, PG_ADMIN_URL, type TestDatabase } from '../../scripts/lib/postgres.ts'
import { runServerUntilExit, startServer, type RunningServer } from '../../scripts/lib/server.ts'

const PASSWORD = 'adopted table password, long enough'
const ORIGIN = 'http://localhost:3000'

async function query<T = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}

const asRole = (url: string, role: string) => {
  const u = new URL(url)
  u.username = role
  return u.toString()
}

/** Supabase's API roles are cluster-wide: made once, kept (another test may be using them). */
async function ensureApiRoles(): Promise<void> {
  for (const role of API_ROLES) {
    await query(
      PG_ADMIN_URL,
      `do $$ begin create role ${role} nologin noinherit;
       exception when duplicate_object or unique_violation then null; end $$`,
    )
  }
}

/** As Supabase's table editor writes the seed's table (SPEC §3 columns), plus one column of the old system. */
const SUPABASE_TABLE = `
  create table public.contact_submissions (
    id uuid not null default gen_random_uuid(),
    name text not null,
    email text not null,
    phone text null,
    service text not null,
    message text null,
    created_at timestamp with time zone not null default now(),
    is_read boolean null default false,
    read_at timestamp with time zone null,
    status text null,
    is_client boolean null default false,
    client_since date null,
    next_delivery_date date null,
    delivery_frequency text null,
    delivery_notes text null,
    origin_site text not null,
    modified_at timestamp with time zone null default now(),
    constraint contact_submissions_pkey primary key (id)
  );
  create function public.touch_modified() returns trigger language plpgsql as
    $$ begin new.modified_at = now(); return new; end $$;
  create trigger contact_submissions_touch before update on public.contact_submissions
    for each row execute function public.touch_modified();
  alter table public.contact_submissions enable row level security;
  create policy "Anyone can send the form" on public.contact_submissions for insert to anon with check (true);
  create policy "Staff can read" on public.contact_submissions for select to authenticated using (true);
  create policy "Staff can update" on public.contact_submissions for update to authenticated using (true);`

const OLD = {
  complete: 'a0000000-0000-4000-8000-000000000001',
  nulls: 'a0000000-0000-4000-8000-000000000002',
  readNoFlag: 'a0000000-0000-4000-8000-000000000003',
  untouched: 'a0000000-0000-4000-8000-000000000004',
  awkward: 'a0000000-0000-4000-8000-000000000005',
}
const OLD_ROWS = `
  insert into public.contact_submissions (id, name, email, phone, service, message, created_at, is_read, read_at,
    status, is_client, client_since, next_delivery_date, delivery_frequency, delivery_notes, origin_site, modified_at)
  values
    ('${OLD.complete}', 'Marta Kowalski', 'marta@example.com', '(410) 555-0111', 'maintenance', 'Spring tune-up',
     '2024-05-01 13:45:12.123456+00', true, '2024-05-01 15:00:00+00', 'contacted', true, '2024-05-10', '2024-11-01',
     'Twice a year', 'Dog in the yard', 'lovable', '2024-05-10 09:00:00+00'),
    ('${OLD.nulls}', 'Ray Odum', 'ray@example.com', null, 'heating-repair', 'No heat', '2024-06-02 08:00:00+00',
     null, null, null, null, null, null, null, null, 'lovable', '2024-06-02 08:00:00+00'),
    ('${OLD.readNoFlag}', 'Lee Park', 'lee@example.com', '410-555-0133', 'ac-repair', null, '2024-07-03 18:30:00+00',
     null, '2024-07-04 09:00:00+00', 'scheduled', null, null, null, null, null, 'lovable', '2024-07-04 09:00:00+00'),
    ('${OLD.untouched}', 'Sam Diaz', 'sam@example.com', '4105550144', 'other', 'Quote please', '2024-08-04 12:00:00+00',
     false, null, 'new', false, null, null, null, null, 'lovable', '2024-08-04 12:00:00+00'),
    ('${OLD.awkward}', 'O''Brien, "Pat"', 'pat@example.com', null, 'commercial', E'Line one,\\nline "two"',
     '2024-09-05 07:15:00.5+00', false, null, 'closed', false, null, null, null, null, 'lovable', null)`

type RowState = { id: string; xmin: string; data: Record<string, unknown> }
const rowStates = async (url: string): Promise<Map<string, RowState>> =>
  new Map(
    (
      await query<RowState>(
        url,
        `select id::text, xmin::text, to_jsonb(t) as data from contact_submissions t order by id`,
      )
    ).map((r) => [r.id, r]),
  )

/** What the catalogue says of contact_submissions and our tables: columns, constraints, policies, grants, storage. */
const catalogue = (url: string) =>
  query(
    url,
    `select
      (select jsonb_agg(jsonb_build_array(column_name, data_type, is_nullable, column_default) order by column_name)
        from information_schema.columns where table_schema = 'public' and table_name = 'contact_submissions') as columns,
      (select jsonb_agg(conname::text order by conname) from pg_constraint where conrelid = 'contact_submissions'::regclass) as constraints,
      (select jsonb_agg(indexname::text order by indexname) from pg_indexes where tablename = 'contact_submissions') as indexes,
      (select jsonb_agg(jsonb_build_array(policyname, cmd, roles::text) order by policyname) from pg_policies
        where tablename = 'contact_submissions') as policies,
      (select jsonb_agg(jsonb_build_array(relname, relacl::text, relrowsecurity, relfilenode) order by relname)
        from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'S')) as relations`,
  )

/** The NULLs migration 008 fills in the old rows: flags false, or read when there is a read time; the status new. */
const FILLED: Record<string, Record<string, unknown>> = {
  [OLD.nulls]: { status: 'new', is_read: false, is_client: false },
  [OLD.readNoFlag]: { is_read: true, is_client: false },
}

/** Each old row's columns hold what they held, but for the NULLs filled (modified_at too: the trigger did not run). */
function expectOnlyFilled(before: Map<string, RowState>, after: Map<string, RowState>) {
  for (const [id, old] of before) {
    const now = after.get(id)!
    const originalColumns = Object.fromEntries(Object.keys(old.data).map((k) => [k, now.data[k]]))
    expect(originalColumns).toEqual({ ...old.data, ...FILLED[id] })
  }
}

const filenode = async (url: string) =>
  (
    await query<{ n: string }>(
      url,
      `select relfilenode::text as n from pg_class where oid = 'contact_submissions'::regclass`,
    )
  )[0]!.n

const migrationsIn = async (url: string) =>
  (await query<{ name: string }>(url, 'select name from kysely_migration order by name')).map((r) => r.name)

describe('adopting the seed’s Supabase table', () => {
  const run = randomBytes(4).toString('hex')
  const owner = `longbar_supabase_owner_${run}`
  const app = `longbar_app_${run}`
  let database: TestDatabase
  let ownerUrl: string
  let server: RunningServer
  let office: ReturnType<typeof adminClient>
  let before: Map<string, RowState>

  beforeAll(async () => {
    await ensureApiRoles()
    await query(PG_ADMIN_URL, `create role ${owner} login`)
    await query(PG_ADMIN_URL, `create role ${app} login`)
    database = await createTestDatabase('longbar_adopt')
    ownerUrl = asRole(database.url, owner)
    // As on Supabase: the project's owner is no superuser, and what it creates in public is
    // granted to the API roles by default.
    await query(database.url, `alter database ${database.name} owner to ${owner}`)
    await query(
      database.url,
      `grant usage on schema public to anon, authenticated;
       alter default privileges for role ${owner} in schema public grant all on tables to anon, authenticated;
       alter default privileges for role ${owner} in schema public grant all on sequences to anon, authenticated`,
    )
    await query(ownerUrl, SUPABASE_TABLE)
    await query(ownerUrl, OLD_ROWS)
    before = await rowStates(ownerUrl)

    server = await startServer({
      DATABASE_URL: ownerUrl,
      TRUST_PROXY: '1',
      ADMIN_PASSWORD: PASSWORD,
      PUBLIC_ORIGIN: ORIGIN,
    })
    office = adminClient(server.url, { origin: ORIGIN, password: PASSWORD })
    expect((await office.login()).status).toBe(200)
  })
  afterAll(async () => {
    await server?.stop()
    await database?.drop()
    // The database is gone, and with it everything the two roles owned or were granted.
    await query(PG_ADMIN_URL, `drop role if exists ${owner}`)
    await query(PG_ADMIN_URL, `drop role if exists ${app}`)
  })

  it('starts on it, applying every migration', async () => {
    const applied = server
      .records()
      .filter((r) => r.msg === 'migration applied')
      .map((r) => r.name)
    expect(applied).toContain('008_adopt_existing_table')
    expect(await migrationsIn(ownerUrl)).toEqual(Object.keys(migrations('postgres')).sort())
  })

  it('keeps the old rows’ data, but for the NULLs it filled (the old system’s trigger held off)', async () => {
    expectOnlyFilled(before, await rowStates(ownerUrl))
  })

  it('leaves the table as the description says: optional columns nullable, the others not, with defaults', async () => {
    const columns = await query<{ name: string; nullable: string; default: string | null }>(
      ownerUrl,
      `select column_name as name, is_nullable as nullable, column_default as default from information_schema.columns
       where table_schema = 'public' and table_name = 'contact_submissions'`,
    )
    const byName = new Map(columns.map((c) => [c.name, c]))
    for (const [name, described] of Object.entries(SUBMISSION_COLUMNS)) {
      if (described.kind === 'computed') continue
      expect(`${name}: ${byName.get(name)?.nullable}`).toBe(`${name}: ${described.nullable ? 'YES' : 'NO'}`)
    }
    for (const name of ['status', 'is_read', 'is_client', 'is_spam', 'urgent_open', 'after_hours', 'updated_at'])
      expect(byName.get(name)?.default, name).not.toBeNull()
    // The old system's own column: no value from us, so its NOT NULL went; its trigger, policies and RLS stay.
    expect(byName.get('origin_site')?.nullable).toBe('YES')
    const [state] = await query<{ rls: boolean; policies: string[]; triggers: string[] }>(
      ownerUrl,
      `select relrowsecurity as rls,
        (select array_agg(policyname::text order by policyname) from pg_policies where tablename = 'contact_submissions') as policies,
        (select array_agg(tgname::text) from pg_trigger where tgrelid = c.oid and not tgisinternal and tgenabled = 'O') as triggers
       from pg_class c where oid = 'contact_submissions'::regclass`,
    )
    expect(state).toEqual({
      rls: true,
      policies: ['Anyone can send the form', 'Staff can read', 'Staff can update'],
      triggers: ['contact_submissions_touch'],
    })
  })

  it('lists the old rows in the inbox, the filled ones as new and unread, and takes changes to them', async () => {
    const list = await office.call('GET', '/api/admin/submissions?limit=200')
    expect(list.status).toBe(200)
    const items = new Map((list.body.items as Record<string, unknown>[]).map((i) => [i.id as string, i]))
    for (const id of Object.values(OLD)) expect(items.has(id), id).toBe(true)
    expect(items.get(OLD.complete)).toMatchObject({
      name: 'Marta Kowalski',
      created_at: '2024-05-01T13:45:12.123Z',
      status: 'contacted',
      is_read: true,
      is_client: true,
      client_since: '2024-05-10',
      next_delivery_date: '2024-11-01',
      delivery_frequency: 'Twice a year',
    })
    expect(items.get(OLD.nulls)).toMatchObject({ status: 'new', is_read: false, is_client: false, phone: null })
    expect(items.get(OLD.awkward)).toMatchObject({ name: 'O\'Brien, "Pat"', message: 'Line one,\nline "two"' })

    const changed = await office.call('PATCH', `/api/admin/submissions/${OLD.nulls}`, {
      status: 'scheduled',
      is_client: true,
      client_since: '2024-06-10',
    })
    expect(changed.status).toBe(200)
    expect(changed.body.item).toMatchObject({ status: 'scheduled', is_client: true, is_read: true })
    const note = await office.call('POST', `/api/admin/submissions/${OLD.complete}/notes`, { text: 'Adopted fine' })
    expect(note.status).toBe(200)
  })

  it('stores new requests with and without an e-mail (201), and lists them', async () => {
    const send = (body: Record<string, unknown>, from: string) =>
      fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify(body),
      })
    const withEmail = await send(
      { name: `Adopt With ${run}`, phone: '(410) 555-0150', email: 'with@example.com', service: 'ac-repair' },
      '198.51.100.21',
    )
    const without = await send({ name: `Adopt Without ${run}`, phone: '(410) 555-0151' }, '198.51.100.22')
    expect([withEmail.status, without.status]).toEqual([201, 201])
    const found = await office.call('GET', `/api/admin/submissions?q=${run}`)
    const names = (found.body.items as { name: string; email: string | null; status: string }[]).map((i) => [
      i.name,
      i.email,
      i.status,
    ])
    expect(names.sort()).toEqual([
      [`Adopt With ${run}`, 'with@example.com', 'new'],
      [`Adopt Without ${run}`, null, 'new'],
    ])
  })

  it('still takes a request from the old site (its anon policy) and shows it in the inbox with our defaults', async () => {
    await query(
      database.url,
      `set role anon; insert into contact_submissions (name, email, service, origin_site) values ($1, 'old@example.com', 'other', 'lovable')`.replace(
        '$1',
        `'Old Site ${run}'`,
      ),
    )
    const found = await office.call('GET', `/api/admin/submissions?q=${encodeURIComponent(`Old Site ${run}`)}`)
    expect(found.body.items).toMatchObject([{ status: 'new', is_read: false, is_client: false, is_spam: false }])
  })

  it('keeps Supabase’s API roles out of the tables our migrations made (they keep the form’s table)', async () => {
    const tables = await query<{ name: string }>(
      ownerUrl,
      `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'
       and relname <> 'contact_submissions' order by 1`,
    )
    // A migration that adds a table adds it to OWN_TABLES.
    expect(tables.map((t) => t.name)).toEqual([...OWN_TABLES].sort())
    const reach = await query<{ role: string; relation: string }>(
      ownerUrl,
      `select r.role, c.relname as relation from unnest($1::text[]) r(role)
       cross join pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'S')
       and (has_table_privilege(r.role, c.oid, 'select') or has_table_privilege(r.role, c.oid, 'insert')
         or has_table_privilege(r.role, c.oid, 'update') or has_table_privilege(r.role, c.oid, 'delete'))
       order by 1, 2`,
      [API_ROLES],
    )
    expect(reach).toEqual(API_ROLES.map((role) => ({ role, relation: 'contact_submissions' })))
  })

  it('changes nothing when the migrations run again', async () => {
    const catalogueBefore = await catalogue(ownerUrl)
    const rowsBefore = await rowStates(ownerUrl)
    const db: Db = openDatabase({ kind: 'postgres', url: ownerUrl })
    try {
      const again = await migrate(db)
      expect(again.results).toEqual([])
      expect(again.viewIndexes).toEqual({ created: [], dropped: [] })
      expect(await db.transact((trx) => adoptTable(trx as never))).toEqual([])
      expect(await closeToApiRoles(db)).toEqual([])
    } finally {
      await db.close()
    }
    expect(await catalogue(ownerUrl)).toEqual(catalogueBefore)
    expect(await rowStates(ownerUrl)).toEqual(rowsBefore)
  })

  it('stops a server whose role row-level security applies to, saying what to do', async () => {
    await query(
      ownerUrl,
      `grant select, insert, update, delete on all tables in schema public to ${app};
       grant usage on all sequences in schema public to ${app}`,
    )
    const { code, output } = await runServerUntilExit({
      DATABASE_URL: asRole(database.url, app),
      HOST: '127.0.0.1',
      PORT: '0',
    })
    expect(code).toBe(1)
    expect(output).toContain('row-level security is on')
    expect(output).toContain(`the server connects as ${app}, not as the table's owner ${owner}`)
    expect(output).toContain(`no policy letting ${app} SELECT, INSERT, UPDATE, DELETE`)
  })
})

describe('migration 008 elsewhere', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('longbar_adopt')
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('changes nothing in a database made by migrations 001–007', async () => {
    const db = openDatabase({ kind: 'postgres', url: database.url })
    try {
      const migrator = migratorFor(db)
      expect((await migrator.migrateTo('007_lead_desk')).error).toBeUndefined()
      const made = await catalogue(database.url)
      expect(await db.transact((trx) => adoptTable(trx as never))).toEqual([])
      const { results } = await migrator.migrateTo('008_adopt_existing_table')
      expect(results?.map((r) => [r.migrationName, r.status])).toEqual([['008_adopt_existing_table', 'Success']])
      expect(await catalogue(database.url)).toEqual(made)
    } finally {
      await db.close()
    }
  })

  it('rewrites no row of an adopted table but those whose NULLs it fills, and rebuilds nothing', async () => {
    const supabase = await createTestDatabase('longbar_adopt')
    const db = openDatabase({ kind: 'postgres', url: supabase.url })
    try {
      await query(supabase.url, SUPABASE_TABLE)
      await query(supabase.url, OLD_ROWS)
      const migrator = migratorFor(db)
      // 001–007 first (005's stored generated columns make PostgreSQL copy the table once), then 008 alone.
      expect((await migrator.migrateTo('007_lead_desk')).error).toBeUndefined()
      const [rows, file] = [await rowStates(supabase.url), await filenode(supabase.url)]
      expect((await migrator.migrateTo('008_adopt_existing_table')).error).toBeUndefined()
      const after = await rowStates(supabase.url)
      expectOnlyFilled(rows, after)
      for (const [id, row] of rows) if (!FILLED[id]) expect(after.get(id)?.xmin, id).toBe(row.xmin)
      expect(await filenode(supabase.url)).toBe(file)
    } finally {
      await db.close()
      await supabase.drop()
    }
  })

  it('refuses column types the code cannot use before any migration runs, naming the fix', async () => {
    const other = await createTestDatabase('longbar_adopt')
    await query(
      other.url,
      `create table contact_submissions (id bigint generated by default as identity primary key, name text not null,
        created_at timestamp default now(), is_read text, status text)`,
    )
    const db = openDatabase({ kind: 'postgres', url: other.url })
    try {
      const error = await migrate(db).then(
        () => undefined,
        (e: unknown) => e as Error,
      )
      expect(error?.message).toContain('id is bigint; the server needs uuid')
      expect(error?.message).toContain(
        "created_at is timestamp without time zone; the server needs timestamptz: alter table contact_submissions alter column created_at type timestamptz using created_at at time zone 'UTC'",
      )
      expect(error?.message).toContain('is_read is text; the server needs boolean')
      const [{ found }] = (await query<{ found: boolean }>(
        other.url,
        `select to_regclass('kysely_migration') is not null as found`,
      )) as [{ found: boolean }]
      expect(found).toBe(false)
    } finally {
      await db.close()
      await other.drop()
    }
  })
})
