// GET /apiv2/user/inbox-blog-posts: the Latest News posts, their read state and the unread count (docs/api.md#the-calls,
// docs/constants.md: refreshed every 20 minutes, and fetched again when the last fetch was before today).
import { type Query, queryOptions, useQuery } from '@tanstack/react-query';
import type { Inbox } from '../../../../core/api/news.ts';
import { INBOX_REFRESH_MS } from '../../../../core/constants.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet } from '../../../platform/http.ts';
import { newsKeys } from './keys.ts';

export function getInbox(): Promise<Inbox> {
  return apiGet<Inbox>('/apiv2/user/inbox-blog-posts');
}

export function inboxQueryOptions() {
  return queryOptions({
    queryKey: newsKeys.inbox(),
    queryFn: getInbox,
    // A badge that fails to load stays empty and the panel says so, rather than interrupting the page.
    meta: LOCAL_ERRORS,
  });
}

/** Whether the data was fetched before today's local midnight (never fetched counts as before). */
export function fetchedBeforeToday(dataUpdatedAt: number, now = Date.now()): boolean {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return dataUpdatedAt < midnight.getTime();
}

// Opening the panel or coming back to the app refetches yesterday's inbox, however fresh it looked.
const refetchWhenFromBeforeToday = (query: Query<Inbox, Error, Inbox, readonly ['news', 'inbox']>) =>
  fetchedBeforeToday(query.state.dataUpdatedAt) ? ('always' as const) : false;

/** The inbox, for the button's badge and the panel: every observer shares the same refresh rules. */
export function useInbox() {
  return useQuery({
    ...inboxQueryOptions(),
    refetchInterval: INBOX_REFRESH_MS,
    refetchOnMount: refetchWhenFromBeforeToday,
    refetchOnWindowFocus: refetchWhenFromBeforeToday,
  });
}

/** The unread count alone, where the Latest News button is hidden (the More menu below md). */
export function useUnreadNewsCount(enabled: boolean): number {
  return useQuery({ ...inboxQueryOptions(), enabled }).data?.unreadCount ?? 0;
}
