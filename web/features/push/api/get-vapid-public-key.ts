// GET /apiv2/push/vapid-public-key: the key this browser subscribes to push with.
import { queryOptions } from '@tanstack/react-query';
import type { VapidPublicKey } from '../../../../core/api/push.ts';
import { apiGet } from '../../../platform/http.ts';
import { pushKeys } from './keys.ts';

export function getVapidPublicKey(): Promise<VapidPublicKey> {
  return apiGet<VapidPublicKey>('/apiv2/push/vapid-public-key');
}

export function vapidPublicKeyQueryOptions() {
  return queryOptions({
    queryKey: pushKeys.vapidPublicKey(),
    queryFn: getVapidPublicKey,
    // The server keeps one key pair for good.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
