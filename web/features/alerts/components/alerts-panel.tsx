// The recent alerts (docs/navigation.md#top-bar-panels, docs/states.md): unseen until the panel closes, which marks them all viewed.
import { useTranslation } from 'react-i18next';
import type { PanelPlacement } from '../../../platform/panel/top-bar-panel.tsx';
import { TopBarPanel } from '../../../platform/panel/top-bar-panel.tsx';
import { useOnPanelClosed } from '../../../platform/panel/use-on-panel-closed.ts';
import { PushToggle } from '../../push/index.ts';
import { useMarkAlertsAsViewed } from '../api/mark-alerts-as-viewed.ts';
import { RecentAlertsList } from './recent-alerts-list.tsx';

export function AlertsPanel({ cloudId, ...placement }: { readonly cloudId: number } & PanelPlacement) {
  const { t } = useTranslation();
  const markViewed = useMarkAlertsAsViewed(cloudId).mutate;
  useOnPanelClosed(placement.anchorEl !== null, () => markViewed());
  return (
    <TopBarPanel {...placement} title={t('alerts.panel.title')} actions={<PushToggle cloudId={cloudId} />}>
      <RecentAlertsList cloudId={cloudId} onNavigate={placement.onClose} />
    </TopBarPanel>
  );
}
