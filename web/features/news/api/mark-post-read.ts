// POST /apiv2/user/inbox-blog-posts: marks one post or every post read (docs/states.md news posts, docs/api.md#the-calls). The panel
// shows the post read at once and takes the server's inbox when the call returns.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Inbox, MarkInboxRead } from '../../../../core/api/news.ts';
import { apiPost } from '../../../platform/http.ts';
import { inboxQueryOptions } from './get-inbox.ts';

export type MarkReadTarget = { readonly uuid: string } | { readonly all: true };

const MARK_READ_KEY = ['news', 'mark-read'] as const;

export function markPostRead(target: MarkReadTarget): Promise<Inbox> {
  const body: MarkInboxRead = 'all' in target ? { all: true } : { uuid: target.uuid };
  return apiPost<Inbox>('/apiv2/user/inbox-blog-posts', body);
}

/** The inbox as it reads once the target is read. */
export function withRead(inbox: Inbox, target: MarkReadTarget): Inbox {
  const posts = inbox.posts.map((post) =>
    !post.viewed && ('all' in target || post.uuid === target.uuid) ? { ...post, viewed: true } : post,
  );
  return { ...inbox, posts, unreadCount: posts.filter((post) => !post.viewed).length };
}

export function useMarkPostRead() {
  const queryClient = useQueryClient();
  const { queryKey } = inboxQueryOptions();
  return useMutation({
    mutationKey: MARK_READ_KEY,
    mutationFn: markPostRead,
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, withRead(previous, target));
      return { previous };
    },
    onError: async (_error, _target, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      await queryClient.invalidateQueries({ queryKey, exact: true });
    },
    onSuccess: (inbox) => {
      // An answer to an earlier click must not undo what a later, still running click shows.
      if (queryClient.isMutating({ mutationKey: MARK_READ_KEY }) <= 1)
        queryClient.setQueryData(queryKey, inbox);
    },
  });
}
