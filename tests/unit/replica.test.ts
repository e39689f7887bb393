// LITESTREAM_REPLICA_URL as the server reads it (src/server/replica.ts): which addresses it
// takes, and the Litestream configuration each becomes.
import { describe, expect, it } from 'vitest'
import { litestreamConfig, replicaProblem } from '../../src/server/replica-url.ts'
import { parseEnv } from '../../src/server/env.ts'

const config = (replica: string) =>
  (JSON.parse(litestreamConfig('/data/longbar.sqlite', replica)) as { dbs: { path: string; replicas: unknown[] }[] })
    .dbs[0]!

describe('LITESTREAM_REPLICA_URL', () => {
  it.each([
    's3://bucket/site',
    's3://bucket/site?endpoint=http://127.0.0.1:9000&region=us-east-1',
    'sftp://u:p@host/srv/x',
    '/mnt/backup',
    'file:///mnt/backup',
  ])('takes %s', (url) => expect(replicaProblem(url)).toBeUndefined())

  it.each(['backups', 'http://example.com/x', 'sftp://host', 'gs://bucket/x'])(
    'refuses %s, saying what to write',
    (url) => expect(replicaProblem(url)).toMatch(/LITESTREAM_REPLICA_URL=.*(s3:\/\/bucket\/path|absolute path)/),
  )

  it('is checked at start, and refused with PostgreSQL', () => {
    const bad = parseEnv({ LITESTREAM_REPLICA_URL: 'backups' })
    expect(bad.ok).toBe(false)
    const withPg = parseEnv({ LITESTREAM_REPLICA_URL: '/mnt/b', DATABASE_URL: 'postgres://u@127.0.0.1/x' })
    expect(withPg.ok ? [] : withPg.errors).toEqual([
      expect.stringContaining('LITESTREAM_REPLICA_URL replicates SQLite'),
    ])
    const ok = parseEnv({ LITESTREAM_REPLICA_URL: 's3://bucket/site' })
    expect(ok.ok && ok.config.replicaUrl).toBe('s3://bucket/site')
  })

  it('becomes a configuration: a path, S3, an S3-compatible endpoint by path, SFTP as a URL; synced every second', () => {
    expect(config('/mnt/backup')).toEqual({
      path: '/data/longbar.sqlite',
      replicas: [expect.objectContaining({ type: 'file', path: '/mnt/backup', 'sync-interval': '1s' })],
    })
    expect(config('s3://bucket/sites/www').replicas[0]).toEqual(
      expect.objectContaining({ type: 's3', bucket: 'bucket', path: 'sites/www' }),
    )
    expect(config('s3://bucket/site?endpoint=http://127.0.0.1:9000&region=us-east-1').replicas[0]).toEqual(
      expect.objectContaining({
        type: 's3',
        bucket: 'bucket',
        path: 'site',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        'force-path-style': true,
      }),
    )
    expect(config('sftp://u:p@host/srv/x').replicas[0]).toEqual(
      expect.objectContaining({ url: 'sftp://u:p@host/srv/x' }),
    )
  })
})
