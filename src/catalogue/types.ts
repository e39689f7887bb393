// The loaded catalogue's shape: what loadCatalogue (load.ts) returns and the site's addresses
// (routes.ts) and pages read. The records' own types are generated from the schemas (types.gen.ts).
import type { Booking, Business, Confirmation, ContentRecords, Reviews, Site, Urgency } from './types.gen.ts'

/** Every kind of page record: one per schema in schemas/pages/ (the records with a template). */
export type PageRecord = Extract<ContentRecords[keyof ContentRecords], { template: string }>
export type Template = PageRecord['template']
export type Review = Reviews['reviews'][number]

export type Catalogue = {
  business: Business
  site: Site
  reviews: Review[]
  /** What makes a request urgent in the inbox. */
  urgency: Urgency
  /** The e-mail a visitor who gave an address receives after sending the form. */
  confirmation: Confirmation
  /** Online booking's windows and rules (content/booking.yaml); undefined: nobody books online. */
  booking: Booking | undefined
  /** Page records with placeholders filled, in a stable order (by path). */
  pages: PageRecord[]
  /** The file each page came from, by path (relative to the project root). */
  files: Map<string, string>
}
