// The inbox's writes, each a TanStack Query mutation (decision 034). What the office asked shows at
// once (an optimistic update of the cached lists, the opened request, the timeline); the server's
// version of the request and its counts replace it when it answers; a refusal puts back what was
// there, with the "Error" toast (SPEC §8 texts, word for word). A control is busy while its own
// mutation is pending. A request's visit (booked, moved, confirmed, cancelled) and a day's room in
// the Schedule are written here too. Push notifications' writes are in push-switch.ts.
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { useOutcome } from './actions.ts'
import { api, type Answer } from './api.ts'
import { TOASTS, type Toast } from './messages.ts'
import { keys, type ListData } from './queries.ts'
import type { CallOutcome } from '../lead/activity.ts'
import type { ListQuery, Submission, SubmissionChanges } from './types.ts'

/** A change's answer: the request as it is now, and the counts. */
type Changed = Answer<'update'>
type Timeline = Answer<'activity'>['items']

/** What the cache held before a change showed: every list, the request opened by its link, its timeline. */
type Before = [QueryKey, unknown][]

/** Each cached list with `edit` applied to every page's items, and `counts` (an answer's) in every page. */
function editLists(
  client: QueryClient,
  edit: (items: Submission[]) => Submission[],
  counts?: Changed['counts'],
  queryKey: QueryKey = keys.lists,
) {
  client.setQueriesData<ListData>(
    { queryKey },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: edit(page.items), ...(counts ? { counts } : {}) })),
      },
  )
}

/** The request `id` replaced by `item` in a list's items, or taken out (null). */
const put = (id: string, item: Submission | null) => (items: Submission[]) =>
  item ? items.map((i) => (i.id === id ? item : i)) : items.filter((i) => i.id !== id)

/** The request `item` as shown everywhere it is cached (null: out of the lists). */
function showItem(client: QueryClient, id: string, item: Submission | null) {
  editLists(client, put(id, item))
  if (item && client.getQueryData(keys.submission(id))) client.setQueryData(keys.submission(id), item)
}

/**
 * Before a change shows: a refetch of the lists already on its way is stopped (it would bring the
 * old version back over the new one; a next page on its way is left to come), and what the cache
 * holds is kept, to be put back if the server refuses.
 */
async function holdAndKeep(client: QueryClient, id?: string): Promise<Before> {
  await client.cancelQueries({
    queryKey: keys.lists,
    predicate: (query) => query.state.data !== undefined && !query.state.fetchMeta?.fetchMore,
  })
  const kept: Before = client.getQueriesData({ queryKey: keys.lists })
  if (id) kept.push([keys.submission(id), client.getQueryData(keys.submission(id))])
  if (id) kept.push([keys.activity(id), client.getQueryData(keys.activity(id))])
  return kept
}

const putBack = (client: QueryClient, before: Before) => {
  for (const [key, data] of before) client.setQueryData(key, data)
}

/**
 * A list on its way at a change (a search typed just before, a tab just opened) may have been read
 * by the server before the change, and would show the old version over the new one. When it
 * arrives, `edit` is applied to it, and it is asked for again. (Invalidating it at once would not
 * do: TanStack Query joins a first fetch still on its way instead of starting another.)
 */
function mendOnArrival(client: QueryClient, edit: (items: Submission[]) => Submission[]) {
  const cache = client.getQueryCache()
  const onTheirWay = new Set(
    cache
      .findAll({ queryKey: keys.lists, fetchStatus: 'fetching' })
      .filter((query) => !query.state.fetchMeta?.fetchMore)
      .map((query) => query.queryHash),
  )
  if (onTheirWay.size === 0) return
  const stop = cache.subscribe(({ type, query }) => {
    // Arrived (or failed): no longer on its way.
    if (type !== 'updated' || query.state.fetchStatus !== 'idle' || !onTheirWay.delete(query.queryHash)) return
    if (onTheirWay.size === 0) stop()
    const key = query.queryKey as QueryKey
    editLists(client, edit, undefined, key)
    void client.invalidateQueries({ queryKey: key })
  })
}

/**
 * The server's answer to a change, into the cache: the request in every list that holds it (where
 * it stays, even if it no longer belongs to that view, until the next refetch; `leaves` takes it
 * out at once) and in the opened one, the counts in every page; a list on its way is mended when
 * it arrives and asked for again; its timeline and the response times are fetched again.
 */
export function putAnswer(client: QueryClient, { item, counts }: Changed, leaves: boolean) {
  const edit = put(item.id, leaves ? null : item)
  editLists(client, edit, counts)
  mendOnArrival(client, edit)
  if (client.getQueryData(keys.submission(item.id))) client.setQueryData(keys.submission(item.id), item)
  void client.invalidateQueries({ queryKey: keys.activity(item.id) })
  void client.invalidateQueries({ queryKey: keys.responseTimes })
  // A visit booked, moved or cancelled, or its request trashed or restored: the Schedule is not the same.
  void client.invalidateQueries({ queryKey: keys.schedule })
}

/**
 * The "Undo" of a bulk or destructive change's toast: `run` reverses it on the server; then the
 * lists are fetched again and a toast says how it went.
 */
function useUndo() {
  const client = useQueryClient()
  const { succeeded, failed } = useOutcome()
  return (run: () => Promise<unknown>, done: Toast, ko: Toast) => () => {
    run().then(
      () => {
        succeeded(done)
        void client.invalidateQueries({ queryKey: keys.lists })
      },
      (error: unknown) => failed(error, ko),
    )
  }
}

/** A write to one request: how it is sent, what shows meanwhile, where its answer goes, its toasts. */
type Write<V extends { item: Submission }> = {
  send: (vars: V) => Promise<Changed>
  /** Shows the change before the server answers (nothing changes until then when absent). */
  meanwhile?: (client: QueryClient, vars: V) => void
  /** The server's version leaves the lists: the request moved to another view (spam, the trash, back). */
  leaves?: boolean | ((vars: V) => boolean)
  ok: (vars: V) => Toast | null
  ko: (vars: V) => Toast
}

function useWrite<V extends { item: Submission }>({ send, meanwhile, leaves = false, ok, ko }: Write<V>) {
  const client = useQueryClient()
  const { succeeded, failed } = useOutcome()
  return useMutation({
    mutationFn: send,
    onMutate: async (vars) => {
      if (!meanwhile) return undefined
      const before = await holdAndKeep(client, vars.item.id)
      meanwhile(client, vars)
      return before
    },
    onError: (error, vars, before) => {
      if (before) putBack(client, before)
      failed(error, ko(vars))
    },
    onSuccess: (answer, vars) => {
      putAnswer(client, answer, typeof leaves === 'function' ? leaves(vars) : leaves)
      succeeded(ok(vars))
    },
  })
}

/** A change of a request's fields, with its toasts: read or unread, status, spam or not, client details, follow-up. */
export type Change = { item: Submission; changes: SubmissionChanges; ok: Toast; ko: Toast }

/** Spam or not moves the request to another view: it leaves the lists at once. */
const movesView = ({ changes }: Change) => changes.is_spam !== undefined

export function useChange() {
  const undo = useUndo()
  return useWrite<Change>({
    send: ({ item, changes }) => api.update(item.id, changes),
    meanwhile: (client, change) =>
      showItem(client, change.item.id, movesView(change) ? null : { ...change.item, ...change.changes }),
    leaves: movesView,
    // Into spam or out of it, the request leaves the list: the toast can bring it back.
    ok: ({ ok, item, changes }) =>
      ok && changes.is_spam !== undefined
        ? {
            ...ok,
            undo: undo(
              () => api.update(item.id, { is_spam: !changes.is_spam }),
              changes.is_spam ? TOASTS.notSpam : TOASTS.movedToSpam,
              TOASTS.undoFailed,
            ),
          }
        : ok,
    ko: ({ ko }) => ko,
  })
}

/** A tap on Call or Text, recorded (its effects on the request are the server's to say). */
export function useContact() {
  return useWrite<{ item: Submission; channel: 'call' | 'text' }>({
    send: ({ item, channel }) => api.contact(item.id, channel),
    ok: () => null,
    ko: () => TOASTS.contactFailed,
  })
}

/** How a call went (reached, no answer, left message): the server sets the status and the card's last action. */
export function useCallOutcome() {
  return useWrite<{ item: Submission; outcome: CallOutcome }>({
    send: ({ item, outcome }) => api.outcome(item.id, outcome),
    ok: () => null,
    ko: () => TOASTS.outcomeFailed,
  })
}

/** A note, shown at once at the top of the timeline. */
export function useNote() {
  return useWrite<{ item: Submission; text: string }>({
    send: ({ item, text }) => api.note(item.id, text),
    meanwhile: (client, { item, text }) =>
      client.setQueryData<Timeline>(keys.activity(item.id), (entries) =>
        entries
          ? [
              { id: -Date.now(), at: new Date().toISOString(), kind: 'note', detail: text.trim(), author: null },
              ...entries,
            ]
          : entries,
      ),
    ok: () => TOASTS.noteSaved,
    ko: () => TOASTS.noteFailed,
  })
}

/** A job's value or the reason lost entered (or cleared): the server's version shows when it answers. */
export function useJobOutcome() {
  return useWrite<{ item: Submission; outcome: Parameters<typeof api.jobOutcome>[1] }>({
    send: ({ item, outcome }) => api.jobOutcome(item.id, outcome),
    ok: () => TOASTS.jobOutcomeSaved,
    ko: () => TOASTS.jobOutcomeFailed,
  })
}

/** To the trash or out of it: out of the lists shown at once (the Trash's, or the others). */
const useMove = (send: (id: string) => Promise<Changed>, ok: Toast, ko: Toast) =>
  useWrite<{ item: Submission }>({
    send: ({ item }) => send(item.id),
    meanwhile: (client, { item }) => showItem(client, item.id, null),
    leaves: true,
    ok: () => ok,
    ko: () => ko,
  })

/** To the trash, with "Undo" on its toast: restored at once. */
export function useTrash() {
  const undo = useUndo()
  return useWrite<{ item: Submission }>({
    send: ({ item }) => api.trash(item.id),
    meanwhile: (client, { item }) => showItem(client, item.id, null),
    leaves: true,
    ok: ({ item }) => ({
      ...TOASTS.deleted,
      undo: undo(() => api.restore(item.id), TOASTS.restored, TOASTS.restoreFailed),
    }),
    ko: () => TOASTS.deleteFailed,
  })
}
export const useRestore = () => useMove(api.restore, TOASTS.restored, TOASTS.restoreFailed)

/** The request `item` with its booking's status set (shown before the server answers). */
const withBookingStatus = (item: Submission, status: 'confirmed' | 'cancelled'): Submission =>
  item.booking ? { ...item, booking: { ...item.booking, status } } : item

/** The visit confirmed (the office called the customer), shown at once. */
export function useConfirmBooking() {
  return useWrite<{ item: Submission }>({
    send: ({ item }) => api.confirmBooking(item.id),
    meanwhile: (client, { item }) => showItem(client, item.id, withBookingStatus(item, 'confirmed')),
    ok: () => TOASTS.bookingConfirmed,
    ko: () => TOASTS.confirmFailed,
  })
}

/** Whether a request holds a window now (a cancelled booking holds none). */
export const isBooked = (item: Submission) => item.booking !== null && item.booking.status !== 'cancelled'

/** A visit booked in a window, or the booking moved there: shown when the server has found it room. */
export function useBook() {
  return useWrite<{ item: Submission; window: string }>({
    send: ({ item, window }) => api.book(item.id, window),
    ok: ({ item }) => (isBooked(item) ? TOASTS.bookingMoved : TOASTS.visitBooked),
    ko: ({ item }) => (isBooked(item) ? TOASTS.moveFailed : TOASTS.bookFailed),
  })
}

/** The visit cancelled (its window free again), shown at once. */
export function useCancelBooking() {
  return useWrite<{ item: Submission }>({
    send: ({ item }) => api.cancelBooking(item.id),
    meanwhile: (client, { item }) => showItem(client, item.id, withBookingStatus(item, 'cancelled')),
    ok: () => TOASTS.bookingCancelled,
    ko: () => TOASTS.cancelFailed,
  })
}

/** One day's visits per window (null: booking.yaml's again); the Schedule's day replaced by the server's answer. */
export function useDayRoom() {
  const client = useQueryClient()
  const { succeeded, failed } = useOutcome()
  return useMutation({
    mutationFn: ({ date, visitsPerWindow }: { date: string; visitsPerWindow: number | null }) =>
      api.dayRoom(date, visitsPerWindow),
    onError: (error) => failed(error, TOASTS.roomFailed),
    onSuccess: ({ day }) => {
      client.setQueryData<Answer<'schedule'>>(
        keys.schedule,
        (data) => data && { ...data, days: data.days.map((d) => (d.date === day.date ? day : d)) },
      )
      succeeded(TOASTS.roomSaved)
    },
  })
}

/** Every unread request of a view and its filters, read: those shown at once; then every list again from the server. */
export function useMarkAllRead() {
  const client = useQueryClient()
  const { succeeded, failed } = useOutcome()
  const undo = useUndo()
  return useMutation({
    mutationFn: (query: ListQuery) => api.markAllRead(query),
    onMutate: async (query) => {
      const before = await holdAndKeep(client)
      client.setQueryData<ListData>(
        keys.list(query),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, items: page.items.map((i) => ({ ...i, is_read: true })) })),
          },
      )
      return before
    },
    onError: (error, _query, before) => {
      if (before) putBack(client, before)
      failed(error, TOASTS.allReadFailed)
    },
    onSuccess: ({ marked, batch, counts }) => {
      editLists(client, (items) => items, counts)
      void client.invalidateQueries({ queryKey: keys.responseTimes })
      succeeded({
        ...TOASTS.allRead(marked),
        ...(marked > 0
          ? { undo: undo(() => api.undoMarkAllRead(batch), TOASTS.allReadUndone(marked), TOASTS.undoFailed) }
          : {}),
      })
      void client.invalidateQueries({ queryKey: keys.lists })
    },
  })
}

/** Every request of this person's phone number or e-mail address, deleted for good; the lists again from the server. */
export function useErase() {
  const client = useQueryClient()
  const { succeeded, failed } = useOutcome()
  return useMutation({
    mutationFn: ({ phone, email }: Submission) =>
      api.erase({ ...(phone ? { phone } : {}), ...(email ? { email } : {}) }),
    onError: (error) => failed(error, TOASTS.eraseFailed),
    // The confirmation closes once the lists are fetched again.
    onSuccess: async ({ erased }) => {
      succeeded(TOASTS.erased(erased))
      await client.invalidateQueries({ queryKey: keys.lists })
    },
  })
}
