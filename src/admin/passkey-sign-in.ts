// Signing in with a passkey (decision 061), loaded on demand by the login form (LoginForm.tsx)
// with @simplewebauthn/browser, so that none of it weighs on the inbox's first load. Two ways in:
// the button (the browser's passkey dialog) and conditional UI (the passkeys offered in the
// e-mail field's autofill list, waiting there until one is picked or the form goes away).
import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
  WebAuthnError,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import type { Toast } from './messages.ts'

const W = {
  title: 'Passkey sign-in failed',
  cancelled: 'No passkey was chosen.',
  unavailable: 'Passkeys do not work at this address. Sign in with the password.',
}

/** A host that is an IP address cannot hold passkeys (the RP ID must be a domain name). */
const atDomain = () => !/^[\d.]+$|^\[|:/.test(location.hostname)

/** Whether this browser, at this address, can sign in with a passkey. */
const offered = () => 'PublicKeyCredential' in window && atDomain()

/**
 * POSTs to the sign-in's routes (docs/admin-api.md "Passkeys") with plain fetch, not the inbox's
 * client (api.ts): shared with this chunk, the client was split out of the first load's chunk,
 * which cost the first load 480 bytes. Rejects with the server's sentence.
 */
async function post<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api/admin/passkeys/${path}`, {
    method: 'POST',
    headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const json = (await res.json().catch(() => ({}))) as { error?: string }
  if (!res.ok) throw new Error(json.error ?? `${res.status} ${res.statusText}`)
  return json as T
}

async function signInWith(): Promise<void> {
  const { options } = await post<{ options: PublicKeyCredentialRequestOptionsJSON }>('sign-in/options')
  const response = await startAuthentication({ optionsJSON: options })
  await post('sign-in', response)
}

/** The button: the browser's dialog, then the session. Rejects with what went wrong. */
export async function signIn(): Promise<void> {
  if (!offered()) throw new Error(W.unavailable)
  await signInWith()
}

/**
 * The login form is on screen: `show` the button where passkeys work, and wait for a passkey
 * picked from the e-mail field's list (conditional UI) to sign in with, then `signedIn`. A wait
 * called off (the form gone, the button taking over) says nothing; once a passkey is picked, the
 * server's refusal is `failed` (the list offers it again when the form is shown next).
 */
export function start(show: (on: boolean) => void, signedIn: () => void, failed: (toast: Toast) => void): void {
  if (!offered()) return
  show(true)
  void browserSupportsWebAuthnAutofill()
    .then(async (yes) => {
      if (!yes) return
      const { options } = await post<{ options: PublicKeyCredentialRequestOptionsJSON }>('sign-in/options')
      const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: true })
      try {
        await post('sign-in', response)
      } catch (error) {
        failed(problem(error) ?? { tone: 'error', title: W.title, text: String(error) })
        return
      }
      signedIn()
    })
    .catch(() => undefined)
}

/** Calls off a ceremony still waiting (the form is gone). */
export const cancel = (): void => WebAuthnAbortService.cancelCeremony()

/** The toast for a failed button sign-in; none when the person closed the dialog. */
export function problem(error: unknown): Toast | null {
  if (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') return null
  if (error instanceof Error && error.name === 'NotAllowedError')
    return { tone: 'error', title: W.title, text: W.cancelled }
  return { tone: 'error', title: W.title, text: error instanceof Error ? error.message : String(error) }
}
