// The service area as ZIP codes: each town, county and state record of content/areas lists its
// ZIP codes (`zips`, schemas/blocks/zip-codes.schema.json), a town's as plain ZIP codes, a county's
// or state's with the name of the place when it has no page of its own ("21085 Joppa"). From them
// comes one table, ZIP code → the place to name on the inbox card ("Bel Air", "Joppa, Harford
// County"): content:check refuses a ZIP code listed twice (src/catalogue/cross-checks.ts), the
// build hands the table to the server (dist/build-info.json), which names the place of a request's
// ZIP code when it stores it, and the contact form carries the ZIP codes so its script can say at
// once that a ZIP code is outside the area. Browser-safe.

/** A record that may list ZIP codes: its name and its `zips`. */
export type ZipRecord = { name: string; template: string; zips?: readonly string[] | undefined }

/** ZIP code → the place it belongs to, as the inbox names it. */
export type ZipPlaces = Record<string, string>

/** "21085 Joppa" → { zip: "21085", place: "Joppa" }; "21014" → { zip: "21014" }. */
export function parseZipEntry(entry: string): { zip: string; place?: string } {
  const zip = entry.slice(0, 5)
  const place = entry.slice(6).trim()
  return place ? { zip, place } : { zip }
}

/** The place a ZIP code of `record` names: the record itself, or the place written after the ZIP, in its county or state. */
function placeOf(record: ZipRecord, place: string | undefined): string {
  return place ? `${place}, ${record.name}` : record.name
}

/** Every ZIP code the records list, with the record and the entry's index, in the records' order. */
export function zipEntries<R extends ZipRecord>(
  records: readonly R[],
): { zip: string; record: R; index: number; place: string }[] {
  return records.flatMap((record) =>
    (record.zips ?? []).map((entry, index) => {
      const { zip, place } = parseZipEntry(entry)
      return { zip, record, index, place: placeOf(record, place) }
    }),
  )
}

/** The table the server and the form use (the first record that lists a ZIP code wins; content:check refuses a second). */
export function zipPlaces(records: readonly ZipRecord[]): ZipPlaces {
  const table: ZipPlaces = {}
  for (const { zip, place } of zipEntries(records)) table[zip] ??= place
  return table
}

/** The place of a ZIP code in the area, or null when the area does not list it (or there is no ZIP code). */
export function placeOfZip(places: ZipPlaces, zip: string | null | undefined): string | null {
  return zip && Object.hasOwn(places, zip) ? places[zip]! : null
}
