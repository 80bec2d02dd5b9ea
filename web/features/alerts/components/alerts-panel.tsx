// The recent alerts (SPEC §2.3, §4): built by the alerts panel work.
import type { PanelPlacement } from '../../../platform/panel/top-bar-panel.tsx';
import { TopBarPanel } from '../../../platform/panel/top-bar-panel.tsx';

export function AlertsPanel({ cloudId, ...placement }: { readonly cloudId: number } & PanelPlacement) {
  return (
    <TopBarPanel {...placement} title="Alerts">
      {cloudId}
    </TopBarPanel>
  );
}
