// Adopting an existing contact_submissions table (the seed's, on Supabase's PostgreSQL), as
// docs/decisions/027-adopting-existing-data.md explains:
// - checkAdoptable, before the migrations at every start: the table's columns are of types the
//   code can read and write, its ids can be referenced, and the server's role sees every row
//   (row-level security); otherwise it stops with what is wrong and the statement that fixes it.
// - adoptTable, migration 008: its constraints relaxed where ours are looser and tightened where
//   ours require a value (after filling only the NULLs), the defaults added; no data rewritten.
// - closeToApiRoles, after the migrations at every start: Supabase's API roles (anon,
//   authenticated) get no access to the tables our migrations made, which its default
//   privileges would otherwise open to anyone holding the project's public key.
// SQLite tables are always ours: all three do nothing there.
import { sql, type Kysely } from 'kysely'
import { STATUSES, SUBMISSION_COLUMNS, type ColumnKind } from '../../lead/submission.ts'
import type { Db } from './client.ts'

/** The tables our migrations create beside contact_submissions (Kysely's two included). */
export const OWN_TABLES = [
  'admin_credentials',
  'admin_sessions',
  'alert_tests',
  'audit_log',
  'booking_days',
  'bookings',
  'call_counts',
  'customer_merges',
  'customer_mails',
  'invitations',
  'kysely_migration',
  'kysely_migration_lock',
  'mail_suppressions',
  'notification_outbox',
  'passkey_challenges',
  'passkeys',
  'push_keys',
  'push_subscriptions',
  'rate_limits',
  'recovery_codes',
  'signing_keys',
  'site_releases',
  'spam_digests',
  'submission_activity',
  'users',
  'vitals_counts',
] as const

/** Supabase's roles behind its public API key (PostgREST): they must not reach our tables. */
export const API_ROLES = ['anon', 'authenticated'] as const

type PgColumn = {
  name: string
  /** pg_type.typname: text, varchar, timestamptz, bool… */
  type: string
  /** As PostgreSQL writes it: "timestamp without time zone", "character varying(50)"… */
  display: string
  /** e: an enum. */
  typtype: string
  enum_labels: string[] | null
  not_null: boolean
  has_default: boolean
  generated: boolean
  identity: boolean
}

async function tableExists(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{
    found: boolean
  }>`select to_regclass('contact_submissions') is not null as found`.execute(db)
  return rows[0]?.found === true
}

async function pgColumns(db: Kysely<unknown>): Promise<PgColumn[]> {
  const { rows } = await sql<PgColumn>`
    select a.attname as name, t.typname as type, format_type(a.atttypid, a.atttypmod) as display, t.typtype,
      (select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as enum_labels,
      a.attnotnull as not_null, a.atthasdef as has_default, a.attgenerated <> '' as generated,
      a.attidentity <> '' as identity
    from pg_attribute a join pg_type t on t.oid = a.atttypid
    where a.attrelid = 'contact_submissions'::regclass and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db)
  return rows
}

/** The PostgreSQL types a column of each kind may have: the code writes and reads them as its own. */
const ACCEPTED: Record<Exclude<ColumnKind, 'computed'>, { types: string[]; ours: string }> = {
  uuid: { types: ['uuid'], ours: 'uuid' },
  text: { types: ['text', 'varchar', 'citext'], ours: 'text' },
  date: { types: ['date'], ours: 'date' },
  timestamp: { types: ['timestamptz'], ours: 'timestamptz' },
  flag: { types: ['bool'], ours: 'boolean' },
  integer: { types: ['int2', 'int4', 'int8'], ours: 'bigint' },
}

/** What is wrong with a column's type for the code, with the statement that converts it; or undefined. */
function typeProblem(column: PgColumn): string | undefined {
  const described = SUBMISSION_COLUMNS[column.name as keyof typeof SUBMISSION_COLUMNS] as
    (typeof SUBMISSION_COLUMNS)[keyof typeof SUBMISSION_COLUMNS] | undefined
  if (!described || described.kind === 'computed') return undefined
  const { types, ours } = ACCEPTED[described.kind]
  if (types.includes(column.type)) return undefined
  // An enum of statuses works as text, as long as it has every status the inbox sets.
  if (column.name === 'status' && column.typtype === 'e') {
    const missing = STATUSES.filter((s) => !column.enum_labels?.includes(s))
    if (missing.length === 0) return undefined
    return `status is an enum (${column.display}) without ${missing.join(', ')}: ${missing
      .map((s) => `alter type ${column.display} add value '${s}';`)
      .join(' ')}`
  }
  const using = column.type === 'timestamp' ? `${column.name} at time zone 'UTC'` : `${column.name}::${ours}`
  return `${column.name} is ${column.display}; the server needs ${ours}: alter table contact_submissions alter column ${column.name} type ${ours} using ${using}; (this rewrites the table: take a backup first)`
}

/** An error that says what to change in the database before the server can use it. */
class AdoptionError extends Error {
  constructor(problems: string[]) {
    super(
      `contact_submissions cannot be used as it is (docs/operations.md, "Moving from Supabase"):\n${problems
        .map((p) => `  - ${p}`)
        .join('\n')}`,
    )
    this.name = 'AdoptionError'
  }
}

/**
 * Checks that an existing contact_submissions is one the server can work with, before any
 * migration touches it: its columns' types, a unique id (the timeline refers to it), and rows
 * the server's role can all read and write. Throws an AdoptionError listing every problem.
 */
export async function checkAdoptable(db: Db): Promise<void> {
  if (db.kind !== 'postgres') return
  const k = db.k as unknown as Kysely<unknown>
  if (!(await tableExists(k))) return
  const problems: string[] = []
  for (const column of await pgColumns(k)) {
    const problem = typeProblem(column)
    if (problem) problems.push(problem)
  }
  const { rows: keyed } = await sql<{ unique: boolean }>`
    select exists (select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
      where i.indrelid = 'contact_submissions'::regclass and (i.indisprimary or i.indisunique)
        and i.indnkeyatts = 1 and i.indpred is null and a.attname = 'id') as unique`.execute(k)
  if (keyed[0]?.unique === false)
    problems.push(
      'id is missing or not unique (the timeline refers to it): alter table contact_submissions add primary key (id);',
    )
  problems.push(...(await rowSecurityProblems(k)))
  if (problems.length > 0) throw new AdoptionError(problems)
}

/**
 * Row-level security hides rows from a role it applies to: a SELECT returns fewer rows (none)
 * without an error, an INSERT fails. It does not apply to the table's owner (unless FORCE ROW
 * LEVEL SECURITY), a superuser or a BYPASSRLS role. Where it applies, every command the server
 * runs needs a policy for its role; a policy's condition is the operator's, and is trusted.
 */
async function rowSecurityProblems(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ active: boolean; role: string; owner: string; forced: boolean }>`
    select row_security_active('contact_submissions') as active, current_user as role,
      pg_get_userbyid(c.relowner) as owner, c.relforcerowsecurity as forced
    from pg_class c where c.oid = 'contact_submissions'::regclass`.execute(db)
  const state = rows[0]
  if (!state?.active) return []
  const { rows: covered } = await sql<{ cmd: string }>`
    select distinct cmd from pg_policies
    where schemaname = current_schema() and tablename = 'contact_submissions' and permissive = 'PERMISSIVE'
      and exists (select 1 from unnest(roles) r where r = 'public' or pg_has_role(current_user, r, 'MEMBER'))`.execute(
    db,
  )
  const commands = covered.map((c) => c.cmd)
  const missing = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'].filter(
    (c) => !commands.includes(c) && !commands.includes('ALL'),
  )
  if (missing.length === 0) return []
  const why = state.forced
    ? `its owner ${state.role} is subject to it (FORCE ROW LEVEL SECURITY)`
    : `the server connects as ${state.role}, not as the table's owner ${state.owner}`
  return [
    `row-level security is on and ${why}, with no policy letting ${state.role} ${missing.join(', ')}: the inbox would miss rows and new requests would be refused. Connect as ${state.owner} (Supabase: the postgres user), or ${
      state.forced
        ? 'alter table contact_submissions no force row level security;'
        : `alter role ${state.role} bypassrls; (or create policy longbar_server on contact_submissions for all to ${state.role} using (true) with check (true);)`
    }`,
  ]
}

// ---------------------------------------------------------------------------------------------
// Migration 008. Frozen as of migration 007, as a migration is: a later change to the stored
// request is a new migration, not an edit here.

/** The columns that may be empty, as migrations 001–007 leave them, by type: the seed's, then ours. */
const OPTIONAL: [type: string, names: string[]][] = [
  ['text', ['email', 'phone', 'service', 'message', 'delivery_frequency', 'delivery_notes']],
  ['timestamptz', ['read_at']],
  ['date', ['client_since', 'next_delivery_date']],
  ['text', ['source_page', 'referrer', 'spam_reason', 'urgency']],
  ['timestamptz', ['first_contact_at', 'deleted_at']],
  ['date', ['follow_up_on']],
  ['bigint', ['response_ms']],
]

/**
 * The columns that must hold a value: their type, what fills an old row's NULL, and the default
 * an insert that leaves it out gets.
 */
const REQUIRED: Record<string, { type: string; fill: string; default?: string }> = {
  id: { type: 'uuid', fill: 'gen_random_uuid()', default: 'gen_random_uuid()' },
  name: { type: 'text', fill: "''" },
  // A request was read after it came in; when neither is known, the adoption is the best guess.
  created_at: { type: 'timestamptz', fill: 'coalesce(read_at, now())', default: 'now()' },
  updated_at: { type: 'timestamptz', fill: 'coalesce(created_at, now())', default: 'now()' },
  // read_at is set only by "Mark as Read" (SPEC §7): a request with one was read.
  is_read: { type: 'boolean', fill: 'read_at is not null', default: 'false' },
  status: { type: 'text', fill: "'new'", default: "'new'" },
}
for (const flag of ['is_client', 'is_spam', 'urgent_open', 'after_hours'])
  REQUIRED[flag] = { type: 'boolean', fill: 'false', default: 'false' }

/** contact_submissions as migrations 001–007 leave it (frozen here, as a migration is). */
const COLUMNS: Record<string, { type: string; fill?: string; default?: string }> = {
  ...Object.fromEntries(OPTIONAL.flatMap(([type, names]) => names.map((name) => [name, { type }]))),
  ...REQUIRED,
}

/**
 * Brings an existing contact_submissions to what the code needs, in the migration's transaction:
 * - the seed's columns it lacks added (migration 001 added only ours to an existing table);
 * - NOT NULL dropped on the columns that may be empty, and on columns of the old table the code
 *   does not know that have no default (an insert of ours leaves them out);
 * - on the columns that must hold a value: the NULLs of old rows filled (only those rows are
 *   written, with the table's own triggers held off, so no trigger of the old system touches
 *   them), then NOT NULL; and the default where there is none.
 * Row-level security, policies, CHECK constraints, other indexes and triggers are left as they
 * are; no column changes type (checkAdoptable has refused the types the code cannot use).
 * Idempotent: on a table already adopted, or made by migrations 001–007, it changes nothing.
 * Says what it changed.
 */
export async function adoptTable(db: Kysely<unknown>): Promise<string[]> {
  if (!(await tableExists(db))) return []
  const changes: string[] = []
  const id = (name: string) => sql.id(name)

  const before = new Set((await pgColumns(db)).map((c) => c.name))
  for (const [name, { type, default: value }] of Object.entries(COLUMNS)) {
    if (before.has(name)) continue
    const withDefault = value ? sql` default ${sql.raw(value)}` : sql``
    await sql`alter table contact_submissions add column ${id(name)} ${sql.raw(type)}${withDefault}`.execute(db)
    changes.push(`${name}: added`)
  }
  const columns = await pgColumns(db)

  for (const c of columns) {
    const ours = COLUMNS[c.name]
    if (c.generated || ours?.fill) continue
    const foreignWithoutValue = !ours && !c.has_default && !c.identity
    if (c.not_null && (ours !== undefined || foreignWithoutValue)) {
      await sql`alter table contact_submissions alter column ${id(c.name)} drop not null`.execute(db)
      changes.push(`${c.name}: NOT NULL dropped`)
    }
  }

  const required = columns.flatMap((c) => {
    const fill = COLUMNS[c.name]?.fill
    return fill ? [{ ...c, fill, default: COLUMNS[c.name]?.default }] : []
  })
  const toFill: typeof required = []
  for (const c of required) {
    if (c.not_null) continue
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from contact_submissions
      where ${id(c.name)} is null`.execute(db)
    if ((rows[0]?.n ?? 0) > 0) toFill.push(c)
  }
  if (toFill.length > 0) {
    await withTriggersOff(db, async () => {
      for (const c of toFill) {
        const { numAffectedRows } = await sql`update contact_submissions set ${id(c.name)} = ${sql.raw(c.fill)}
          where ${id(c.name)} is null`.execute(db)
        changes.push(`${c.name}: ${Number(numAffectedRows ?? 0)} empty value(s) filled with ${c.fill}`)
      }
    })
  }
  for (const c of required) {
    if (!c.not_null) {
      await sql`alter table contact_submissions alter column ${id(c.name)} set not null`.execute(db)
      changes.push(`${c.name}: NOT NULL set`)
    }
    if (c.default && !c.has_default && !c.identity) {
      await sql`alter table contact_submissions alter column ${id(c.name)} set default ${sql.raw(c.default)}`.execute(
        db,
      )
      changes.push(`${c.name}: default ${c.default}`)
    }
  }
  return changes
}

/** Runs `work` with the table's enabled triggers off, then turns each back on as it was. */
export async function withTriggersOff(db: Kysely<unknown>, work: () => Promise<void>): Promise<void> {
  const { rows: triggers } = await sql<{ name: string; mode: string }>`
    select tgname as name, tgenabled as mode from pg_trigger
    where tgrelid = 'contact_submissions'::regclass and not tgisinternal and tgenabled <> 'D'`.execute(db)
  for (const t of triggers) await sql`alter table contact_submissions disable trigger ${sql.id(t.name)}`.execute(db)
  await work()
  for (const t of triggers) {
    const how = t.mode === 'A' ? sql`always ` : t.mode === 'R' ? sql`replica ` : sql``
    await sql`alter table contact_submissions enable ${how}trigger ${sql.id(t.name)}`.execute(db)
  }
}

/**
 * Takes from Supabase's API roles every privilege on our own tables (and their sequences), which
 * Supabase's default privileges grant to anything created in its public schema: otherwise the
 * project's public key would read the admin's password hash and sessions through its REST API.
 * contact_submissions keeps its grants and policies (the old site may still write to it).
 * Returns what it revoked; a no-op where the roles do not exist or hold nothing.
 */
export async function closeToApiRoles(db: Db): Promise<string[]> {
  if (db.kind !== 'postgres') return []
  const { rows } = await sql<{ relation: string; grantee: string }>`
    with own as (
      select c.oid from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and c.relname = any(${[...OWN_TABLES]})
      union
      select d.objid from pg_depend d join pg_class s on s.oid = d.objid
      where s.relkind = 'S' and d.deptype in ('a', 'i') and d.refobjid in (
        select c.oid from pg_class c
        where c.relnamespace = current_schema()::regnamespace and c.relname = any(${[...OWN_TABLES]}))
    )
    select distinct c.relname as relation, r.rolname as grantee
    from pg_class c cross join lateral aclexplode(c.relacl) acl join pg_roles r on r.oid = acl.grantee
    where c.oid in (select oid from own) and r.rolname = any(${[...API_ROLES]})
    order by 1, 2`.execute(db.k)
  for (const { relation, grantee } of rows) {
    await sql`revoke all on ${sql.id(relation)} from ${sql.id(grantee)}`.execute(db.k)
  }
  return rows.map((r) => `${r.relation}: ${r.grantee}`)
}
