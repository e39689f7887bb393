// `npm run test:image` (CI runs it after npm test): the container image built and run with
// podman as an operator would. It makes its base image locally (no image registry is reachable
// here: Debian bookworm by debootstrap, with this Node 24 and npm from the npm registry), builds
// the Dockerfile, starts the image on an empty data volume and times it to healthy, stores a
// request, stops it with SIGTERM (exit 0: drained), starts a new container on the same volume and
// finds the request there, this time with another business's content folder mounted (CONTENT_DIR:
// its pages rendered at start, decision 048); then a third on an empty data volume, which restores
// the database from the Litestream replica the others wrote to (a folder on a second volume) and
// finds it too. Prints the image size and the start-to-healthy times, and writes them to
// .reports/image.json. Needs root, podman, runc and debootstrap (.ci/run installs them).
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, projectRoot } from './lib/server.ts'

/** podman with the settings these machines need (STACK-NOTES: runc, cgroupfs, no default ulimits). */
const PODMAN = ['--runtime', '/usr/sbin/runc', '--cgroup-manager=cgroupfs']
const podman = (...args: string[]) =>
  execFileSync('podman', [...PODMAN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim()
const succeeds = (...args: string[]) => spawnSync('podman', [...PODMAN, ...args], { stdio: 'ignore' }).status === 0
const sh = (command: string, args: string[], cwd?: string) =>
  execFileSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    ...(cwd ? { cwd } : {}),
  }).trim()

const NODE_VERSION = process.versions.node
const BASE = `localhost/longbar-node-base:${NODE_VERSION}`
const IMAGE = 'localhost/longbar-site:test'
const CACHE = process.env.LONGBAR_IMAGE_CACHE ?? '/var/tmp/longbar-image-cache'
const MIRROR = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian'
const CA_BUNDLE = process.env.SSL_CERT_FILE ?? '/etc/ssl/certs/ca-certificates.crt'

function configurePodman(): void {
  const conf = '/etc/containers/containers.conf'
  if (!existsSync(conf)) {
    mkdirSync(path.dirname(conf), { recursive: true })
    writeFileSync(conf, '[containers]\ndefault_ulimits = []\n')
  }
}

/** Debian bookworm (minbase) with this Node and the npm of the registry, imported as BASE; cached. */
function baseImage(): void {
  if (succeeds('image', 'exists', BASE)) return
  const rootfs = path.join(CACHE, 'bookworm-rootfs')
  if (!existsSync(path.join(rootfs, 'etc/debian_version'))) {
    console.log(`debootstrap bookworm into ${rootfs} (a few minutes, once)…`)
    mkdirSync(CACHE, { recursive: true })
    sh('debootstrap', ['--variant=minbase', 'bookworm', rootfs, MIRROR])
  }
  const bin = path.join(rootfs, 'usr/local/bin')
  const lib = path.join(rootfs, 'usr/local/lib/node_modules')
  mkdirSync(bin, { recursive: true })
  mkdirSync(lib, { recursive: true })
  sh('cp', [realpathSync(process.execPath), path.join(bin, 'node')])
  const tarball = sh('npm', ['pack', 'npm@11', '--silent', '--pack-destination', CACHE]).split('\n').at(-1)!
  sh('rm', ['-rf', path.join(lib, 'npm')])
  mkdirSync(path.join(lib, 'npm'))
  sh('tar', ['-xzf', path.join(CACHE, tarball), '-C', path.join(lib, 'npm'), '--strip-components=1'])
  sh('ln', ['-sf', '../lib/node_modules/npm/bin/npm-cli.js', path.join(bin, 'npm')])
  sh('ln', ['-sf', '../lib/node_modules/npm/bin/npx-cli.js', path.join(bin, 'npx')])
  sh('rm', ['-rf', path.join(rootfs, 'var/cache/apt/archives'), path.join(rootfs, 'var/lib/apt/lists')])
  // This machine's certificate authorities (an intercepting proxy may sit between it and the npm
  // registry), for npm in the build; Node reads them through NODE_EXTRA_CA_CERTS.
  mkdirSync(path.join(rootfs, 'etc/ssl/certs'), { recursive: true })
  sh('cp', [CA_BUNDLE, path.join(rootfs, 'etc/ssl/certs/ca-certificates.crt')])
  const env = `ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt`
  execFileSync(
    'bash',
    ['-c', `tar -C '${rootfs}' -c . | podman ${PODMAN.join(' ')} import --change '${env}' - ${BASE}`],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Starts a container on `volume`; resolves with its name and the milliseconds until its HEALTHCHECK passed. */
async function startContainer(
  volume: string,
  port: number,
  replica: string,
  /** A content folder on this machine, mounted read-only at /content with CONTENT_DIR=/content. */
  content?: string,
): Promise<{ name: string; healthyMs: number }> {
  const name = `longbar-image-test-${process.pid}-${Date.now()}`
  const started = performance.now()
  podman(
    'run',
    '-d',
    '--network=host',
    '--name',
    name,
    '-e',
    `PORT=${port}`,
    '-e',
    'PUBLIC_ORIGIN=https://www.image-test.example',
    '-e',
    'ADMIN_PASSWORD=correct horse battery staple',
    '-e',
    'LITESTREAM_REPLICA_URL=/replica/site',
    '-v',
    `${volume}:/data`,
    '-v',
    `${replica}:/replica`,
    ...(content ? ['-v', `${content}:/content:ro`, '-e', 'CONTENT_DIR=/content'] : []),
    IMAGE,
  )
  // Podman runs the image's HEALTHCHECK on demand here (no systemd timers in this sandbox).
  while (performance.now() - started < 60_000) {
    if (succeeds('healthcheck', 'run', name)) return { name, healthyMs: Math.round(performance.now() - started) }
    await sleep(100)
  }
  throw new Error(`${name} was not healthy in 60 s:\n${podman('logs', name)}`)
}

const countStored = (name: string, id: string) =>
  podman(
    'exec',
    name,
    'node',
    '-e',
    `const D=require('better-sqlite3');const db=new D('/data/longbar.sqlite',{readonly:true});console.log(db.prepare('select count(*) n from contact_submissions where id=?').get(process.argv[1]).n)`,
    id,
  )

configurePodman()
const built = performance.now()
baseImage()
console.log(`base image ${BASE} ready; building ${IMAGE}…`)
podman('build', '--format', 'docker', '--network=host', '--build-arg', `NODE_IMAGE=${BASE}`, '-t', IMAGE, projectRoot)
const buildSeconds = Math.round((performance.now() - built) / 1000)
const size = Number(podman('image', 'inspect', '--format', '{{.Size}}', IMAGE))
const volume = `longbar-image-test-${process.pid}`
const replica = `${volume}-replica`
const emptyVolume = `${volume}-empty`
for (const v of [volume, replica, emptyVolume]) podman('volume', 'create', v)
// The replica's folder writable by the image's user (uid 1000).
podman(
  'run',
  '--rm',
  '--network=host',
  '--user',
  '0',
  '-v',
  `${replica}:/replica`,
  IMAGE,
  'chown',
  '1000:1000',
  '/replica',
)
const port = await freePort()
const names: string[] = []
// Another business's content: a copy of content/ with its own phone number, readable by uid 1000.
const otherRoot = mkdtempSync(path.join(tmpdir(), 'longbar-image-content-'))
const otherBusiness = path.join(otherRoot, 'content')
cpSync(path.join(projectRoot, 'content'), otherBusiness, { recursive: true })
const businessFile = path.join(otherBusiness, 'business.yaml')
writeFileSync(
  businessFile,
  readFileSync(businessFile, 'utf8')
    .replace('display: (410) 555-0142', 'display: (443) 555-0199')
    .replace('e164: "+14105550142"', 'e164: "+14435550199"'),
)
sh('chmod', ['-R', 'a+rX', otherRoot])
try {
  const first = await startContainer(volume, port, replica)
  names.push(first.name)
  if (podman('exec', first.name, 'id', '-u') === '0') throw new Error('the server runs as root')
  const res = await fetch(`http://127.0.0.1:${port}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Image Test', phone: '410-555-0123', message: 'Stored in a container' }),
  })
  if (res.status !== 201) throw new Error(`POST /api/contact answered ${res.status}: ${await res.text()}`)
  const home = await (await fetch(`http://127.0.0.1:${port}/`)).text()
  if (!home.includes('<link rel="canonical" href="https://www.image-test.example/"'))
    throw new Error('the page is not stamped with PUBLIC_ORIGIN')
  const id = podman(
    'exec',
    first.name,
    'node',
    '-e',
    `const D=require('better-sqlite3');console.log(new D('/data/longbar.sqlite',{readonly:true}).prepare("select id from contact_submissions where name='Image Test'").get().id)`,
  )

  // Replace the container: SIGTERM, drained (exit 0), removed; a new one on the same volume.
  podman('stop', '--time', '15', first.name)
  const exitCode = podman('inspect', '--format', '{{.State.ExitCode}}', first.name)
  if (exitCode !== '0') throw new Error(`the server exited with ${exitCode} on SIGTERM:\n${podman('logs', first.name)}`)
  const firstLog = podman('logs', first.name)
  podman('rm', first.name)
  names.pop()
  const second = await startContainer(volume, port, replica, otherBusiness)
  names.push(second.name)
  if (countStored(second.name, id) !== '1') throw new Error(`request ${id} is gone after the container was replaced`)
  const other = await (await fetch(`http://127.0.0.1:${port}/heating`)).text()
  if (!other.includes('(443) 555-0199') || other.includes('(410) 555-0142'))
    throw new Error(`the mounted content folder's phone number is not on /heating:\n${podman('logs', second.name)}`)
  podman('stop', '--time', '15', second.name)

  // A new machine: an empty data volume, the replica still there.
  const third = await startContainer(emptyVolume, port, replica)
  names.push(third.name)
  if (countStored(third.name, id) !== '1') {
    const replicaFiles = podman(
      'run',
      '--rm',
      '--network=host',
      '-v',
      `${replica}:/replica`,
      IMAGE,
      'find',
      '/replica',
      '-ls',
    )
    throw new Error(
      `request ${id} was not restored from the replica\n--- the first container:\n${firstLog}\n--- the replaced container:\n${podman('logs', second.name)}\n--- the restored one:\n${podman('logs', third.name)}\n--- the replica:\n${replicaFiles}`,
    )
  }
  if (!podman('logs', third.name).includes('database restored from the replica'))
    throw new Error('the third container did not say it restored the database')

  const figures = {
    imageBytes: size,
    imageMB: +(size / 1e6).toFixed(1),
    startToHealthyMs: {
      emptyVolume: first.healthyMs,
      replacedWithContentFolder: second.healthyMs,
      restoredFromReplica: third.healthyMs,
    },
    buildSeconds,
    node: NODE_VERSION,
  }
  mkdirSync(path.join(projectRoot, '.reports'), { recursive: true })
  writeFileSync(path.join(projectRoot, '.reports/image.json'), `${JSON.stringify(figures, null, 2)}\n`)
  console.log(
    `image ok: ${figures.imageMB} MB; start to healthy ${first.healthyMs} ms (empty volume), ${second.healthyMs} ms (replaced, rendering a mounted content folder), ${third.healthyMs} ms (restored from the replica); request ${id} kept across the replacement and restored on an empty volume; the mounted content served; SIGTERM exit 0`,
  )
} finally {
  for (const name of names) spawnSync('podman', [...PODMAN, 'rm', '-f', name], { stdio: 'ignore' })
  for (const v of [volume, replica, emptyVolume])
    spawnSync('podman', [...PODMAN, 'volume', 'rm', '-f', v], { stdio: 'ignore' })
  rmSync(otherRoot, { recursive: true, force: true })
}
