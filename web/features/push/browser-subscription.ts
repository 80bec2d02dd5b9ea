// Whether this browser is subscribed to push, as a query the toggle reads and its steps update.
import { queryOptions } from '@tanstack/react-query';
import { LOCAL_ERRORS } from '../../platform/errors/error-policy-host.tsx';
import { pushKeys } from './api/keys.ts';
import { currentSubscription } from './browser-push.ts';

export function browserSubscriptionQueryOptions() {
  return queryOptions({
    queryKey: pushKeys.browserSubscription(),
    /** The subscription's endpoint, or null when this browser has none. */
    queryFn: async () => (await currentSubscription())?.endpoint ?? null,
    // A browser that cannot tell is taken as not subscribed; the toggle offers to turn push on.
    meta: LOCAL_ERRORS,
    retry: false,
  });
}
