// Webhooks' calls (docs/webhooks.md#the-calls) under /apiv2/cloud/:cloudId/webhooks.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDeliveryPage,
  WebhookPage,
  WebhookTestAnswer,
} from '../../../../core/api/webhooks.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../platform/http.ts';
import { webhookKeys } from './keys.ts';

const webhooksPath = (cloudId: number) => `/apiv2/cloud/${cloudId}/webhooks`;
/** While a delivery waits for its attempt, the log is asked again at this pace. */
export const DELIVERIES_REFRESH_MS = 2000;

export function useWebhooks(cloudId: number | null, offset: number) {
  return useQuery({
    queryKey: webhookKeys.list(cloudId ?? 0, offset),
    queryFn: () => apiGet<WebhookPage>(webhooksPath(cloudId ?? 0), { offset, limit: LIST_PAGE_SIZE }),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useWebhookDeliveries(cloudId: number, webhookId: number, offset: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(cloudId, webhookId, offset),
    queryFn: () =>
      apiGet<WebhookDeliveryPage>(`${webhooksPath(cloudId)}/${webhookId}/deliveries`, {
        offset,
        limit: LIST_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.state === 'pending')
        ? DELIVERIES_REFRESH_MS
        : false,
  });
}

export type WebhookSave =
  | { readonly webhookId: null; readonly body: CreateWebhookBody }
  | { readonly webhookId: number; readonly body: UpdateWebhookBody };

export function useSaveWebhook(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (save: WebhookSave): Promise<Webhook> =>
      save.webhookId === null
        ? apiPost<Webhook>(webhooksPath(cloudId), save.body)
        : apiPatch<Webhook>(`${webhooksPath(cloudId)}/${save.webhookId}`, save.body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(cloudId) }),
  });
}

export type WebhookAction =
  | { readonly kind: 'test'; readonly webhookId: number }
  | { readonly kind: 'enable'; readonly webhookId: number; readonly enabled: boolean }
  | { readonly kind: 'delete'; readonly webhookId: number };

export function useWebhookAction(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (action: WebhookAction): Promise<unknown> => {
      const path = `${webhooksPath(cloudId)}/${action.webhookId}`;
      switch (action.kind) {
        case 'test':
          return apiPost<WebhookTestAnswer>(`${path}/test`);
        case 'enable':
          return apiPatch<Webhook>(path, { enabled: action.enabled });
        case 'delete':
          return apiDelete(path);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(cloudId) }),
  });
}
