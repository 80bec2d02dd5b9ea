// GET /apiv2/admin/news-posts: every Latest News post, drafts first, one page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminNewsPostList } from '../../../../core/api/admin.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { apiGet } from '../../../platform/http.ts';
import { adminKeys } from './keys.ts';

export function newsPostsQueryOptions(offset: number) {
  return queryOptions({
    queryKey: adminKeys.newsPosts(offset),
    queryFn: () => apiGet<AdminNewsPostList>('/apiv2/admin/news-posts', { offset, limit: LIST_PAGE_SIZE }),
  });
}

export function useNewsPosts(offset: number) {
  return useQuery({ ...newsPostsQueryOptions(offset), placeholderData: keepPreviousData });
}
