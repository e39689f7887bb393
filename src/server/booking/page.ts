// /booking/<token>: the page of the customer's link in the confirmation e-mail (docs/booking.md).
// No account: the signed token (token.ts) is the credential. The page shows the visit booked and
// its status, a form to move it to another free window and one to cancel it after a plain
// confirmation step (?cancel), each a POST that answers 303 back to the page with what it did
// (?done=moved, full, cancelled). A token that is not valid, or names a request that is gone, a
// visit cancelled or a window already over, gets one page, 404, that says the link is no longer
// valid and gives the phone number: it never tells whether a request exists. Rendered at request
// time with the site's layout (pages/booking-manage/), never kept by a browser or a proxy, and
// its address (the token) never sent on as a Referer.
import { Hono, type Context } from 'hono'
import { windowById, windowLabel, windowRefusal } from '../../lead/booking-windows.ts'
import type { StoredBooking } from '../../lead/booking.ts'
import type { BookingLinkPage, BookingLinkView } from '../../lead/booking-link.ts'
import { noIndexHead } from '../../seo/head.ts'
import type { AppEnv } from '../app.ts'
import type { BuildInfo } from '../build-info.ts'
import { bookingsOf, NoBooking, WindowFull } from '../db/bookings.ts'
import { changeBooking, TRASHED, type DeskClock } from '../db/changes.ts'
import type { Db } from '../db/client.ts'
import { getSubmission } from '../db/submissions.ts'
import type { Logger } from '../log.ts'
import type { PageRenderer } from '../page-render.ts'
import { crossSiteOf, limitBody } from '../request.ts'
import type { BookingDesk } from '../contact/booking.ts'
import { BOOKING_LINK_PATH, type BookingLinks } from './links.ts'

/** The route the server renders the page at (pages/booking-manage/+route.ts). */
const PAGE_ROUTE = '/booking/manage'

/** A form's body: one window id at most. */
const BODY_LIMIT = 2048

/** What the page's POSTs answer with: the notice the page then shows. */
type Done = 'moved' | 'full' | 'cancelled'

export type BookingLinkDeps = {
  db: Db
  log: Logger
  renderer: PageRenderer
  build: BuildInfo
  desk: BookingDesk
  links: BookingLinks
  clock: DeskClock
  publicOrigin: string
  /** Called after a change is committed: its alert waits in the outbox (wakes the alert worker). */
  onChange?: () => void
}

/**
 * Whether a POST comes from another site: the browser says it is not same-origin
 * (Sec-Fetch-Site: cross-site or same-site), or its Origin is another site's (crossSiteOf, as the
 * contact form judges it). The token in the address is the credential; this stops a page elsewhere
 * that learnt it from acting through the customer's browser.
 */
function crossSite(c: Context<AppEnv>, publicOrigin: string): boolean {
  // Stricter than the contact form: a sibling subdomain (same-site) is refused too.
  if (c.req.header('sec-fetch-site') === 'same-site') return true
  return crossSiteOf(c, publicOrigin) !== null
}

export function bookingLinkPage({
  db,
  log,
  renderer,
  build,
  desk,
  links,
  clock,
  publicOrigin,
  onChange,
}: BookingLinkDeps): Hono<AppEnv> {
  const pageData = build.contactSentData
  const unavailable = !pageData
    ? 'dist/build-info.json has no layout data (/contact/sent): it comes from an older build; run `npm run build`'
    : renderer.unavailable
  if (unavailable) log.warn('the page of a customer booking link cannot be rendered', { reason: unavailable })
  const { texts, link } = desk.rules
  const company = build.business.name
  const phone = build.business.phone.display
  const pageOf = (token: string) => `${BOOKING_LINK_PATH}/${token}`

  /** The request a token names, with its booking, while the link may act on it; null otherwise. */
  async function held(token: string, now: number): Promise<{ id: string; booking: StoredBooking } | null> {
    const id = await links.read(token, now)
    if (!id) return null
    const [request, bookings] = await Promise.all([getSubmission(db, id), bookingsOf(db, [id])])
    const booking = bookings.get(id)
    if (request?.deleted_at !== null || !booking || Date.parse(booking.endsAt) <= now) return null
    return { id, booking }
  }

  /** The page with `view`, with its status; a plain answer when the page cannot be rendered. */
  async function page(c: Context<AppEnv>, view: BookingLinkView, status: 200 | 404) {
    const data: BookingLinkPage | undefined = pageData && {
      chrome: { ...pageData.chrome, activeNav: null },
      head: noIndexHead(`${view.title} | ${company}`),
      callLabel: pageData.callLabel,
      view,
    }
    try {
      if (unavailable || !data) throw new Error(unavailable)
      const rendered = await renderer.render(PAGE_ROUTE, { bookingLink: data })
      for (const [name, value] of Object.entries(rendered.headers)) c.header(name, value)
      noTrace(c)
      return c.html(rendered.html, status)
    } catch (error) {
      log.error('the page of a customer booking link could not be rendered', { error })
      noTrace(c)
      return c.text(`${view.title}. ${link.invalidText}`, status === 404 ? 404 : 503)
    }
  }

  const notValid = (c: Context<AppEnv>) =>
    page(c, { kind: 'invalid', title: link.invalid, text: link.invalidText }, 404)

  /** The page of a booking that can be changed, with the free windows of now. */
  async function bookingView(token: string, booking: StoredBooking, done: string | undefined, asking: boolean) {
    const now = clock.now().getTime()
    const current = { id: `${booking.date}T${booking.start}`, label: `${windowLabel(booking)} (${link.current})` }
    const days = (await desk.choices(db, now))
      .map((day) => ({
        label: day.label,
        windows: day.windows.filter((w) => !w.full || w.id === current.id).map(({ id, label }) => ({ id, label })),
      }))
      .filter((day) => day.windows.length > 0)
    const others = days.some((day) => day.windows.some((w) => w.id !== current.id))
    const notices: Partial<Record<string, Extract<BookingLinkView, { kind: 'booking' }>['notice']>> = {
      moved: { text: link.moved, tone: 'done' },
      full: { text: link.full, tone: 'problem' },
    }
    const view: BookingLinkView = {
      kind: 'booking',
      title: link.title,
      company,
      heading: texts.booked,
      window: windowLabel(booking),
      status: booking.status === 'confirmed' ? link.confirmed : texts.bookedNote,
      notice: done === undefined ? undefined : notices[done],
      move: {
        legend: link.move,
        button: link.moveButton,
        action: `${pageOf(token)}/move`,
        current,
        days,
        none: others ? undefined : link.noOther,
      },
      cancel: asking
        ? {
            step: 'confirm',
            question: link.cancelQuestion,
            yes: link.cancelYes,
            no: link.cancelNo,
            action: `${pageOf(token)}/cancel`,
            back: pageOf(token),
          }
        : { step: 'ask', button: link.cancel, href: `${pageOf(token)}?cancel#cancel` },
    }
    return view
  }

  const app = new Hono<AppEnv>()

  app.get('/:token', async (c) => {
    noTrace(c)
    const token = c.req.param('token')
    const done = c.req.query('done')
    try {
      const found = await held(token, clock.now().getTime())
      if (!found) return await notValid(c)
      const { booking } = found
      if (booking.status === 'cancelled') {
        // Where the cancel lands (?done=cancelled): it says so. Otherwise the link is spent.
        if (done !== 'cancelled') return await notValid(c)
        const view: BookingLinkView = {
          kind: 'cancelled',
          title: link.title,
          heading: texts.booked,
          window: windowLabel(booking),
          text: link.cancelled,
        }
        return await page(c, view, 200)
      }
      return await page(c, await bookingView(token, booking, done, c.req.query('cancel') !== undefined), 200)
    } catch (error) {
      log.error('a customer booking link could not be read', { error })
      return c.text(`${link.invalidText} (${phone})`, 503)
    }
  })

  /** A POST of the page: refused from another site, then `act` on the booking the token names. */
  const post =
    (act: (c: Context<AppEnv>, found: { id: string; booking: StoredBooking }) => Promise<Done | 'same' | 'gone'>) =>
    async (c: Context<AppEnv>): Promise<Response> => {
      noTrace(c)
      if (crossSite(c, publicOrigin)) {
        log.warn('booking link post refused: cross-site', {
          origin: c.req.header('origin') ?? null,
          secFetchSite: c.req.header('sec-fetch-site') ?? null,
        })
        return c.text('This form can only be sent from its own page.', 403)
      }
      const token = c.req.param('token') ?? ''
      const found = await held(token, clock.now().getTime())
      if (!found || found.booking.status === 'cancelled') return notValid(c)
      const done = await act(c, found)
      if (done === 'gone') return notValid(c)
      if (done === 'same') return c.redirect(pageOf(token), 303)
      if (done !== 'full') onChange?.()
      return c.redirect(`${pageOf(token)}?done=${done}`, 303)
    }

  const tooLarge = (c: Context<AppEnv>) => c.text('Request too large.', 413)

  app.post(
    '/:token/move',
    limitBody(BODY_LIMIT, tooLarge),
    post(async (c, { id, booking }) => {
      const body: Record<string, unknown> = await c.req.parseBody().catch(() => ({}))
      const asked = typeof body.window === 'string' ? body.window : ''
      const window = windowById(desk.rules, desk.timeZone, asked)
      if (window?.date === booking.date && window.start === booking.start) return 'same'
      // A window no longer offered (too soon now, a closed day, not one of ours) is as good as full.
      if (!window || windowRefusal(desk.rules, desk.timeZone, window, clock.now().getTime())) return 'full'
      try {
        const changed = await changeBooking(db, id, { kind: 'move', window, by: 'customer' }, desk.roomOf, clock, {
          markAsRead: false,
        })
        return changed === undefined || changed === TRASHED ? 'gone' : 'moved'
      } catch (error) {
        if (error instanceof WindowFull) return 'full'
        throw error
      }
    }),
  )

  app.post(
    '/:token/cancel',
    limitBody(BODY_LIMIT, tooLarge),
    post(async (_c, { id }) => {
      try {
        const changed = await changeBooking(db, id, { kind: 'cancel', by: 'customer' }, desk.roomOf, clock, {
          markAsRead: false,
        })
        return changed === undefined || changed === TRASHED ? 'gone' : 'cancelled'
      } catch (error) {
        if (error instanceof NoBooking) return 'gone'
        throw error
      }
    }),
  )

  return app
}

/**
 * No copy kept anywhere, no Referer with the token sent to another site (same-origin: a browser
 * without Sec-Fetch-Site still sends this page's Origin with its forms), not indexed.
 */
function noTrace(c: Context<AppEnv>) {
  c.header('cache-control', 'no-store')
  c.header('referrer-policy', 'same-origin')
  c.header('x-robots-tag', 'noindex, nofollow')
}
