// The starter record of a new town's page, from its name, county and state: what `npm run
// new:town` writes (scripts/new-town.ts) and the site editor's "Add a town" starts from; the near-copy
// check (src/server/editor/near-copy.ts) compares a town with it. Pure: no files.
const STATES = { MD: 'Maryland', PA: 'Pennsylvania', DE: 'Delaware' } as const
export type StateCode = keyof typeof STATES

export type TownOptions = { name: string; state?: StateCode; county?: string; footer?: boolean }

/** Letters, digits, spaces and the punctuation of place names: what a map search accepts too. */
const PLACE_NAME = /^[A-Za-z][A-Za-z0-9 .'-]{1,39}$/

export function townPath(name: string, state: StateCode = 'MD'): string {
  const slug = name
    .toLowerCase()
    .replace(/['.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return state === 'MD' ? `/${slug}-hvac` : `/${slug}-${state.toLowerCase()}-hvac`
}

/** Where the record of a town's page goes, relative to the content folder. */
export function townFile(name: string, state: StateCode = 'MD'): string {
  return `areas/towns/${townPath(name, state).slice(1)}.yaml`
}

/** Why a town name or county cannot be used, or undefined when they can. */
export function invalidOptions({ name, state = 'MD', county }: TownOptions): string | undefined {
  if (!PLACE_NAME.test(name))
    return `"${name}" is not a place name this script can use: write 2 to 40 letters, digits, spaces, hyphens, periods or apostrophes, starting with a letter.`
  if (!(state in STATES)) return `--state ${state} is not one of ${Object.keys(STATES).join(', ')}.`
  if (county !== undefined && !PLACE_NAME.test(county))
    return `--county "${county}" is not a place name this script can use.`
  return undefined
}

/** The YAML text of a new town's record. */
export function townRecord({ name, state = 'MD', county, footer = false }: TownOptions): string {
  const place = `${name}, ${state}`
  const stateName = STATES[state]
  const q = (s: string) => JSON.stringify(s)
  const areaServed = [place, ...(county ? [`${county}, ${state}`] : [])].map(q).join(', ')
  return `# yaml-language-server: $schema=../../../schemas/pages/locality.schema.json
# ${place}: written by \`npm run new:town\`.
# The copy below is correct but general. Rewrite each field marked EDITOR in your own words
# about this town (its neighborhoods, its homes, what people there call us for), then delete
# the EDITOR comments. docs/content.md explains every field.
template: locality
path: ${townPath(name, state)}
name: ${q(name)}
parent: /service-areas
listing:
  group: ${state === 'MD' ? 'communities' : 'beyond'}
  # EDITOR: one sentence for this town's card on /service-areas.
  summary: ${q(`Homes and businesses in and around ${name}${county ? `, ${county}` : ''}.`)}
  # true also links this page from the footer of every page.
  footer: ${footer}
seo:
  # EDITOR: what search results show. Keep the title unique, with the place first.
  title: ${q(`${place} HVAC Repair & Installation | {company}`)}
  description: >-
    Heating and air conditioning repair, replacement and maintenance in
    ${place}. Same-day service, free estimates on new systems and 24/7 emergency help.
structuredData:
  areaServed: [${areaServed}]
  # EDITOR: the town centre from a map, so search engines place this page there. Without it,
  # the office's location is used. Remove the # and write the town's numbers, for example:
  # geo: { latitude: 39.6043, longitude: -76.4772 }
hero:
  eyebrow: ${q(`${name}, ${stateName}`)}
  title: ${q(`Heating & Air Conditioning Services in ${place}`)}
  # EDITOR: one or two sentences about serving this town.
  text: >-
    Furnace, heat pump and air conditioning repairs, new systems and tune-ups for
    ${name} homes and businesses, from a local, family-run team.
  primaryAction: { label: Schedule Service, href: /contact }
  callLabel: Call {phone}
intro:
  heading: ${q(`Your ${name} HVAC Team`)}
  # EDITOR: two short paragraphs about the town: its homes, their systems, what we do there.
  paragraphs:
    - >-
      {company} has kept homes comfortable across ${county ?? stateName} since
      {foundingYear}, and ${name} is part of our regular service area. We repair and replace
      furnaces, heat pumps and air conditioners of every make.
    - >-
      You get a real arrival window, a clear explanation of what we find and the price before
      any work starts.
  # EDITOR: the neighborhoods, roads or kinds of property you serve here (at least two).
  areasHeading: ${q(`Areas We Serve in ${name}`)}
  areas:
    - ${q(`${name} and nearby neighborhoods`)}
    - Homes and businesses nearby
# Three or four cards; each can link to a service page.
services:
  heading: ${q(`HVAC Services in ${name}`)}
  intro: Repairs, new systems and maintenance from one local team.
  cards:
    - title: Air Conditioning
      icon: snowflake
      href: /air-conditioning
      description: >-
        AC repair, replacement and maintenance, with same-day service on most repair calls.
    - title: Heating
      icon: flame
      href: /heating
      description: >-
        Furnaces and heat pumps repaired, replaced and safety-checked before the cold arrives.
    - title: Maintenance Plans
      icon: calendar-check
      href: /maintenance
      description: >-
        Two tune-ups a year, priority scheduling and discounts on repairs.
# A testimonial from a customer here can be added: see docs/content.md.
map:
  heading: ${q(`Serving ${name}`)}
  query: ${q(place)}
  title: ${q(`Map of ${name}, ${stateName}`)}
cta:
  title: ${q(`Need HVAC Service in ${name}?`)}
  text: Request a visit online or call and talk to a real person.
  primaryAction: { label: Schedule Service, href: /contact }
  callLabel: Call {phone}
`
}
