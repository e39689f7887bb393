import type { Business } from '../catalogue/types.gen.ts'
import type { AreaDirectory } from '../catalogue/routes.ts'
import type { ZipPlaces } from '../lead/service-area.ts'
import type { Crumb, Review } from '../seo/structured-data.ts'

/** What every template receives: its record, the business facts, the reviews and the breadcrumb trail. */
export type TemplateProps<Record> = {
  page: Record
  business: Business
  reviews: Review[]
  trail: Crumb[]
  /** The generated lists of /service-areas (given to that page only). */
  directory?: AreaDirectory | undefined
  /** ZIP code → place, for the ZIP code checker of /service-areas (that page only). */
  zipPlaces?: ZipPlaces | undefined
}
