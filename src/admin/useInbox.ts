// The inbox's state: the list of the current view and filters (page by page, newest first),
// the counts, and the changes the admin makes. Counts come from every answer, so tabs and header
// follow each change without a reload. New requests show up by polling GET /api/admin/counts
// while the tab is visible (docs/decisions/018-admin-app.md).
import { useCallback, useEffect, useRef, useState } from 'react'
import { api, ApiError, isSignedOut } from './api.ts'
import { TOASTS, type Toast } from './messages.ts'
import type { Counts, ListQuery, Status, Submission, SubmissionChanges } from './types.ts'

const POLL_MS = 15_000

type ListState = {
  items: Submission[]
  nextCursor: string | null
  /** loading: nothing to show yet (the skeleton); ready: items shown; failed: the first page could not be fetched. */
  phase: 'loading' | 'ready' | 'failed'
  /** A new first page is on its way while the old list stays on screen. */
  refreshing: boolean
  loadingMore: boolean
}

const sameCounts = (a: Counts | null, b: Counts) => a !== null && a.total === b.total && a.unread === b.unread && a.clients === b.clients && a.spam === b.spam

/** Newest first: created_at, then id, both descending (docs/admin-api.md). */
const isOlder = (a: Submission, than: Submission) => a.created_at < than.created_at || (a.created_at === than.created_at && a.id < than.id)

/**
 * A fresh first page merged into what is on screen: the page replaces the part it covers, older
 * rows already loaded by "Load more" stay (so a refresh never takes away what the admin scrolled to).
 */
export function mergeFirstPage(old: Pick<ListState, 'items' | 'nextCursor'>, page: { items: Submission[]; nextCursor: string | null }): Pick<ListState, 'items' | 'nextCursor'> {
  const last = page.items.at(-1)
  if (!last || page.nextCursor === null) return page
  const ids = new Set(page.items.map((i) => i.id))
  const rest = old.items.filter((i) => !ids.has(i.id) && isOlder(i, last))
  return { items: [...page.items, ...rest], nextCursor: rest.length > 0 ? old.nextCursor : page.nextCursor }
}

const errorDetail = (error: unknown) => (error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : undefined)

export function useInbox({ query, notify, onSignedOut }: { query: ListQuery; notify: (toast: Toast) => void; onSignedOut: () => void }) {
  const [list, setList] = useState<ListState>({ items: [], nextCursor: null, phase: 'loading', refreshing: false, loadingMore: false })
  const [counts, setCounts] = useState<Counts | null>(null)

  // The latest values, for callbacks that outlive a render (polling, answers arriving late).
  const queryRef = useRef(query)
  queryRef.current = query
  const listRef = useRef(list)
  listRef.current = list
  /** Written by applyCounts, the only setter of counts. */
  const countsRef = useRef(counts)
  /** Each first-page request gets a number; an answer that is not the newest is dropped. */
  const generation = useRef(0)
  /** A new view's first page is on its way: a background refresh would fetch the new view and merge it into the old list. */
  const replacing = useRef(false)

  /** Handles a failed call: a lost session goes back to the login form, anything else is a toast. */
  const failed = useCallback(
    (error: unknown, toast: Toast) => {
      if (isSignedOut(error)) onSignedOut()
      else {
        const detail = errorDetail(error)
        notify(detail ? { ...toast, detail } : toast)
      }
    },
    [notify, onSignedOut],
  )

  const applyCounts = useCallback((next: Counts) => {
    if (sameCounts(countsRef.current, next)) return
    countsRef.current = next
    setCounts(next)
  }, [])

  /** Fetches the first page of the current query: `replace` after a change of view or filter, `merge` for a background refresh. */
  const loadFirst = useCallback(
    async (mode: 'replace' | 'merge') => {
      if (mode === 'merge' && replacing.current) return
      const mine = ++generation.current
      replacing.current = mode === 'replace'
      setList((l) => (mode === 'replace' ? { ...l, phase: l.phase === 'ready' ? 'ready' : 'loading', refreshing: l.phase === 'ready', loadingMore: false } : l))
      try {
        const page = await api.list(queryRef.current)
        if (mine !== generation.current) return
        replacing.current = false
        applyCounts(page.counts)
        setList((l) => ({ ...(mode === 'merge' ? mergeFirstPage(l, page) : { items: page.items, nextCursor: page.nextCursor }), phase: 'ready', refreshing: false, loadingMore: false }))
      } catch (error) {
        if (mine !== generation.current) return
        replacing.current = false
        setList((l) => ({ ...l, phase: l.phase === 'ready' ? 'ready' : 'failed', refreshing: false }))
        failed(error, TOASTS.fetchFailed)
      }
    },
    [applyCounts, failed],
  )

  // A new view or filter: a new first page.
  const queryKey = `${query.view}\n${query.q}\n${query.status}\n${query.service}`
  useEffect(() => {
    void loadFirst('replace')
  }, [queryKey, loadFirst])

  const loadMore = useCallback(async () => {
    const { nextCursor, loadingMore } = listRef.current
    if (!nextCursor || loadingMore) return
    const mine = generation.current
    setList((l) => ({ ...l, loadingMore: true }))
    try {
      const page = await api.list(queryRef.current, nextCursor)
      // A newer first page replaced the list meanwhile: this page belongs to the old one.
      if (mine !== generation.current) return setList((l) => ({ ...l, loadingMore: false }))
      applyCounts(page.counts)
      setList((l) => {
        const ids = new Set(l.items.map((i) => i.id))
        return { ...l, items: [...l.items, ...page.items.filter((i) => !ids.has(i.id))], nextCursor: page.nextCursor, loadingMore: false }
      })
    } catch (error) {
      setList((l) => ({ ...l, loadingMore: false }))
      failed(error, TOASTS.fetchFailed)
    }
  }, [applyCounts, failed])

  // New requests without a reload: poll the counts while the tab is visible, and refresh the
  // first page when they or the newest request's time change.
  useEffect(() => {
    let latest: string | null | undefined
    let running = false
    const poll = async () => {
      if (running || document.visibilityState !== 'visible') return
      running = true
      try {
        const answer = await api.counts()
        const changed = !sameCounts(countsRef.current, answer.counts) || (latest !== undefined && answer.latest !== latest)
        latest = answer.latest
        applyCounts(answer.counts)
        if (changed && listRef.current.phase !== 'loading') await loadFirst('merge')
      } catch (error) {
        // A missed poll is retried on the next tick; only a lost session needs the admin.
        if (isSignedOut(error)) onSignedOut()
      } finally {
        running = false
      }
    }
    const timer = window.setInterval(poll, POLL_MS)
    const onVisible = () => document.visibilityState === 'visible' && void poll()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [applyCounts, loadFirst, onSignedOut])

  /** Applies one change and puts the server's version of the row in the list. */
  const change = useCallback(
    async (item: Submission, body: SubmissionChanges, ok: Toast, ko: Toast, { dropFromView = false } = {}): Promise<ApiError | null> => {
      try {
        const answer = await api.update(item.id, body)
        applyCounts(answer.counts)
        setList((l) => ({
          ...l,
          items: dropFromView ? l.items.filter((i) => i.id !== item.id) : l.items.map((i) => (i.id === item.id ? answer.item : i)),
        }))
        notify(ok)
        return null
      } catch (error) {
        failed(error, ko)
        return error instanceof ApiError ? error : new ApiError(0, String(error))
      }
    },
    [applyCounts, failed, notify],
  )

  const actions = {
    markRead: async (item: Submission, read: boolean) => {
      await change(item, { is_read: read }, read ? TOASTS.markedRead : TOASTS.markedUnread, TOASTS.updateFailed)
    },
    setStatus: async (item: Submission, status: Status) => {
      await change(item, { status }, TOASTS.statusUpdated, TOASTS.statusFailed)
    },
    saveClient: (item: Submission, body: SubmissionChanges) => change(item, body, TOASTS.clientSaved, TOASTS.clientFailed),
    notSpam: async (item: Submission) => {
      await change(item, { is_spam: false }, TOASTS.notSpam, TOASTS.updateFailed, { dropFromView: queryRef.current.view === 'spam' })
    },
    remove: async (item: Submission): Promise<boolean> => {
      try {
        const answer = await api.remove(item.id)
        applyCounts(answer.counts)
        setList((l) => ({ ...l, items: l.items.filter((i) => i.id !== item.id) }))
        notify(TOASTS.deleted)
        return true
      } catch (error) {
        failed(error, TOASTS.deleteFailed)
        return false
      }
    },
  }

  return { list, counts, loadMore, retry: () => loadFirst('replace'), actions }
}
