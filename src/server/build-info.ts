// What the build tells the server (dist/build-info.json, written by scripts/postbuild.ts): the
// business's name and phone and the contact form's copy, so the server's answers say exactly
// what the pages say, from the same content records; and the data /contact was prerendered with,
// so the page the server renders for a form's problems is that page (content/ is not read at run
// time).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { AdminPageData, CataloguePageData } from '../catalogue/page-data.ts'
import type { Confirmation, ContactFormBlock, Urgency } from '../catalogue/types.gen.ts'
import type { Office } from './office.ts'
import type { ZipPlaces } from '../lead/service-area.ts'
import type { ContactSentData } from '../../pages/contact-sent/+data.ts'

export type BuildInfo = {
  publicOrigin: string
  builtAt: string
  business: { name: string; phone: { display: string; e164: string }; email: string }
  /** The office's hours in its time zone (content/business.yaml). */
  office: Office
  /** What makes a request urgent (content/urgency.yaml). */
  urgency: Urgency
  /** The customer's confirmation e-mail (content/confirmation.yaml), placeholders filled. */
  confirmation: Confirmation
  contactForm: ContactFormBlock
  /** ZIP code → the place it belongs to, from the area records' `zips` (src/lead/service-area.ts). */
  zipPlaces: ZipPlaces
  /** pageContext.data of /contact at build time (missing in a build made before the server rendered that page). */
  contactPageData?: CataloguePageData
  /** pageContext.data of /contact/sent at build time, for the confirmation of one request (src/server/contact/sent.ts). */
  contactSentData?: ContactSentData
  /** pageContext.data of /admin at build time, for the page the server renders for a signed-in visitor. */
  adminPageData?: AdminPageData
}

/** Reads the build info beside the built site (`<dist>/build-info.json` for `<dist>/client`). */
export function loadBuildInfo(distDir: string): BuildInfo {
  const file = path.join(path.dirname(distDir), 'build-info.json')
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildInfo
  } catch (error) {
    throw new Error(`${file} is missing or unreadable: run \`npm run build\` first. (${(error as Error).message})`)
  }
}
