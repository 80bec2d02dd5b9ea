// Writing, editing, publishing, unpublishing and deleting a Latest News post (/apiv2/admin/news-posts).
// Each refreshes the posts list, and the administrator's own news panel, which shows published posts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminNewsPost, NewsPostBody, NewsPostPatch } from '../../../../core/api/admin.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiPatch, apiPost } from '../../../platform/http.ts';
import { inboxQueryOptions } from '../../news/index.ts';
import { adminKeys } from './keys.ts';

export type NewsPostChange =
  | { kind: 'create'; body: NewsPostBody }
  | { kind: 'update'; uuid: string; body: NewsPostPatch }
  | { kind: 'publish' | 'unpublish' | 'delete'; uuid: string };

const path = (uuid: string) => `/apiv2/admin/news-posts/${uuid}`;

function send(change: NewsPostChange): Promise<AdminNewsPost | { ok: true }> {
  switch (change.kind) {
    case 'create':
      return apiPost('/apiv2/admin/news-posts', change.body);
    case 'update':
      return apiPatch(path(change.uuid), change.body);
    case 'delete':
      return apiDelete(path(change.uuid));
    default:
      return apiPost(`${path(change.uuid)}/${change.kind}`);
  }
}

export function useNewsPostChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // The post form shows a 400's field errors beside its fields.
    meta: FIELD_ERRORS,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.newsPostLists() }),
        queryClient.invalidateQueries({ queryKey: inboxQueryOptions().queryKey }),
      ]),
  });
}
