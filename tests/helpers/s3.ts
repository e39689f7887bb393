// A local S3-compatible server (s3rver, files in a folder of its own) for the restore drill's
// test: its one account's keys are S3RVER/S3RVER, and it checks request signatures.
// s3rver 3.7 lists no common prefix for keys two or more folders below the prefix when a
// delimiter is given (its folder walk stops above them), and Litestream lists its generations
// that way: listings with a delimiter are made here from its full listing instead.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../../scripts/lib/server.ts'

type Listing = { objects: { key: string }[]; commonPrefixes: string[]; isTruncated: boolean }
type ListOptions = { delimiter?: string; prefix?: string; maxKeys?: number; startAfter?: string }
type S3rverServer = {
  run(): Promise<unknown>
  close(): Promise<void>
  store: { listObjects(bucket: string, options: ListOptions): Promise<Listing> }
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverServer

export type LocalS3 = {
  /** A LITESTREAM_REPLICA_URL for `bucket`. */
  replicaUrl: string
  /** The environment Litestream needs for it (the keys). */
  env: Record<string, string>
  close(): Promise<void>
}

export async function startLocalS3(bucket = 'longbar-drill'): Promise<LocalS3> {
  // @ts-expect-error s3rver ships no type declarations (its shape is S3rverClass above).
  const { default: S3rver } = (await import('s3rver')) as { default: S3rverClass }
  const directory = mkdtempSync(path.join(tmpdir(), 'longbar-s3-'))
  const port = await freePort()
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  })
  const list = server.store.listObjects.bind(server.store)
  server.store.listObjects = async (bucket, { delimiter, maxKeys = Infinity, ...options }) => {
    const all = await list(bucket, { ...options, maxKeys: Infinity })
    if (!delimiter) return { ...all, objects: all.objects.slice(0, maxKeys), isTruncated: all.objects.length > maxKeys }
    const prefix = options.prefix ?? ''
    const below = (key: string) => key.slice(prefix.length).indexOf(delimiter)
    const commonPrefixes = new Set(
      all.objects.filter((o) => below(o.key) !== -1).map((o) => o.key.slice(0, prefix.length + below(o.key) + 1)),
    )
    const objects = all.objects.filter((o) => below(o.key) === -1)
    return {
      objects: objects.slice(0, maxKeys),
      commonPrefixes: [...commonPrefixes].sort(),
      isTruncated: objects.length > maxKeys,
    }
  }
  await server.run()
  return {
    replicaUrl: `s3://${bucket}/site?endpoint=http://127.0.0.1:${port}&region=us-east-1`,
    env: { LITESTREAM_ACCESS_KEY_ID: 'S3RVER', LITESTREAM_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
