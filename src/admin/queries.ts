// The inbox's reads, through TanStack Query (docs/decisions/026-lead-desk.md, 034): the one
// factory of query keys, the list of a view page by page (an infinite query, refetched every 15 s
// while the tab is visible, so new requests show up without a reload) with the counts each page
// carries, the response times, a request's timeline, the Sources report, the Schedule of visits,
// whether alerts get through, and the devices that get pushes. The writes are in mutations.ts.
import {
  infiniteQueryOptions,
  keepPreviousData,
  QueryClient,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query'
import { api, ApiError, isSignedOut, type Answer } from './api.ts'
import type { Counts, ListQuery } from './types.ts'

/** How often the list is refetched while the tab is visible. */
const POLL_MS = 15_000

/** Every key of the inbox's cache. */
export const keys = {
  lists: ['submissions'] as const,
  list: (query: ListQuery) => ['submissions', query] as const,
  responseTimes: ['response-times'] as const,
  alertHealth: ['alert-health'] as const,
  activity: (id: string) => ['activity', id] as const,
  sources: (from: string, to: string) => ['sources', from, to] as const,
  outcomes: (from: string, to: string) => ['outcomes', from, to] as const,
  siteSpeed: (from: string, to: string) => ['site-speed', from, to] as const,
  submission: (id: string) => ['submission', id] as const,
  push: ['push'] as const,
  schedule: ['schedule'] as const,
  visitsDue: ['visits-due'] as const,
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

/** A list as cached: the pages fetched so far. */
export type ListData = InfiniteData<Answer<'list'>>

/** What the inbox shows first: every request but spam and the trash, unfiltered. */
export const FIRST_VIEW: ListQuery = { view: 'all', q: '', status: '', service: '', source: '' }

/** The list of a view and its filters, as a query: its key, how to fetch a page, where the next starts. */
const submissionsQuery = (query: ListQuery) =>
  infiniteQueryOptions({
    queryKey: keys.list(query),
    queryFn: ({ pageParam, signal }) => api.list(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

/** The first page of a view and its filters, and the next ones on demand. */
export function useSubmissions(query: ListQuery) {
  return useInfiniteQuery({
    ...submissionsQuery(query),
    refetchInterval: POLL_MS,
    // A new view or filter: the old list stays on screen (dimmed) until the new one is there.
    placeholderData: keepPreviousData,
  })
}

/**
 * The counts of the server's latest answer: every page carries them, the last one fetched is the
 * newest, and a change's answer puts its own into every page (mutations.ts).
 */
export const countsOf = (data: { pages: Answer<'list'>[] } | undefined): Counts | undefined =>
  data?.pages.at(-1)?.counts

/** Starts fetching the first page the moment the login succeeds, before the inbox has even drawn. */
export function prefetchFirstPage(client: QueryClient): void {
  void client.prefetchInfiniteQuery(submissionsQuery(FIRST_VIEW))
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

/** What a period's requests became (the Sources report's outcomes), fetched while the report is shown. */
export function useOutcomesReport(from: string, to: string) {
  return useQuery({ queryKey: keys.outcomes(from, to), queryFn: () => api.outcomes(from, to) })
}

/** The live site's speed of a period (office days, both included), fetched while the report is shown. */
export function useSiteSpeed(from: string, to: string) {
  return useQuery({
    queryKey: keys.siteSpeed(from, to),
    queryFn: () => api.siteSpeed(from, to),
    refetchInterval: 5 * 60_000,
  })
}

/** The Schedule (the days offered, today first, with their windows and visits), fetched while it is shown or a visit is being booked. */
export function useSchedule() {
  return useQuery({
    queryKey: keys.schedule,
    queryFn: () => api.schedule(),
    refetchInterval: 60_000,
    // Online booking off (404) or the session gone is not worth retrying; a network blip is.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  })
}

/** The clients' visits due (overdue, this month, next month), fetched while the view is shown. */
export function useVisitsDue() {
  return useQuery({ queryKey: keys.visitsDue, queryFn: () => api.visitsDue(), refetchInterval: 5 * 60_000 })
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
