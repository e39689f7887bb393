// This device's side of Web Push (docs/decisions/030-web-push.md): the service worker the inbox
// registers (public/admin/sw.js, scope /admin), whether this browser can show pushes, and
// subscribing or unsubscribing it with the server's VAPID key.
import { SERVICE_WORKER_PATH, ADMIN_SCOPE } from '../seo/admin-manifest.ts'

/** Why this device cannot have notifications, or null when it can. */
export type Unsupported = 'insecure' | 'ios-not-installed' | 'browser' | null

export function unsupported(): Unsupported {
  if (typeof window === 'undefined') return 'browser'
  if (!window.isSecureContext) return 'insecure'
  const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  if (supported) return null
  // Safari on an iPhone or iPad has pushes only for a web app added to the Home Screen.
  if (/iPhone|iPad|iPod/.test(navigator.userAgent)) return 'ios-not-installed'
  return 'browser'
}

/** Registers the inbox's service worker (an installable app needs one); resolves with its registration. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined
  return navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: ADMIN_SCOPE, updateViaCache: 'none' })
}

/** This device's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (unsupported()) return null
  const registration = await navigator.serviceWorker.getRegistration(ADMIN_SCOPE)
  return (await registration?.pushManager.getSubscription()) ?? null
}

const keyBytes = (base64url: string) => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0))
}

/**
 * Asks for permission (the browser's prompt, the first time) and subscribes this device with
 * the server's key; 'denied' when the owner or the browser said no.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription | 'denied'> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return 'denied'
  const registration = (await registerServiceWorker()) && (await navigator.serviceWorker.ready)
  if (!registration) throw new Error('The service worker is not available.')
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }
  try {
    return await registration.pushManager.subscribe(options)
  } catch (error) {
    // Subscribed before with another key (the server's keys were made anew): start over.
    const old = await registration.pushManager.getSubscription()
    if (!old) throw error
    await old.unsubscribe()
    return registration.pushManager.subscribe(options)
  }
}
