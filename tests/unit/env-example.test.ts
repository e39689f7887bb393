// .env.example against the variables the server reads (src/server/env.ts): it names each of them
// and no other, and the values it sets are the defaults, as its first lines say.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv, VARIABLES } from '../../src/server/env.ts'

const EXAMPLE = readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8')
const CWD = '/srv/app'

describe('.env.example', () => {
  it('names every variable the server reads, and no other', () => {
    const named = [...EXAMPLE.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1])
    expect(new Set(named)).toEqual(new Set(VARIABLES))
  })

  it('sets only the defaults', () => {
    const set: Record<string, string> = Object.fromEntries(
      [...EXAMPLE.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]),
    )
    expect(Object.keys(set).length).toBeGreaterThan(0)
    expect(parseEnv(set, CWD)).toEqual(parseEnv({}, CWD))
  })
})
