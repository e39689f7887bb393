// Invitations by one-time link (docs/decisions/054-invitations.md): the owner names the person,
// their e-mail and role; the link holds 32 random bytes (the table keeps their SHA-256), works once
// and for INVITATION_HOURS. Accepting it sets the person's own password (argon2id, as every
// password) and makes the account.
import { createHash, randomBytes } from 'node:crypto'
import { hash } from '@node-rs/argon2'
import type { Db } from '../db/client.ts'
import {
  acceptInvitation,
  emailTaken,
  insertInvitation,
  insertResetLink,
  invitationByHash,
  type Invitation,
} from '../db/invitations.ts'
import { MIN_PASSWORD_LENGTH } from '../env.ts'
import type { Role } from './roles.ts'

export const INVITATION_HOURS = 72
const TOKEN = /^[\w-]{43}$/
const EMAIL = /^[A-Za-z0-9._'+-]{1,64}@[A-Za-z0-9-]{1,63}(\.[A-Za-z0-9-]{1,63})+$/
const NAME_MAX = 100
const PASSWORD_MAX = 1000

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

export type InvitationInput = { name: string; email: string; role: Role }

/** An invitation as the owner sends it: each field's problem in words. */
export function validateInvitation(
  body: unknown,
): { ok: true; value: InvitationInput } | { ok: false; error: string; fields: Record<string, string> } {
  const { name, email, role } = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const fields: Record<string, string> = {}
  const cleanName = typeof name === 'string' ? name.trim() : ''
  // No control, format (bidi, zero-width) or line-separator characters in a name.
  if (!cleanName || cleanName.length > NAME_MAX || /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(cleanName))
    fields.name = `Enter the person's name (at most ${NAME_MAX} characters).`
  const cleanEmail = typeof email === 'string' ? email.trim().toLowerCase() : ''
  if (cleanEmail.length > 254 || !EMAIL.test(cleanEmail))
    fields.email = 'Enter an e-mail address like name@example.com.'
  if (role !== 'owner' && role !== 'office') fields.role = 'Choose the role: owner or office.'
  if (Object.keys(fields).length > 0) return { ok: false, error: 'Check the invitation.', fields }
  return { ok: true, value: { name: cleanName, email: cleanEmail, role: role as Role } }
}

/** A new invitation: its token (for the link) and when it expires; 'taken' when the e-mail has an account or an open invitation. */
export async function createInvitation(
  db: Db,
  input: InvitationInput,
  invitedBy: number,
  now = Date.now(),
): Promise<{ ok: true; token: string; expiresAt: string } | { ok: false }> {
  const at = new Date(now).toISOString()
  if (await emailTaken(db, input.email, at)) return { ok: false }
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + INVITATION_HOURS * 3_600_000).toISOString()
  await insertInvitation(db, { tokenHash: digest(token), ...input, invitedBy, expiresAt }, at)
  return { ok: true, token, expiresAt }
}

/**
 * A one-time reset link for another account (the owner's; decision 063): like an invitation, for
 * INVITATION_HOURS and once; accepted, it sets the account's password, turns off its second
 * factor and ends its sessions. Not for a disabled account or the owner without an e-mail.
 */
export async function createResetLink(
  db: Db,
  userId: number,
  by: number,
  now = Date.now(),
): Promise<{ ok: true; token: string; expiresAt: string; email: string } | { ok: false }> {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now + INVITATION_HOURS * 3_600_000).toISOString()
  const made = await insertResetLink(
    db,
    { tokenHash: digest(token), userId, invitedBy: by, expiresAt },
    new Date(now).toISOString(),
  )
  return made.ok ? { ok: true, token, expiresAt, email: made.email } : { ok: false }
}

/** The open invitation of a link's token; undefined when it is unknown, used or expired. */
export async function openInvitation(db: Db, token: string, now = Date.now()): Promise<Invitation | undefined> {
  if (!TOKEN.test(token)) return undefined
  const invitation = await invitationByHash(db, digest(token))
  return invitation && !invitation.usedAt && Date.parse(invitation.expiresAt) > now ? invitation : undefined
}

export const INVITATION_GONE = 'This invitation link has expired or has been used. Ask the owner for a new one.'

/** Accepts an invitation with the person's password: their new account's id, or the problem in words. */
export async function accept(
  db: Db,
  token: string,
  password: unknown,
  repeated: unknown,
  now = Date.now(),
): Promise<
  | { ok: true; userId: number; passwordHash: string; reset: boolean }
  | { ok: false; status: 400 | 404 | 409; error: string }
> {
  if (!TOKEN.test(token)) return { ok: false, status: 404, error: INVITATION_GONE }
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH || password.length > PASSWORD_MAX)
    return { ok: false, status: 400, error: `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.` }
  if (repeated !== undefined && repeated !== password)
    return { ok: false, status: 400, error: 'The two passwords differ.' }
  const passwordHash = await hash(password)
  const result = await acceptInvitation(db, digest(token), passwordHash, new Date(now).toISOString())
  if (result.ok) return { ok: true, userId: result.userId, passwordHash, reset: result.reset }
  return result.reason === 'gone'
    ? { ok: false, status: 404, error: INVITATION_GONE }
    : { ok: false, status: 409, error: 'An account with this e-mail exists already. Sign in with it.' }
}
