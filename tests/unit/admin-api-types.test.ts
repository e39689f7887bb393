// The admin API is typed once (decision 034): the inbox's client (src/admin/api.ts) is built from
// the type of the server's routes (AdminApi), so what the inbox reads of an answer is what the
// server's route answers, and a route, a method, an input or a field the server does not have is
// a compile error in the inbox. `npm run typecheck` checks this file: each `expectTypeOf` must
// hold, and each `@ts-expect-error` must meet an error (an unused one is an error itself), so a
// client typed by hand again, or routes whose types degrade to `any`, fail here. (Vitest runs the
// file too; type assertions check nothing at run time.)
import { hc, type InferRequestType } from 'hono/client'
import { expectTypeOf, test } from 'vitest'
import type { Answer, api } from '../../src/admin/api.ts'
import type { Counts as InboxCounts, Submission as InboxSubmission, Tally } from '../../src/admin/types.ts'
import type { AlertHealth } from '../../src/lead/alerts.ts'
import type { Counts, SubmissionChanges } from '../../src/lead/submission.ts'
import type { BookedSubmission, BookingStatus } from '../../src/lead/booking.ts'
import type { AdminApi } from '../../src/server/admin/api.ts'
import type { FiltersInput, ListInput } from '../../src/server/admin/validate.ts'
import type { callTotals } from '../../src/server/db/calls.ts'
import type { StoredSubscription } from '../../src/server/db/push.ts'
import type { sourcesReport } from '../../src/server/db/sources.ts'
import type { responseTime } from '../../src/server/db/submissions.ts'
import type { CustomerView } from '../../src/server/db/customers.ts'

type Api = typeof api
/** A client typed as the inbox's is (no call is made). */
const client = hc<AdminApi>('/api/admin')

test("the inbox's answers are the server's own types", () => {
  // A request and the counts: the lead domain's types, as the routes hand them over.
  expectTypeOf<InboxSubmission>().toEqualTypeOf<BookedSubmission>()
  expectTypeOf<InboxCounts>().toEqualTypeOf<Counts>()
  expectTypeOf<Answer<'list'>>().toEqualTypeOf<{
    success: true
    items: BookedSubmission[]
    nextCursor: string | null
    counts: Counts
  }>()
  expectTypeOf<Answer<'update'>>().toEqualTypeOf<{ success: true; item: BookedSubmission; counts: Counts }>()
  // The Sources report, the response times and the devices: what the server's queries return.
  expectTypeOf<Answer<'sources'>['sources']>().toEqualTypeOf<Awaited<ReturnType<typeof sourcesReport>>>()
  expectTypeOf<Answer<'sources'>['calls']>().toEqualTypeOf<Awaited<ReturnType<typeof callTotals>>>()
  expectTypeOf<Tally>().toEqualTypeOf<Awaited<ReturnType<typeof callTotals>>['byDay'][number]>()
  expectTypeOf<Answer<'responseTimes'>['periods'][number]>().toEqualTypeOf<Awaited<ReturnType<typeof responseTime>>>()
  expectTypeOf<Answer<'push'>['devices'][number]>().toEqualTypeOf<Omit<StoredSubscription, 'p256dh' | 'auth'>>()
  expectTypeOf<Omit<Answer<'alertHealth'>, 'success'>>().toEqualTypeOf<AlertHealth>()
  // A customer's view (decision 052), and what a merge answers.
  expectTypeOf<Answer<'customer'>['customer']>().toEqualTypeOf<CustomerView>()
  expectTypeOf<Answer<'merge'>>().toEqualTypeOf<{
    success: true
    merge: number
    kept: string
    merged: string
    moved: number
    customer: CustomerView
  }>()
  // Only the success answer: a refusal is thrown as an ApiError, never returned.
  expectTypeOf<Answer<'testPush'>>().toEqualTypeOf<{ success: true; status: number }>()
  expectTypeOf<Answer<'logout'>>().toEqualTypeOf<{ success: true }>()
})

test("the inbox sends what the server's routes take", () => {
  expectTypeOf<Parameters<Api['update']>[1]>().toEqualTypeOf<SubmissionChanges>()
  expectTypeOf<Parameters<Api['contact']>[1]>().toEqualTypeOf<'call' | 'text'>()
  expectTypeOf<InferRequestType<typeof client.submissions.$get>['query']>().toEqualTypeOf<ListInput>()
  expectTypeOf<
    InferRequestType<(typeof client.submissions)['mark-read']['$post']>['json']
  >().toEqualTypeOf<FiltersInput>()
  type Patch = InferRequestType<(typeof client.submissions)[':id']['$patch']>
  expectTypeOf<Patch['param']>().toEqualTypeOf<{ id: string }>()
  expectTypeOf<Patch['json']>().toEqualTypeOf<SubmissionChanges>()
  expectTypeOf<Parameters<Api['merge']>>().toEqualTypeOf<[kept: string, merged: string]>()
})

test("online booking's calls: a change's answer like every change's, the routes' own inputs", () => {
  expectTypeOf<Answer<'book'>>().toEqualTypeOf<Answer<'update'>>()
  expectTypeOf<Answer<'confirmBooking'>>().toEqualTypeOf<Answer<'update'>>()
  expectTypeOf<Answer<'cancelBooking'>>().toEqualTypeOf<Answer<'update'>>()
  expectTypeOf<Answer<'dayRoom'>['day']>().toEqualTypeOf<Answer<'schedule'>['days'][number]>()
  type Visit = Answer<'schedule'>['days'][number]['windows'][number]['visits'][number]
  expectTypeOf<Visit['status']>().toEqualTypeOf<BookingStatus>()
  type Booking = InferRequestType<(typeof client.submissions)[':id']['booking']['$put']>
  expectTypeOf<Booking['json']>().toEqualTypeOf<{ window: string }>()
  type Room = InferRequestType<(typeof client.schedule.days)[':date']['$put']>
  expectTypeOf<Room['json']>().toEqualTypeOf<{ visitsPerWindow: number | null }>()
})

test('a field, a route or an input the server does not have is a compile error', () => {
  // Compiled, never run: the lines under each `@ts-expect-error` must not compile.
  const misuses = () => {
    const list = {} as Answer<'list'>
    // @ts-expect-error: the list's answer has no `total` (the counts have)
    void list.total
    // @ts-expect-error: a request has no `phone_number`
    void list.items[0]?.phone_number
    const periods = {} as Answer<'responseTimes'>['periods']
    // @ts-expect-error: the response times give `medianMs`, not `median`
    void periods[0].median
    // @ts-expect-error: there is no `stats` call: the server has no such route
    type _Stats = Answer<'stats'>
    const update = {} as Api['update']
    // @ts-expect-error: `is_read` is a boolean
    void update('id', { is_read: 'yes' })
    // @ts-expect-error: `priority` is not a field a change may hold
    void update('id', { priority: 'high' })
    const contact = {} as Api['contact']
    // @ts-expect-error: a contact is a call or a text
    void contact('id', 'fax')
    // @ts-expect-error: the path is /submissions/:id, not /submission/:id
    void client.submission
    // @ts-expect-error: the counts are read, never sent
    void client.counts.$post
  }
  expectTypeOf(misuses).toBeFunction()
})
