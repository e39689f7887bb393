// The checks across records, once each file has passed its schema (load.ts): placeholders that
// exist, an address (path or alias) and a ZIP code for one record only, parents that exist, and
// internal links that reach a page. Each adds its problems to the list, in the files' order.
import { zipEntries, type ZipRecord } from '../lead/service-area.ts'
import { didYouMean, type ContentProblem } from './problems.ts'
import { stringsOf, unknownPlaceholders, type PlaceholderValues } from './placeholders.ts'
import { FIXED_PATHS } from './routes.ts'
import type { PageRecord } from './types.ts'
import type { Booking } from './types.gen.ts'
import { problemAt, type ContentFile } from './content-file.ts'

const recordOf = (parsed: ContentFile) => parsed.data as PageRecord

/** Every {name} in every text is one of `values`. */
export function checkPlaceholders(files: ContentFile[], values: PlaceholderValues, problems: ContentProblem[]) {
  const known = Object.keys(values)
    .map((v) => `{${v}}`)
    .join(', ')
  for (const parsed of files) {
    for (const [at, text] of stringsOf(parsed.data)) {
      for (const name of unknownPlaceholders(text, values)) {
        problems.push(problemAt(parsed, at, `uses {${name}}, which is not a known placeholder. Use one of: ${known}.`))
      }
    }
  }
}

/** Each path or alias belongs to one page only. Gives every address, each with its page's file. */
export function checkAddresses(pages: ContentFile[], problems: ContentProblem[]): Map<string, ContentFile> {
  const owner = new Map<string, ContentFile>()
  for (const parsed of pages) {
    const record = recordOf(parsed)
    for (const [i, address] of [record.path, ...(record.aliases ?? [])].entries()) {
      const other = owner.get(address)
      if (other) {
        const at = i === 0 ? ['path'] : ['aliases', i - 1]
        problems.push(
          problemAt(
            parsed,
            at,
            `${address} is already the address of ${other.file}. Each address can show only one page.`,
          ),
        )
      } else owner.set(address, parsed)
    }
  }
  return owner
}

/** A page's parent is the path of a page. */
export function checkParents(pages: ContentFile[], problems: ContentProblem[]) {
  const paths = new Set(pages.map((p) => recordOf(p).path))
  for (const parsed of pages) {
    const { parent } = recordOf(parsed)
    if (parent && !paths.has(parent)) {
      problems.push(
        problemAt(
          parsed,
          ['parent'],
          `${parent} is not the path of any page. Write the path of an existing page, or leave "parent" out.`,
        ),
      )
    }
  }
}

/** Each ZIP code belongs to one area record only (src/lead/service-area.ts). */
export function checkZips(pages: ContentFile[], problems: ContentProblem[]) {
  const zipOwner = new Map<string, ContentFile>()
  const zipRecords = pages.map((parsed) => ({ ...(parsed.data as ZipRecord), parsed }))
  for (const { zip, record, index } of zipEntries(zipRecords)) {
    const other = zipOwner.get(zip)
    if (other)
      problems.push(
        problemAt(
          record.parsed,
          ['zips', index],
          `${zip} is already listed by ${other.file}. Each ZIP code belongs to one place: remove it here or there.`,
        ),
      )
    else zipOwner.set(zip, record.parsed)
  }
}

/** Every internal link ("/…" href) of `files` is one of the `pageAddresses` or a fixed page. */
export function checkLinks(files: ContentFile[], pageAddresses: string[], problems: ContentProblem[]) {
  const addresses = [...pageAddresses, ...FIXED_PATHS]
  const known = new Set(addresses)
  for (const parsed of files) {
    for (const [at, href] of stringsOf(parsed.data)) {
      if (at[at.length - 1] !== 'href' || !href.startsWith('/')) continue
      const target = href.split('#')[0]!
      if (known.has(target)) continue
      const guess = didYouMean(target, addresses)
      problems.push(
        problemAt(
          parsed,
          at,
          `${href} is not a page of this site.${guess ? ` Did you mean "${guess}"?` : ''} Link to the path or an alias of a page in content/, or to ${FIXED_PATHS.join(', ')}.`,
        ),
      )
    }
  }
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/**
 * booking.yaml: each window ends after it starts and after the one before it ends (a day's
 * windows in order, none overlapping), a weekday in one entry only, a closed day listed once.
 */
export function checkBooking(parsed: ContentFile, problems: ContentProblem[]) {
  const booking = parsed.data as Booking
  const seenDays = new Map<string, number>()
  for (const [i, entry] of booking.week.entries()) {
    for (const [d, day] of entry.days.entries()) {
      const other = seenDays.get(day)
      if (other !== undefined)
        problems.push(
          problemAt(
            parsed,
            ['week', i, 'days', d],
            `${day} already has its windows in week[${other}]. Name each day once.`,
          ),
        )
      else seenDays.set(day, i)
    }
    let lastEnd = -1
    for (const [w, window] of entry.windows.entries()) {
      const [start, end] = window.split('-').map(minutesOf) as [number, number]
      if (end <= start)
        problems.push(
          problemAt(
            parsed,
            ['week', i, 'windows', w],
            `"${window}" ends before it starts. Write start-end, like "08:00-10:00".`,
          ),
        )
      else if (start < lastEnd)
        problems.push(
          problemAt(
            parsed,
            ['week', i, 'windows', w],
            `"${window}" starts before the window above it ends. List the windows earliest first, without overlap.`,
          ),
        )
      lastEnd = Math.max(lastEnd, end)
    }
  }
  const closed = new Set<string>()
  for (const [i, day] of (booking.closed ?? []).entries()) {
    if (closed.has(day.date))
      problems.push(problemAt(parsed, ['closed', i, 'date'], `${day.date} is listed twice. List each closed day once.`))
    closed.add(day.date)
  }
}
