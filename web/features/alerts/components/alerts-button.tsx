// The Alerts button with the unviewed total on its badge (SPEC §2.3, §9: at most 99, then '99+').
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useTranslation } from 'react-i18next';
import { PanelButton, type PanelButtonState } from '../../../platform/panel/panel-button.tsx';
import { useRecentAlertsTotals } from '../api/get-recent-alerts-totals.ts';

export function AlertsButton({
  cloudId,
  pushAlerts,
  ...state
}: { readonly cloudId: number; readonly pushAlerts: boolean } & PanelButtonState) {
  const { t } = useTranslation();
  const count = useRecentAlertsTotals(cloudId, pushAlerts).data?.notViewedTotal ?? 0;
  const title = t('shell.topBar.alerts');
  return (
    <PanelButton
      {...state}
      title={title}
      label={count > 0 ? t('shell.topBar.alertsUnviewed', { count }) : title}
      badge={count}
    >
      <NotificationsIcon />
    </PanelButton>
  );
}
