// Watches the polled unviewed total: when it grows, the newest alert is fetched and announced in a 3 s toast
// (docs/constants.md); when it changes otherwise, the cached list is refreshed. Nothing happens on the first count.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NEW_ALERT_TOAST_MS } from '../../../../core/constants.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { recentAlertsQueryOptions } from '../api/get-recent-alerts.ts';
import { alertTitle } from './alert-texts.ts';

/** A newer alert toast replaces an older one still on screen. */
const NEW_ALERT_DOMAIN = 'alerts.new-alert';

export function useNewAlertToast(cloudId: number, total: number | undefined): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const last = useRef<{ cloudId: number; total: number } | null>(null);

  useEffect(() => {
    if (total === undefined) return;
    const previous = last.current?.cloudId === cloudId ? last.current.total : null;
    last.current = { cloudId, total };
    if (previous === null || previous === total) return;
    const options = recentAlertsQueryOptions(cloudId);
    if (total < previous) {
      // Zero next to a list already all seen is what marking them viewed just did: nothing to refetch.
      const cached = queryClient.getQueryData(options.queryKey);
      const agrees = total === 0 && (cached?.alerts.every((alert) => alert.is_viewed) ?? true);
      if (!agrees) void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true });
      return;
    }
    queryClient.fetchQuery({ ...options, staleTime: 0 }).then(
      ({ alerts }) => {
        const newest = alerts[0];
        if (!newest || newest.is_viewed) return;
        showMessage({
          content: t('alerts.toast.newAlert', { title: alertTitle(t, newest) }),
          variant: 'info',
          domain: NEW_ALERT_DOMAIN,
          autoClose: NEW_ALERT_TOAST_MS,
        });
      },
      // The badge already tells; the list shows its own failure when opened.
      () => undefined,
    );
  }, [cloudId, total, queryClient, t]);
}
