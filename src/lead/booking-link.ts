// What the page of a customer's booking link shows (/booking/<token>, pages/booking-manage/,
// src/server/booking/page.ts): every word already chosen by the server from content/booking.yaml,
// so the page only lays them out. Browser-safe: types only.
import type { FixedPageData } from '../catalogue/page-data.ts'

/** A window the visit can move to, in its day's group. */
type WindowChoice = { id: string; label: string }

/** The page's state: the booking with its forms, the visit just cancelled, or a link that is not valid. */
export type BookingLinkView =
  | {
      kind: 'booking'
      title: string
      /** The business the visit is with. */
      company: string
      /** "Your arrival window", then the window in words, then its status. */
      heading: string
      window: string
      status: string
      /** What the last action did: moved, or the window chosen had filled. */
      notice: { text: string; tone: 'done' | 'problem' } | undefined
      move: {
        legend: string
        button: string
        /** Where the form posts. */
        action: string
        /** The window booked: chosen first in the list. */
        current: WindowChoice
        days: { label: string; windows: WindowChoice[] }[]
        /** Instead of the list when no other window is free. */
        none: string | undefined
      }
      cancel:
        | { step: 'ask'; button: string; href: string }
        | { step: 'confirm'; question: string; yes: string; no: string; action: string; back: string }
    }
  | { kind: 'cancelled'; title: string; heading: string; window: string; text: string }
  | { kind: 'invalid'; title: string; text: string }

/** The page's data: the layout's, a no-index head, the call button's words, and the state. */
export type BookingLinkPage = FixedPageData & { callLabel: string; view: BookingLinkView }
