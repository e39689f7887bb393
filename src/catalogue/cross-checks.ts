// The checks across records, once each file has passed its schema (load.ts): placeholders that
// exist, an address (path or alias) and a ZIP code for one record only, parents that exist, and
// internal links that reach a page. Each adds its problems to the list, in the files' order.
import { zipEntries, type ZipRecord } from '../lead/service-area.ts'
import { didYouMean, type ContentProblem } from './problems.ts'
import { stringsOf, unknownPlaceholders, type PlaceholderValues } from './placeholders.ts'
import { FIXED_PATHS } from './routes.ts'
import type { PageRecord } from './types.ts'
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
