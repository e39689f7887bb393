// https://vike.dev/Head — added to the site's head (renderer/+Head.tsx) on /admin only: the inbox
// is an installable app (its manifest, and the icon iOS puts on the home screen); the public
// pages are not. docs/decisions/030-web-push.md.
import { MANIFEST_PATH } from '../../src/seo/admin-manifest.ts'

export default function AdminHead() {
  return (
    <>
      <link rel="manifest" href={MANIFEST_PATH} />
      <link rel="apple-touch-icon" href="/admin/icon-192.png" />
      <meta name="apple-mobile-web-app-title" content="Inbox" />
    </>
  )
}
