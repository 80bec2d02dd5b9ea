// DELETE /apiv2/user/push-subscriptions: the user no longer gets push notifications in this browser.
import { apiDelete } from '../../../platform/http.ts';

export function deletePushSubscription(endpoint: string): Promise<{ ok: true }> {
  return apiDelete<{ ok: true }>('/apiv2/user/push-subscriptions', { endpoint });
}
