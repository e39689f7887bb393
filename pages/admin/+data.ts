// https://vike.dev/data — the admin's page data (adminPageData: the shared layout's data, a no-index
// head, the office's time zone) and which screen to start on. Prerendered, it is the login form;
// the server renders the page again for a visitor who is signed in, or whose sign-in without
// JavaScript failed, handing over the data the build used (src/server/admin/page.ts), so the
// catalogue's loader is not even loaded then.
import type { PageContextServer } from 'vike/types'
import type { AdminPageState } from '../../src/catalogue/page-data.ts'
import type { AdminPageData } from '../../src/catalogue/page-data.ts'

export type AdminPage = AdminPageData & { initial: AdminPageState }

export async function data(pageContext: PageContextServer): Promise<AdminPage> {
  const initial = pageContext.adminState ?? { signedIn: false }
  if (pageContext.adminPageData) return { ...pageContext.adminPageData, initial }
  const { adminPageData } = await import('../../src/catalogue/page-data.ts')
  return { ...adminPageData(), initial }
}
