// The inbox as a CSV that a spreadsheet (Excel, LibreOffice, Google Sheets, en-US) opens cleanly:
// UTF-8 with a byte-order mark (Excel then reads the accents right), a header row in words, times
// in the office's time zone as "2026-11-23 18:31" (read as dates), yes/no for flags, services and
// statuses by their labels. Every cell is quoted (RFC 4180), so no comma, semicolon, tab or line
// break inside one starts a new cell whatever separator the spreadsheet assumes; and a cell that
// a spreadsheet would run as a formula gets a leading apostrophe (OWASP "CSV injection"). The
// office's notes and the request's history are one column each, an entry a line, oldest first:
// "2026-11-23 18:31 Called" (each cell starts with its date, never with what someone typed).
import { ACTIVITY_TEXT, type Activity } from '../../lead/activity.ts'
import { callbackTimeLabel, serviceLabel } from '../../lead/message.ts'
import { CLIENT_FIELDS, STATUS_LABELS, type Submission } from '../../lead/submission.ts'

type Cell = string | null

const localFormat = new Map<string, Intl.DateTimeFormat>()

/** "2026-11-23 18:31" in `timeZone`, from an ISO 8601 instant. */
export function localDateTime(iso: string, timeZone: string): string {
  let f = localFormat.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' })
    localFormat.set(timeZone, f)
  }
  const parts: Record<string, string> = {}
  for (const p of f.formatToParts(new Date(iso))) parts[p.type] = p.value
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no')

/** A request and its timeline, oldest entry first. */
type Row = { s: Submission; timeline: Activity[] }

/** Timeline entries as lines: "2026-11-23 18:31 Called", or null when there are none. */
const lines = (entries: Activity[], timeZone: string, text: (e: Activity) => string): Cell =>
  entries.length === 0 ? null : entries.map((e) => `${localDateTime(e.at, timeZone)} ${text(e)}`).join('\n')

/** The columns: header and value, in order. */
function columns(timeZone: string): [header: string, value: (row: Row) => Cell][] {
  const at = (iso: string | null) => (iso === null ? null : localDateTime(iso, timeZone))
  const zone = timeZone.replace(/_/g, ' ')
  const timelineCell =
    (keep: (e: Activity) => boolean, text: (e: Activity) => string) =>
    ({ timeline }: Row) =>
      lines(timeline.filter(keep), timeZone, text)
  return [
    [`Received (${zone})`, ({ s }) => at(s.created_at)],
    ['Name', ({ s }) => s.name],
    ['Phone', ({ s }) => s.phone],
    ['E-mail', ({ s }) => s.email],
    ['Service', ({ s }) => serviceLabel(s.service)],
    ['Message', ({ s }) => s.message],
    ['ZIP code', ({ s }) => s.zip],
    ['Place', ({ s }) => s.zip_place],
    ['Outside area', ({ s }) => (s.zip === null ? null : yesNo(s.zip_place === null))],
    ['Out right now', ({ s }) => s.out_now],
    ['Call back', ({ s }) => callbackTimeLabel(s.callback_time)],
    ['Urgent', ({ s }) => s.urgency],
    ['After hours', ({ s }) => yesNo(s.after_hours)],
    ['Status', ({ s }) => STATUS_LABELS[s.status] ?? s.status],
    ['Read', ({ s }) => yesNo(s.is_read)],
    [`Read at (${zone})`, ({ s }) => at(s.read_at)],
    [`First contact (${zone})`, ({ s }) => at(s.first_contact_at)],
    [
      'Response (business minutes)',
      ({ s }) => (s.response_ms === null ? null : String(Math.round(s.response_ms / 60_000))),
    ],
    ['Follow up on', ({ s }) => s.follow_up_on],
    ['Client', ({ s }) => yesNo(s.is_client)],
    [CLIENT_FIELDS.client_since, ({ s }) => s.client_since],
    [CLIENT_FIELDS.next_delivery_date, ({ s }) => s.next_delivery_date],
    [CLIENT_FIELDS.delivery_frequency, ({ s }) => s.delivery_frequency],
    [CLIENT_FIELDS.delivery_notes, ({ s }) => s.delivery_notes],
    ['Sent from', ({ s }) => s.source_page],
    ['Came from', ({ s }) => s.referrer],
    ['Source', ({ s }) => s.source],
    ['Landing page', ({ s }) => s.landing_page],
    ['Campaign source', ({ s }) => s.utm_source],
    ['Campaign medium', ({ s }) => s.utm_medium],
    ['Campaign', ({ s }) => s.utm_campaign],
    ['Campaign term', ({ s }) => s.utm_term],
    ['Campaign content', ({ s }) => s.utm_content],
    ['Ad click id type', ({ s }) => s.click_id_type],
    ['Ad click id', ({ s }) => s.click_id],
    ['Spam', ({ s }) => yesNo(s.is_spam)],
    ['Why spam', ({ s }) => s.spam_reason],
    ['Possible spam', ({ s }) => s.suspicion],
    [`Deleted (${zone})`, ({ s }) => at(s.deleted_at)],
    [
      'Notes',
      timelineCell(
        (e) => e.kind === 'note',
        (e) => e.detail ?? '',
      ),
    ],
    [
      'History',
      timelineCell(
        (e) => e.kind !== 'note',
        (e) => ACTIVITY_TEXT[e.kind](e.detail),
      ),
    ],
    ['ID', ({ s }) => s.id],
  ]
}

/**
 * Characters that make a spreadsheet read a cell as a formula when they come first: = + - @, tab
 * and carriage return (some skip them before one), and the full-width = + - @ that some input
 * methods type and some spreadsheets accept.
 */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/

/** One cell: always quoted, quotes doubled, a formula start defused. */
export function csvCell(value: Cell): string {
  const text = value === null ? '' : FORMULA_START.test(value) ? `'${value}` : value
  return `"${text.replaceAll('"', '""')}"`
}

/**
 * The whole export, streamed page by page: memory stays flat however many rows there are.
 * `timelines` gives the timelines of a page's requests, oldest entry first.
 */
export function csvExport(
  pages: AsyncGenerator<Submission[]>,
  timeZone: string,
  timelines: (ids: string[]) => Promise<Map<string, Activity[]>>,
): ReadableStream<Uint8Array> {
  const cols = columns(timeZone)
  const encoder = new TextEncoder()
  const line = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(`\ufeff${line(cols.map(([header]) => header))}`))
      }
      const next = await pages.next()
      if (next.done) controller.close()
      else {
        const byId = await timelines(next.value.map((s) => s.id))
        const rows = next.value.map((s) => ({ s, timeline: byId.get(s.id) ?? [] }))
        controller.enqueue(encoder.encode(rows.map((row) => line(cols.map(([, value]) => value(row)))).join('')))
      }
    },
    async cancel() {
      await pages.return(undefined)
    },
  })
}
