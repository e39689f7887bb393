// The bare-machine kit in deploy/ checked by the tools that will read it: the systemd unit by
// `systemd-analyze verify` (no warning at all: systemd ignores a bad setting with only a
// warning, so a sandboxing option misspelled would silently not apply), the Caddyfile by
// `caddy validate`, as compose.yaml and a bare machine use it. Debian's systemd and caddy
// packages (.ci/run installs caddy). compose.yaml is read for what it must say (no compose tool
// runs here; npm run test:image runs the image itself).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const DEPLOY = path.resolve(import.meta.dirname, '../../deploy')
const UNIT = path.join(DEPLOY, 'longbar.service')

const verify = (file: string) => {
  const run = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' })
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() }
}

describe('deploy/longbar.service', () => {
  it('passes systemd-analyze verify without a warning', () => {
    expect(verify(UNIT)).toEqual({ status: 0, output: '' })
  })

  it('is sandboxed: its own user, a read-only system, no privileges, only its state directory writable', () => {
    const unit = readFileSync(UNIT, 'utf8')
    for (const line of [
      'DynamicUser=yes',
      'StateDirectory=longbar',
      'ProtectSystem=strict',
      'ProtectHome=yes',
      'NoNewPrivileges=yes',
      'CapabilityBoundingSet=',
      'PrivateDevices=yes',
      'SystemCallFilter=@system-service',
      'ExecStart=/usr/bin/node src/server/main.ts',
    ])
      expect(unit.split('\n')).toContain(line)
  })

  it('would be caught with a misspelled option (the check above is not blind)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'longbar-unit-'))
    const bad = path.join(dir, 'longbar.service')
    writeFileSync(bad, readFileSync(UNIT, 'utf8').replace('ProtectSystem=strict', 'ProtectSystem=strickt'))
    expect(verify(bad).output).toContain('strickt')
  })
})

describe('deploy/Caddyfile', () => {
  const validate = (env: Record<string, string>) =>
    spawnSync('caddy', ['validate', '--config', path.join(DEPLOY, 'Caddyfile'), '--adapter', 'caddyfile'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...env },
    })

  it.each([
    ['a bare machine (the site on 127.0.0.1:3000)', { SITE_DOMAIN: 'www.example.com' }],
    ['compose, one instance', { SITE_DOMAIN: 'www.example.com', UPSTREAMS: 'site:3000' }],
    [
      'compose with the pg profile, two instances',
      { SITE_DOMAIN: 'www.example.com', UPSTREAMS: 'site:3000 site-2:3000' },
    ],
  ])('is valid for %s', (_, env) => {
    const run = validate(env)
    expect(run.status, run.stderr).toBe(0)
    expect(`${run.stdout}${run.stderr}`).toContain('Valid configuration')
  })

  it('proxies SITE_DOMAIN to the upstreams with health checks on /healthz', () => {
    const run = spawnSync('caddy', ['adapt', '--config', path.join(DEPLOY, 'Caddyfile'), '--adapter', 'caddyfile'], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        HOME: tmpdir(),
        SITE_DOMAIN: 'www.example.com',
        UPSTREAMS: 'site:3000 site-2:3000',
      },
    })
    expect(run.status, run.stderr).toBe(0)
    const json = run.stdout
    expect(json).toContain('"www.example.com"')
    expect(json).toContain('"dial":"site:3000"')
    expect(json).toContain('"dial":"site-2:3000"')
    expect(json).toContain('"uri":"/healthz"')
  })
})

describe('compose.yaml', () => {
  type Service = {
    profiles?: string[]
    environment?: Record<string, string>
    volumes?: string[]
    ports?: string[]
    build?: { args?: Record<string, string> }
  }
  const compose = parse(readFileSync(path.resolve(DEPLOY, '../compose.yaml'), 'utf8'), { merge: true }) as {
    services: Record<string, Service>
  }
  const { site, caddy, postgres, 'site-2': second } = compose.services

  it('runs the site behind Caddy by default, with HTTPS for SITE_DOMAIN and its one proxy trusted', () => {
    expect(site?.profiles).toBeUndefined()
    expect(caddy?.profiles).toBeUndefined()
    expect(site?.environment).toMatchObject({ TRUST_PROXY: 'true' })
    expect(site?.environment?.PUBLIC_ORIGIN).toMatch(/^https:\/\/\$\{SITE_DOMAIN/)
    expect(site?.build?.args?.NODE_IMAGE).toContain('node:24-bookworm-slim')
    // The site rendered at start from the content folder beside compose.yaml (decision 048).
    expect(site?.volumes).toEqual(['site-data:/data', '${CONTENT_FOLDER:-./content}:/content:ro'])
    expect(site?.environment).toMatchObject({ CONTENT_DIR: '/content' })
    expect(caddy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']))
    expect(caddy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro')
    expect(caddy?.environment).toMatchObject({ SITE_DOMAIN: '${SITE_DOMAIN}' })
  })

  it('adds PostgreSQL and a second instance with the pg profile', () => {
    expect(postgres?.profiles).toEqual(['pg'])
    expect(second?.profiles).toEqual(['pg'])
    expect(second?.environment).toEqual(site?.environment)
    expect(second?.volumes).toEqual(['site-2-data:/data', '${CONTENT_FOLDER:-./content}:/content:ro'])
  })
})
