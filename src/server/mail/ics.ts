// A calendar file of one event (RFC 5545, iCalendar), attached to the customer's confirmation when
// the request booked an arrival window: a calendar application adds the window from it. One VEVENT
// in a VCALENDAR published (METHOD:PUBLISH: for the calendar, no meeting to answer); times in UTC;
// lines ended with CRLF and folded at 75 octets; text values escaped. Pure: no clock, no I/O.

/** The event: its times and words. */
export type CalendarEvent = {
  /** Stable per event: a second file with the same UID replaces the first in a calendar. */
  uid: string
  /** When the file was made (DTSTAMP). */
  stamp: Date
  start: Date
  end: Date
  summary: string
  /** Where, when known. */
  location?: string | undefined
  description?: string | undefined
}

/** The content type of the attachment. */
export const CALENDAR_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH'

/** The line length limit of RFC 5545 §3.1, in octets, CRLF not counted. */
const LINE_OCTETS = 75

/** A UTC date-time value: 20261202T130000Z. */
export function utcStamp(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
}

/** A TEXT value escaped (RFC 5545 §3.3.11): backslash, semicolon, comma, and line breaks as \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/**
 * A content line folded (RFC 5545 §3.1): no line longer than 75 octets, each continuation begun
 * with one space (counted in its 75). Never inside a UTF-8 character: a line is cut between code
 * points.
 */
export function foldLine(line: string): string {
  const lines: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8')
    if (octets + size > LINE_OCTETS) {
      lines.push(current)
      current = ' '
      octets = 1
    }
    current += char
    octets += size
  }
  lines.push(current)
  return lines.join('\r\n')
}

/** The calendar file of one event, CRLF line endings throughout. `prodId`: who made it (PRODID). */
export function calendarFile(event: CalendarEvent, prodId: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${escapeText(prodId)}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
