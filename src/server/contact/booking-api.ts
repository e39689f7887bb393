// Online booking's two pages on the public side: GET /api/booking/windows, the windows the
// contact form's script fills its choice with, and GET /contact/book, the contact page rendered
// with them in place for a browser without script (the link under the choice on /contact). Both
// read what is free now: never kept by a browser or a proxy.
import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../log.ts'
import type { BookingDesk } from './booking.ts'
import type { ContactPageRenderer } from './page.ts'

export function bookingApi({ db, log, desk }: { db: Db; log: Logger; desk: BookingDesk }): Hono<AppEnv> {
  const api = new Hono<AppEnv>()
  api.get('/windows', async (c) => {
    c.header('cache-control', 'no-store')
    try {
      return c.json({ days: await desk.choices(db, Date.now()) }, 200)
    } catch (error) {
      log.error('the arrival windows could not be read', { error })
      c.header('retry-after', '30')
      return c.json({ error: 'The arrival windows cannot be read right now.' }, 503)
    }
  })
  return api
}

export function bookingPage({
  db,
  log,
  desk,
  contactPage,
}: {
  db: Db
  log: Logger
  desk: BookingDesk
  contactPage: ContactPageRenderer
}): Hono<AppEnv> {
  const page = new Hono<AppEnv>()
  page.get('/', async (c) => {
    c.header('cache-control', 'no-store')
    try {
      const days = await desk.choices(db, Date.now())
      const rendered = await contactPage.render({ values: {}, problems: {}, booking: { days } })
      for (const [name, value] of Object.entries(rendered.headers)) c.header(name, value)
      c.header('cache-control', 'no-store')
      return c.html(rendered.html, 200)
    } catch (error) {
      // The form still works without the windows: the visitor is sent to it.
      log.error('the contact page with the arrival windows could not be rendered', { error })
      return c.redirect('/contact', 303)
    }
  })
  return page
}
