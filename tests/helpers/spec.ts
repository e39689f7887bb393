// The public addresses of the product specification's route table, in its order: what the real
// content/ must have (tests/integration/catalogue.test.ts) and what the built pages are checked
// against (tests/integration/spec-pages.test.ts).
export const SERVICE_PAGES = [
  '/air-conditioning',
  '/heating',
  '/commercial-hvac',
  '/indoor-air-quality',
  '/maintenance',
  '/emergency-service',
]
/** The detail pages under /heating, in the order of its menu. */
export const HEATING_DETAILS = [
  '/furnace-repair',
  '/furnace-replacement',
  '/heat-pump-repair',
  '/heat-pump-replacement',
  '/hvac-maintenance',
  '/geothermal',
]
/** The detail pages under /air-conditioning alone (its menu also lists maintenance and geothermal). */
export const AC_DETAILS = ['/ac-repair', '/ac-replacement']
export const DETAIL_PAGES = [...HEATING_DETAILS, ...AC_DETAILS]
/** The twelve Maryland towns and neighborhoods, in the order /service-areas lists them. */
export const MD_LOCALITIES = [
  'bel-air',
  'downtown-bel-air',
  'bel-air-south',
  'bel-air-north',
  'aberdeen',
  'havre-de-grace',
  'edgewood',
  'fallston',
  'abingdon',
  'forest-hill',
  'churchville',
  'darlington',
].map((t) => `/${t}-hvac`)
export const COUNTIES = ['/harford-county-hvac', '/baltimore-county-hvac', '/cecil-county-hvac']
export const STATES = ['/delaware-hvac', '/pennsylvania-hvac']
export const PA_CITIES = ['/york-pa-hvac', '/hanover-pa-hvac', '/red-lion-pa-hvac']
/**
 * The seven Maryland city pages: linked from the footer after "All Service Areas" and from the
 * Harford County page, and also shown at their short addresses.
 */
export const CITY_PAGES = [
  '/bel-air-hvac',
  '/aberdeen-hvac',
  '/havre-de-grace-hvac',
  '/edgewood-hvac',
  '/fallston-hvac',
  '/abingdon-hvac',
  '/forest-hill-hvac',
]
/** Delaware and Pennsylvania, in the order /service-areas lists them. */
export const BEYOND = [...STATES, ...PA_CITIES]
/** The short addresses that show a county or city page: the page's address without "-hvac". */
export const SHORT_ALIASES = [...COUNTIES, ...CITY_PAGES].map((p) => p.replace(/-hvac$/, ''))
