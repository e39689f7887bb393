// LITESTREAM_REPLICA_URL (docs/operations.md, "Off-machine backups"): the addresses it takes, and
// the Litestream configuration each becomes. Read by env.ts at start and by replica.ts, which runs
// Litestream.
import path from 'node:path'

/** How often Litestream ships the log: a crash loses at most about this much (the RPO). */
export const SYNC_INTERVAL = '1s'

/** Whether `text` names a replica Litestream can write to; the problem in words if not. */
export function replicaProblem(text: string): string | undefined {
  if (path.isAbsolute(text) || text.startsWith('file://')) return undefined
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return `LITESTREAM_REPLICA_URL=${text} is not a URL or an absolute path.`
  }
  if (url.protocol === 's3:' && url.hostname) return undefined
  if (url.protocol === 'sftp:' && url.hostname && url.pathname.length > 1) return undefined
  return `LITESTREAM_REPLICA_URL=${text} is not a replica Litestream knows. Use s3://bucket/path (with ?endpoint=https://… for S3-compatible storage), sftp://user@host/path or an absolute path.`
}

/** Litestream's configuration (YAML is a superset of JSON) for `dbFile` replicated to `replica`. */
export function litestreamConfig(dbFile: string, replica: string): string {
  const common = { 'sync-interval': SYNC_INTERVAL, 'snapshot-interval': '24h', retention: '168h' }
  let target: Record<string, unknown>
  if (path.isAbsolute(replica) || replica.startsWith('file://')) {
    target = { type: 'file', path: replica.replace(/^file:\/\//, '') }
  } else {
    const url = new URL(replica)
    if (url.protocol === 's3:') {
      const endpoint = url.searchParams.get('endpoint')
      target = {
        type: 's3',
        bucket: url.hostname,
        path: url.pathname.replace(/^\//, ''),
        ...(url.searchParams.get('region') ? { region: url.searchParams.get('region') } : {}),
        // An S3-compatible server at its own address: addressed by path (bucket in the path).
        ...(endpoint ? { endpoint, 'force-path-style': true } : {}),
      }
    } else {
      target = { url: replica }
    }
  }
  return `${JSON.stringify({ dbs: [{ path: dbFile, replicas: [{ ...target, ...common }] }] }, null, 2)}\n`
}
