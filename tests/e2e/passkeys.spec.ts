// Passkeys in Chromium at 390×844 (issue 26, decision 061), with a virtual WebAuthn authenticator
// (the DevTools protocol's WebAuthn domain: a platform authenticator, CTAP2, resident keys, user
// verification): the owner signs in with SPEC's password, adds a passkey in People, logs out from
// the Menu and is signed back in by the passkey offered in the e-mail field (conditional UI), then,
// in a browser without conditional UI, by the "Use a passkey" button; a removed passkey is gone
// from the list and refused; a passkey no account has, picked from the e-mail field, is refused in
// words; "Your devices" lists this browser and ends its session. With axe on the sign-in
// form, the passkey list and the devices.
// A WebAuthn relying party must be a domain name, and the suite's server answers at 127.0.0.1, so
// this test starts a server of its own at http://localhost:<port> (PUBLIC_ORIGIN).
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { CDPSession, Page } from '@playwright/test'
import { freePort, startServer, type RunningServer } from '../../scripts/lib/server.ts'
import { E2E_ADMIN_PASSWORD } from '../helpers/admin.ts'
import { DESKTOP, expect, expectNoAxeViolations, PHONE, test } from './fixtures.ts'

test.use({
  viewport: PHONE,
  // The refusals of a removed and an unknown passkey.
  allowConsoleErrors: [/status of 401 \(Unauthorized\)/],
})

let server: RunningServer
let origin: string

test.beforeAll(async () => {
  const port = await freePort()
  origin = `http://localhost:${port}`
  server = await startServer({
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
  })
})
test.afterAll(async () => {
  await server?.stop()
})

const shot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true })
}

/** A phone's built-in authenticator, made for this page through the DevTools protocol. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

test('the owner adds a passkey, logs out, and signs back in with it', async ({ page }) => {
  // Three axe passes and three argon2 or WebAuthn ceremonies on a phone-size page.
  test.setTimeout(90_000)
  const { cdp, authenticatorId } = await virtualAuthenticator(page)

  await page.goto(`${origin}/admin`)
  const passkeyButton = page.getByRole('button', { name: 'Use a passkey' })
  await expect(passkeyButton).toBeVisible()
  const email = page.getByLabel('E-mail')
  await expect(email).toHaveAttribute('autocomplete', 'username webauthn')
  await expectNoAxeViolations(page)
  await shot(page, 'passkeys-sign-in-390')

  // SPEC's sign-in: the password alone.
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()

  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'People' }).click()
  const mine = page.locator('[data-passkeys]')
  await expect(mine.getByText('No passkey yet.')).toBeVisible()
  await mine.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(mine.getByText('Chrome on Linux')).toBeVisible()
  await expect(mine.getByText(/not used yet/)).toBeVisible()
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]!.isResidentCredential).toBe(true)
  expect(credentials[0]!.rpId).toBe('localhost')
  await expect(mine.getByRole('button', { name: 'Remove Chrome on Linux' })).toBeVisible()
  await mine.scrollIntoViewIfNeeded()
  await expectNoAxeViolations(page)
  await shot(page, 'passkeys-list-390')

  // Logged out, the sign-in form waits for a passkey picked from the e-mail field's autofill list
  // (conditional UI); the virtual authenticator, present and verified, picks the one it holds.
  const autofilled = page.waitForResponse(
    (r) => r.url() === `${origin}/api/admin/passkeys/sign-in` && r.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
  expect((await autofilled).status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  const viaAutofill = await page.request.get(`${origin}/api/admin/session`)
  expect(await viaAutofill.json()).toMatchObject({ user: { role: 'owner' } })
  const afterAutofill = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(afterAutofill.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount)

  // A browser without conditional UI: the button.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false)
  })
  await page.reload()
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByText('You are logged out.')).toBeVisible()
  expect((await page.request.get(`${origin}/api/admin/session`)).status()).toBe(401)
  await passkeyButton.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible()
  const session = await page.request.get(`${origin}/api/admin/session`)
  expect(await session.json()).toMatchObject({ user: { role: 'owner' } })
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(after.credentials[0]!.signCount).toBeGreaterThan(afterAutofill.credentials[0]!.signCount)
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'People' }).click()
  await expect(mine.getByText(/last used/)).toBeVisible()

  // Removed, it leaves the list.
  await mine.getByRole('button', { name: 'Remove Chrome on Linux' }).click()
  await expect(mine.getByText('No passkey yet.')).toBeVisible()

  // "Your devices": this browser, from its user agent, marked as this one; ending it signs out here.
  const devices = page.locator('[data-devices]')
  await expect(devices.getByText('Chrome on Linux (this device)')).toBeVisible()
  await devices.scrollIntoViewIfNeeded()
  await expectNoAxeViolations(page)
  await shot(page, 'people-devices-390')
  await devices.getByRole('button', { name: 'End Chrome on Linux (this device)' }).click()
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible()
  // The authenticator still holds the removed passkey: the server refuses it, and the form says so
  // (the browser logs the 401 of that answer).
  await passkeyButton.click()
  await expect(page.getByText('Passkey sign-in failed')).toBeVisible()
  await expect(
    page.getByText('This passkey could not be checked. Try again, or sign in with the password.'),
  ).toBeVisible()
  expect((await page.request.get(`${origin}/api/admin/session`)).status()).toBe(401)
})

test('the sign-in form with passkeys offered, at 1280×800', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  await page.goto(`${origin}/admin`)
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible()
  await expectNoAxeViolations(page)
  await shot(page, 'passkeys-sign-in-1280')
})

test('a passkey the server does not know, picked from the e-mail field, is refused in words', async ({ page }) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page)
  // A passkey for this site that no account has (made elsewhere, or removed and then the database restored).
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: randomBytes(32).toString('base64'),
      isResidentCredential: true,
      rpId: 'localhost',
      privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
      userHandle: Buffer.from('user:999').toString('base64'),
      signCount: 0,
    },
  })
  const answered = page.waitForResponse(
    (r) => r.url() === `${origin}/api/admin/passkeys/sign-in` && r.request().method() === 'POST',
  )
  await page.goto(`${origin}/admin`)
  expect((await answered).status()).toBe(401)
  await expect(page.getByText('Passkey sign-in failed')).toBeVisible()
  await expect(
    page.getByText('This passkey could not be checked. Try again, or sign in with the password.'),
  ).toBeVisible()
  await expect(page.getByLabel('Password')).toBeVisible()
  expect((await page.request.get(`${origin}/api/admin/session`)).status()).toBe(401)
})
