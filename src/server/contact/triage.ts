// The triage of a new request: everything decided about it before it is stored, in one place.
// Whether it is spam (only strong evidence) or possibly spam (weak signals, named), why it is
// urgent, whether the office was closed when it came, and the place of its ZIP code in the service
// area. A pure function of the message, its envelope (how it came) and the build's facts (the
// urgency rules, the office's hours, the ZIP codes of the area), with the instant it came: the
// contact API calls it, the store writes what it decided.
import { isOpen } from '../../lead/business-hours.ts'
import { MIN_FILL_MS, type ContactMessage } from '../../lead/message.ts'
import { placeOfZip } from '../../lead/service-area.ts'
import { urgencyOf } from '../../lead/urgency.ts'
import type { BuildInfo } from '../build-info.ts'

/** How the request came: the envelope fields that came malformed, and whether it came as JSON (as the form's script sends it). */
type Envelope = { odd?: readonly string[]; json?: boolean; crossSite?: string | null }

/** The build's facts the triage reads (dist/build-info.json); without one, that part decides nothing. */
export type TriageFacts = Partial<Pick<BuildInfo, 'urgency' | 'office' | 'zipPlaces'>>

export type Verdict = {
  /** Why the request is spam (filed as spam, not announced), or null. */
  spamReason: string | null
  /** Why a request that is not spam might be ("Possible spam" in the inbox), or null. */
  suspicion: string | null
  /** Why it is urgent for the lead desk, or null. */
  urgency: string | null
  /** The office was closed when it came. */
  afterHours: boolean
  /** The place of its ZIP code in the service area; null when it gave none, or one outside. */
  zipPlace: string | null
}

/** Links in a message from which it looks like advertising rather than a question. */
export const MANY_LINKS = 3
const LINK = /\bhttps?:\/\/|\bwww\./gi

/**
 * Why a request is spam, or null. Only strong evidence files a request as spam: the honeypot, a
 * field no person sees, filled in. Spam is stored flagged, never dropped, and not announced.
 */
export function spamReason(message: ContactMessage): string | null {
  return message.website ? 'honeypot field filled in' : null
}

/**
 * Why a request that is not spam might be, or null: weak signals, each alone common enough among
 * real visitors that the request stays in the inbox and is announced, with the reason beside it
 * ("Possible spam"). docs/decisions/028-possible-spam-and-limits.md.
 */
export function suspicionOf(
  message: ContactMessage,
  { odd = [], json = false, crossSite = null }: Envelope = {},
): string | null {
  const reasons: string[] = []
  // A page elsewhere posting here (request.ts crossSiteOf): possibly a stranger's address to confirm.
  if (crossSite) reasons.push(crossSite)
  if (message.elapsedMs !== undefined && message.elapsedMs < MIN_FILL_MS)
    reasons.push(`sent ${(message.elapsedMs / 1000).toFixed(1)} s after the form was first touched`)
  // The form's script always sends the fill time; a JSON body without it was not sent by the form.
  if (json && message.elapsedMs === undefined && !odd.includes('elapsedMs')) reasons.push('sent without the form')
  // Every form, with or without JavaScript, names the page it was sent from.
  if (message.page === undefined && !odd.includes('page')) reasons.push('no page named')
  if (odd.length > 0) reasons.push(`malformed ${odd.join(', ')}`)
  const links = message.message?.match(LINK)?.length ?? 0
  if (links >= MANY_LINKS) reasons.push(`${links} links in the message`)
  return reasons.length > 0 ? reasons.join('; ') : null
}

/** What is decided about `message`, which came at `at` (ms since the epoch) in `envelope`. */
export function triage(message: ContactMessage, envelope: Envelope, facts: TriageFacts, at: number): Verdict {
  const reason = spamReason(message)
  return {
    spamReason: reason,
    suspicion: reason === null ? suspicionOf(message, envelope) : null,
    urgency: facts.urgency ? urgencyOf(message, facts.urgency) : null,
    afterHours: facts.office ? !isOpen(facts.office.hours, facts.office.timeZone, at) : false,
    zipPlace: facts.zipPlaces ? placeOfZip(facts.zipPlaces, message.zip) : null,
  }
}
