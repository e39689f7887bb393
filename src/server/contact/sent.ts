// /contact/sent/<id>: where a form sent without JavaScript lands once its request is stored (POST
// /api/contact answers 303 See Other to here). For an hour after the request arrived, the page is
// /contact/sent with the confirmation that stays: the name and phone number repeated, when to
// expect the call, "call now" for an urgent request, the outside-area note; the same words as the
// panel above the form after a send with JavaScript (src/lead/confirmation.ts). Later, or for
// an id that is no request (or spam), it sends the visitor to the plain /contact/sent. Never kept
// by a browser or a proxy: it names a person.
import { Hono } from 'hono'
import type { ContactSentData } from '../../catalogue/page-data.ts'
import { confirmationWords } from '../../lead/confirmation.ts'
import type { AppEnv } from '../app.ts'
import type { BuildInfo } from '../build-info.ts'
import type { Db } from '../db/client.ts'
import { getSubmission } from '../db/submissions.ts'
import type { Logger } from '../log.ts'
import type { PageRenderer } from '../page-render.ts'
import { isSubmissionId } from '../admin/validate.ts'
import { bookingsOf } from '../db/bookings.ts'
import { listActivity } from '../db/activity.ts'
import type { BookingDesk } from './booking.ts'

/** How long after its arrival a request's confirmation page shows it. */
const CONFIRMATION_MS = 60 * 60_000

export function contactSentPage({
  db,
  log,
  renderer,
  build,
  booking,
  now = () => Date.now(),
}: {
  db: Db
  log: Logger
  renderer: PageRenderer
  build: BuildInfo
  /** Online booking: the confirmation names the window booked, or says the one chosen had filled. */
  booking?: BookingDesk | undefined
  now?: () => number
}): Hono<AppEnv> {
  const pageData: ContactSentData | undefined = build.contactSentData
  const unavailable = !pageData
    ? 'dist/build-info.json has no data of /contact/sent: it comes from an older build; run `npm run build`'
    : renderer.unavailable
  if (unavailable) log.warn('/contact/sent cannot show a request', { reason: unavailable })

  const page = new Hono<AppEnv>()
  page.get('/:id', async (c) => {
    c.header('cache-control', 'no-store')
    const id = c.req.param('id')
    const plain = () => c.redirect('/contact/sent', 303)
    if (unavailable || !pageData || !isSubmissionId(id)) return plain()
    const request = await getSubmission(db, id).catch((error: unknown) => {
      log.error('the confirmation of a request could not be read', { error })
      return undefined
    })
    const at = now()
    if (!request || request.is_spam || at - Date.parse(request.created_at) > CONFIRMATION_MS) return plain()
    const words = confirmationWords(
      build.contactForm,
      {
        name: request.name,
        phone: request.phone ?? '',
        urgent: request.urgency !== null,
        outside: request.zip !== null && request.zip_place === null,
        booking: booking ? booking.words(await windowAsked(db, id)) : null,
      },
      build.office,
      at,
    )
    try {
      const rendered = await renderer.render('/contact/sent', { contactConfirmation: words, contactSentData: pageData })
      for (const [name, value] of Object.entries(rendered.headers)) c.header(name, value)
      c.header('cache-control', 'no-store')
      return c.html(rendered.html, 200)
    } catch (error) {
      log.error('the confirmation page could not be rendered', { error })
      return plain()
    }
  })
  return page
}

/** The window a request asked for, as its booking and timeline tell: booked, filled meanwhile, or none. */
async function windowAsked(db: Db, id: string) {
  const held = (await bookingsOf(db, [id])).get(id)
  if (held && held.status !== 'cancelled') return { booked: true as const, window: held }
  const timeline = await listActivity(db, id)
  return timeline.some((entry) => entry.kind === 'booking_full') ? { booked: false as const } : undefined
}
