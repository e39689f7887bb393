// The installed inbox's web app manifest (/admin/manifest.webmanifest, written by
// scripts/postbuild.ts, or at start by a server rendering a mounted content folder, from the business's name): it opens on /admin, full screen like an app,
// in the site's colours, with the icons of public/admin/ (scripts/admin-icons.ts). Linked only
// from /admin (pages/admin/+Head.tsx): the public pages are not an app. docs/decisions/030-web-push.md.

/** The site's dark blue (renderer/+Head.tsx theme-color). */
const THEME_COLOR = '#0c2d56'
export const MANIFEST_PATH = '/admin/manifest.webmanifest'
export const SERVICE_WORKER_PATH = '/admin/sw.js'
export const ADMIN_SCOPE = '/admin'

export function adminManifest(businessName: string) {
  const icon = (size: number, purpose: 'any' | 'maskable') => ({
    src: `/admin/icon-${purpose === 'maskable' ? 'maskable-' : ''}${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  })
  return {
    id: ADMIN_SCOPE,
    name: `${businessName} Inbox`,
    short_name: 'Inbox',
    description: `The requests sent through the ${businessName} website.`,
    start_url: ADMIN_SCOPE,
    scope: ADMIN_SCOPE,
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: '#f8fafc',
    icons: [icon(192, 'any'), icon(512, 'any'), icon(192, 'maskable'), icon(512, 'maskable')],
  }
}
