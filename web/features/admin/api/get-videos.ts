// GET /apiv2/admin/videos: every promotional video, active or not, oldest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminVideoList } from '../../../../core/api/admin.ts';
import { apiGet } from '../../../platform/http.ts';
import { adminKeys } from './keys.ts';

export function videosQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.videos(),
    queryFn: () => apiGet<AdminVideoList>('/apiv2/admin/videos'),
  });
}

export function useVideos() {
  return useQuery(videosQueryOptions());
}
