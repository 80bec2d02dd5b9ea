// The push notifications toggle's state and steps (docs/states.md: enabled, disabled or pending).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../platform/messages/message-store.ts';
import { meQueryOptions, useCachedMe } from '../auth/index.ts';
import { deletePushSubscription } from './api/delete-push-subscription.ts';
import { vapidPublicKeyQueryOptions } from './api/get-vapid-public-key.ts';
import { savePushSubscription } from './api/save-push-subscription.ts';
import { setPushAlerts, storePushAlerts } from './api/set-push-alerts.ts';
import {
  currentSubscription,
  PushUnavailableError,
  pushSupported,
  subscribeBrowser,
} from './browser-push.ts';
import { browserSubscriptionQueryOptions } from './browser-subscription.ts';

export type PushToggleState = 'enabled' | 'disabled' | 'pending';

export function usePushToggle(cloudId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlerts = useCachedMe()?.memberships.find((m) => m.cloud_id === cloudId)?.push_alerts ?? false;
  const browser = useQuery({ ...browserSubscriptionQueryOptions(), enabled: pushAlerts });
  const storeEndpoint = (endpoint: string | null) =>
    queryClient.setQueryData(browserSubscriptionQueryOptions().queryKey, endpoint);

  // docs/errors.md: the browser refused or cannot; push alerts stay off.
  const showFailure = (error: unknown) =>
    showMessage({ content: t('push.toggle.failed'), variant: 'error', error });

  async function turnOn(): Promise<void> {
    if (!pushSupported()) return void showFailure(new PushUnavailableError('not supported'));
    const { public_key: publicKey } = await queryClient.fetchQuery(vapidPublicKeyQueryOptions());
    let subscription: Awaited<ReturnType<typeof subscribeBrowser>>;
    try {
      subscription = await subscribeBrowser(publicKey);
    } catch (error) {
      if (!(error instanceof PushUnavailableError)) throw error;
      return void showFailure(error);
    }
    await savePushSubscription(subscription);
    storeEndpoint(subscription.endpoint);
    await setPushAlerts(cloudId, true);
    storePushAlerts(queryClient, cloudId, true);
  }

  async function turnOff(): Promise<void> {
    await setPushAlerts(cloudId, false);
    storePushAlerts(queryClient, cloudId, false);
    const me = queryClient.getQueryData(meQueryOptions().queryKey);
    // One subscription serves every cloud of the user: it stays while another cloud still has push on.
    if (me?.memberships.some((membership) => membership.push_alerts)) return;
    const subscription = await currentSubscription();
    if (!subscription) return;
    await deletePushSubscription(subscription.endpoint);
    // The server no longer sends to it; a browser that fails to let go of it gets nothing more.
    await subscription.unsubscribe().catch(() => false);
    storeEndpoint(null);
  }

  // Server failures go to the app's error policy like any other call.
  const change = useMutation({ mutationFn: (on: boolean) => (on ? turnOn() : turnOff()) });

  const checking = pushAlerts && browser.isPending;
  const state: PushToggleState =
    change.isPending || checking ? 'pending' : pushAlerts && browser.data ? 'enabled' : 'disabled';
  /** What the switch shows: while a change is on its way, where it is going. */
  const checked = change.isPending ? change.variables : state === 'enabled';
  return { state, checked, setEnabled: (on: boolean) => change.mutate(on) };
}
