// The inbox's server state, through TanStack Query (docs/decisions/026-lead-desk.md): the list of a
// view page by page (an infinite query, refetched every 15 s while the tab is visible, so new
// requests show up without a reload), the counts every answer carries, the response times, a
// request's timeline; and the changes, each of which puts the server's version of the request
// into every cached list and updates the counts.
import {
  infiniteQueryOptions,
  keepPreviousData,
  QueryClient,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query'
import { useCallback } from 'react'
import { api, isSignedOut } from './api.ts'
import type { Counts, ListQuery, Page, Submission } from './types.ts'

/** How often the list is refetched while the tab is visible. */
export const POLL_MS = 15_000

const keys = {
  lists: ['submissions'] as const,
  list: (query: ListQuery) => ['submissions', query] as const,
  counts: ['counts'] as const,
  responseTimes: ['response-times'] as const,
  alertHealth: ['alert-health'] as const,
  activity: (id: string) => ['activity', id] as const,
  sources: (from: string, to: string) => ['sources', from, to] as const,
  submission: (id: string) => ['submission', id] as const,
  push: ['push'] as const,
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A lost session is not worth retrying; a network blip is, twice.
        retry: (failures, error) => !isSignedOut(error) && failures < 2,
        refetchOnWindowFocus: true,
      },
    },
  })
}

type ListPage = { success: true } & Page

/** What the inbox shows first: every request but spam and the trash, unfiltered. */
export const FIRST_VIEW: ListQuery = { view: 'all', q: '', status: '', service: '', source: '' }

/** The list of a view and its filters, as a query: its key, how to fetch a page, where the next starts. */
const submissionsQuery = (client: QueryClient, query: ListQuery) =>
  infiniteQueryOptions({
    queryKey: keys.list(query),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.list(query, pageParam, signal)
      client.setQueryData(keys.counts, page.counts)
      return page
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage) => last.nextCursor,
  })

/** The first page of a view and its filters, and the next ones on demand. */
export function useSubmissions(query: ListQuery) {
  const client = useQueryClient()
  return useInfiniteQuery({
    ...submissionsQuery(client, query),
    refetchInterval: POLL_MS,
    // A new view or filter: the old list stays on screen (dimmed) until the new one is there.
    placeholderData: keepPreviousData,
  })
}

/** Starts fetching the first page the moment the login succeeds, before the inbox has even drawn. */
export function prefetchFirstPage(client: QueryClient): void {
  void client.prefetchInfiniteQuery(submissionsQuery(client, FIRST_VIEW))
}

/** The counts of the server's latest answer (every list page and change carries them). */
export function useCounts(): Counts | undefined {
  return useQuery({
    queryKey: keys.counts,
    queryFn: () => Promise.reject(new Error('counts come with the list')),
    enabled: false,
  }).data
}

/** The median first response; asked for once the list is there (`ready`), not competing with it. */
export function useResponseTimes(ready: boolean) {
  return useQuery({
    queryKey: keys.responseTimes,
    queryFn: async () => (await api.responseTimes()).periods,
    refetchInterval: 5 * 60_000,
    enabled: ready,
  })
}

/** The Sources report of a period (office days, both included), fetched while it is shown. */
export function useSourcesReport(from: string, to: string) {
  return useQuery({
    queryKey: keys.sources(from, to),
    queryFn: () => api.sources(from, to),
    refetchInterval: 5 * 60_000,
  })
}

/** Whether alerts reach the office; asked once the list is there, then every minute. */
export function useAlertHealth(ready: boolean) {
  return useQuery({
    queryKey: keys.alertHealth,
    queryFn: () => api.alertHealth(),
    refetchInterval: 60_000,
    enabled: ready,
  })
}

/** A request's timeline, fetched when it is opened. */
export function useActivity(id: string, open: boolean) {
  return useQuery({ queryKey: keys.activity(id), queryFn: async () => (await api.activity(id)).items, enabled: open })
}

/**
 * Puts the server's answer to a change into the caches: the request in every list that holds it
 * (where it stays, even if it no longer belongs to that view, until the next refetch; `drop`
 * takes it out at once), the counts, and a fresh timeline next time it is looked at.
 */
export function useApplyChange() {
  const client = useQueryClient()
  return useCallback(
    (answer: { item?: Submission; counts: Counts }, { drop = false }: { drop?: boolean } = {}) => {
      client.setQueryData(keys.counts, answer.counts)
      const { item } = answer
      if (item) {
        client.setQueriesData<InfiniteData<ListPage>>(
          { queryKey: keys.lists },
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: drop
                  ? page.items.filter((i) => i.id !== item.id)
                  : page.items.map((i) => (i.id === item.id ? item : i)),
              })),
            },
        )
        if (client.getQueryData(keys.submission(item.id))) client.setQueryData(keys.submission(item.id), item)
        void client.invalidateQueries({ queryKey: keys.activity(item.id) })
      }
      void client.invalidateQueries({ queryKey: keys.responseTimes })
    },
    [client],
  )
}

/** After a change to many requests at once: every list again from the server. */
export function useRefreshLists() {
  const client = useQueryClient()
  return useCallback(() => client.invalidateQueries({ queryKey: keys.lists }), [client])
}

/** One request, opened by its link (/admin?request=<id>, a tapped notification). */
export function useSubmission(id: string | null) {
  return useQuery({
    queryKey: keys.submission(id ?? ''),
    queryFn: async () => (await api.get(id!)).item,
    enabled: id !== null,
    retry: false,
  })
}

/** The server's VAPID key and the devices subscribed, when this browser can have notifications. */
export function usePushDevices(enabled: boolean) {
  return useQuery({ queryKey: keys.push, queryFn: () => api.push(), enabled })
}

export function useRefreshPush() {
  const client = useQueryClient()
  return useCallback(() => client.invalidateQueries({ queryKey: keys.push }), [client])
}
