// docs/constants.md notifications token refresh: the server keeps this browser's current subscription, and a
// subscription the browser dropped is made again.
import type { QueryClient } from '@tanstack/react-query';
import { vapidPublicKeyQueryOptions } from './api/get-vapid-public-key.ts';
import { savePushSubscription } from './api/save-push-subscription.ts';
import { renewSubscription } from './browser-push.ts';
import { browserSubscriptionQueryOptions } from './browser-subscription.ts';

export async function refreshPushToken(queryClient: QueryClient): Promise<void> {
  try {
    const subscription = await renewSubscription(
      async () => (await queryClient.fetchQuery(vapidPublicKeyQueryOptions())).public_key,
    );
    if (!subscription) return;
    await savePushSubscription(subscription);
    queryClient.setQueryData(browserSubscriptionQueryOptions().queryKey, subscription.endpoint);
  } catch {
    // A background chore never interrupts the page; the next refresh tries again.
  }
}
