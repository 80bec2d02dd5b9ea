// Adding, editing, turning on or off and deleting a promotional video (/apiv2/admin/videos). Each refreshes
// the list, and the promotional dialog's videos of every cloud (GET .../addons/advertisement).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVideo, VideoBody, VideoPatch } from '../../../../core/api/admin.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiPatch, apiPost } from '../../../platform/http.ts';
import { cloudsKeys } from '../../clouds/index.ts';
import { videosQueryOptions } from './get-videos.ts';

export type VideoChange =
  | { kind: 'create'; body: VideoBody }
  | { kind: 'update'; id: number; body: VideoPatch }
  | { kind: 'delete'; id: number };

function send(change: VideoChange): Promise<AdminVideo | { ok: true }> {
  if (change.kind === 'create') return apiPost('/apiv2/admin/videos', change.body);
  if (change.kind === 'update') return apiPatch(`/apiv2/admin/videos/${change.id}`, change.body);
  return apiDelete(`/apiv2/admin/videos/${change.id}`);
}

export function useVideoChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: FIELD_ERRORS,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: videosQueryOptions().queryKey }),
        // Every cloud's promotional dialog.
        queryClient.invalidateQueries({ queryKey: cloudsKeys.advertisements() }),
      ]),
  });
}
