// The Alerts button with the unviewed total on its badge (docs/navigation.md#top-bar-panels, docs/constants.md: at most 99, then '99+'); a new
// alert shows a toast.
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useTranslation } from 'react-i18next';
import { PanelButton, type PanelButtonState } from '../../../platform/panel/panel-button.tsx';
import { useRecentAlertsTotals } from '../api/get-recent-alerts-totals.ts';
import { useNewAlertToast } from './use-new-alert-toast.ts';

export function AlertsButton({
  cloudId,
  pushAlerts,
  ...state
}: { readonly cloudId: number; readonly pushAlerts: boolean } & PanelButtonState) {
  const { t } = useTranslation();
  const total = useRecentAlertsTotals(cloudId, pushAlerts).data?.notViewedTotal;
  useNewAlertToast(cloudId, total);
  const count = total ?? 0;
  return (
    <PanelButton
      {...state}
      title={t('shell.topBar.alerts')}
      badge={count}
      countLabel={t('shell.topBar.alertsUnviewed', { count })}
    >
      <NotificationsIcon />
    </PanelButton>
  );
}
