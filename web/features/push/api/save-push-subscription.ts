// PUT /apiv2/user/push-subscriptions: saves or refreshes this browser's subscription for the user.
import type { PushSubscriptionJson } from '../../../../core/api/push.ts';
import { apiPut } from '../../../platform/http.ts';

export function savePushSubscription(subscription: PushSubscriptionJson): Promise<{ ok: true }> {
  return apiPut<{ ok: true }>('/apiv2/user/push-subscriptions', subscription);
}
