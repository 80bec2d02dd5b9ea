// Mounted once in the signed-in shell: while push alerts are on in any of the user's clouds, this browser's
// push subscription is refreshed every PUSH_TOKEN_REFRESH_MS (docs/constants.md). Renders nothing.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PUSH_TOKEN_REFRESH_MS } from '../../../../core/constants.ts';
import { useCachedMe } from '../../auth/index.ts';
import { refreshPushToken } from '../refresh-push-token.ts';

export function PushTokenRefresh() {
  const queryClient = useQueryClient();
  const pushOn = useCachedMe()?.memberships.some((membership) => membership.push_alerts) ?? false;
  useEffect(() => {
    if (!pushOn) return;
    const timer = setInterval(() => void refreshPushToken(queryClient), PUSH_TOKEN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pushOn, queryClient]);
  return null;
}
