// `npm run admin:password`: sets the /admin password in the database the server uses (DATABASE_URL
// or DATA_DIR, as for `npm start`). Asks twice without echoing; with input piped in (not a
// terminal) it reads one line. Only the argon2id hash is stored.
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { parseEnv } from '../src/server/env.ts'
import { openDatabase } from '../src/server/db/client.ts'
import { migrate } from '../src/server/db/migrations.ts'
import { MIN_PASSWORD_LENGTH, setAdminPassword } from '../src/server/auth/password.ts'

/** Reads one line; on a terminal the typing is not shown. */
async function ask(prompt: string): Promise<string> {
  let muted = false
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stdout.write(chunk)
      callback()
    },
  })
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true })
  process.stdout.write(prompt)
  muted = true
  const line = await new Promise<string>((resolve) => rl.once('line', resolve).once('close', () => resolve('')))
  muted = false
  rl.close()
  if (process.stdin.isTTY) process.stdout.write('\n')
  return line
}

const env = parseEnv(process.env)
if (!env.ok) {
  console.error(`Fix these environment variables:\n${env.errors.map((e) => `  - ${e}`).join('\n')}`)
  process.exit(1)
}

const password = await ask(`New admin password (at least ${MIN_PASSWORD_LENGTH} characters): `)
if (password.length < MIN_PASSWORD_LENGTH) {
  console.error(
    `Too short: use at least ${MIN_PASSWORD_LENGTH} characters (a few random words work well). Nothing was changed.`,
  )
  process.exit(1)
}
if (process.stdin.isTTY && (await ask('Once more: ')) !== password) {
  console.error('The two entries differ. Nothing was changed.')
  process.exit(1)
}

const db = openDatabase(env.config.database)
try {
  await migrate(db)
  await setAdminPassword(db, password)
  console.log('The admin password is set, and every signed-in session has been signed out.')
  if (env.config.adminPassword)
    console.log(
      'Note: ADMIN_PASSWORD is set in the environment; the server will put that password back at its next start.',
    )
} finally {
  await db.close()
}
