// What the build tells the server (dist/build-info.json, written by scripts/postbuild.ts): the
// business's name and phone and the contact form's copy, so the server's answers say exactly
// what the pages say, from the same content records; and the data /contact was prerendered with,
// so the page the server renders for a form's problems is that page (content/ is not read at run
// time). The file is checked when it is read, against BUILD_INFO below, from which the BuildInfo
// type is inferred: the content it carries against the JSON Schemas that checked the content
// (schemas/, which types.gen.ts is generated from). A file from another release, or edited by
// hand, stops the start with the fields that are wrong, not a crash at the first request.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { createSchemaRegistry, type SchemaRegistry } from '../catalogue/schemas.ts'
import type { AdminPageData, CataloguePageData, ContactSentData } from '../catalogue/page-data.ts'
import type { Booking, Business, Confirmation, ContactFormBlock, Urgency } from '../catalogue/types.gen.ts'

let registry: SchemaRegistry | undefined
/** The schemas of schemas/ beside this code, read the first time a build info is checked. */
const schemas = () => (registry ??= createSchemaRegistry(path.resolve(import.meta.dirname, '../../schemas')))

/** A value described by a JSON Schema under schemas/ (`file` or `file#/pointer`), checked with it. */
function described<T>(ref: string) {
  return z.custom<T>().check((payload) => {
    const validate = schemas().validator(ref)
    if (validate(payload.value)) return
    for (const error of validate.errors ?? []) {
      const at = error.instancePath.split('/').slice(1)
      payload.issues.push({ code: 'custom', message: error.message ?? 'is not valid', input: payload.value, path: at })
    }
  })
}

/** The data a page was prerendered with: kept as the build made it, missing in an older build. */
const pageData = <T>() =>
  z.custom<T>((value) => typeof value === 'object' && value !== null, { error: 'must be an object' }).optional()

const BUILD_INFO = z.object({
  publicOrigin: z.string(),
  builtAt: z.string(),
  business: z.object({
    name: described<Business['name']>('business.schema.json#/properties/name'),
    phone: described<Business['phone']>('business.schema.json#/properties/phone'),
    email: described<Business['email']>('business.schema.json#/properties/email'),
    /** Where a customer writes a review; missing: no review requests. */
    reviewUrl: described<NonNullable<Business['reviewUrl']>>('business.schema.json#/properties/reviewUrl').optional(),
  }),
  /** The office's hours in its time zone (content/business.yaml). */
  office: z.object({
    hours: described<Business['hours']>('business.schema.json#/properties/hours'),
    timeZone: described<Business['timeZone']>('business.schema.json#/properties/timeZone'),
  }),
  /** What makes a request urgent (content/urgency.yaml). */
  urgency: described<Urgency>('urgency.schema.json'),
  /** The customer's confirmation e-mail (content/confirmation.yaml), placeholders filled. */
  confirmation: described<Confirmation>('confirmation.schema.json'),
  /** Online booking's windows and rules (content/booking.yaml); missing: nobody books online. */
  booking: described<Booking>('booking.schema.json').optional(),
  contactForm: described<ContactFormBlock>('blocks/contact-form.schema.json'),
  /** ZIP code → the place it belongs to, from the area records' `zips` (src/lead/service-area.ts). */
  zipPlaces: z.record(z.string(), z.string()),
  /** pageContext.data of /contact at build time (missing in a build made before the server rendered that page). */
  contactPageData: pageData<CataloguePageData>(),
  /** pageContext.data of /contact/sent at build time, for the confirmation of one request (src/server/contact/sent.ts). */
  contactSentData: pageData<ContactSentData>(),
  /** pageContext.data of /admin at build time, for the page the server renders for a signed-in visitor. */
  adminPageData: pageData<AdminPageData>(),
})

export type BuildInfo = z.infer<typeof BUILD_INFO>

/** Reads the build info beside the built site (`<dist>/build-info.json` for `<dist>/client`), checked. */
export const loadBuildInfo = (distDir: string): BuildInfo => loadServedBuildInfo(distDir).build

/**
 * The build info as the server serves it: what it says with the origin of the build said with
 * `origin` (PUBLIC_ORIGIN: the data of the pages rendered at run time,
 * docs/decisions/041-run-time-origin.md), and the origin the build was made for, which the static
 * site's pages are stamped from. The file is read and checked once.
 */
export function loadServedBuildInfo(distDir: string, origin?: string): { build: BuildInfo; builtOrigin: string } {
  const file = path.join(path.dirname(distDir), 'build-info.json')
  let json: unknown
  let builtOrigin = ''
  try {
    const text = readFileSync(file, 'utf8')
    json = JSON.parse(text)
    const built = (json as { publicOrigin?: unknown }).publicOrigin
    if (typeof built === 'string') builtOrigin = built
    if (origin && builtOrigin && origin !== builtOrigin) json = JSON.parse(text.replaceAll(builtOrigin, origin))
  } catch (error) {
    throw new Error(`${file} is missing or unreadable: run \`npm run build\` first. (${(error as Error).message})`)
  }
  const checked = BUILD_INFO.safeParse(json)
  if (checked.success) return { build: checked.data, builtOrigin }
  const problems = checked.error.issues.map((issue) => `${issue.path.join('.') || '(the file)'}: ${issue.message}`)
  throw new Error(
    `${file} does not fit this server (${problems.join('; ')}): it comes from another release or was edited by hand. Run \`npm run build\`.`,
  )
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Makes `live` the build info `next` in place, object by object: what the server's parts took
 * from it at start (the business, the office, the contact form's words, the pages' data) are
 * these same objects, so each answers from the published release from now on (a site editor's
 * publish, decision 060). What a part worked out from them once at start (a time zone kept as a
 * string) stays as it was until the next start.
 */
export function replaceBuildInfo(live: BuildInfo, next: BuildInfo): void {
  const replace = (target: Record<string, unknown>, source: Record<string, unknown>) => {
    for (const key of Object.keys(target)) if (!(key in source)) delete target[key]
    for (const [key, value] of Object.entries(source)) {
      const old = target[key]
      if (isRecord(old) && isRecord(value)) replace(old, value)
      else target[key] = value
    }
  }
  replace(live, next)
}
