// The task tracker (SPEC §2.3, §4): built by the tasks panel work.
import SvgIcon from '@mui/material/SvgIcon';
import { PanelButton, type PanelButtonState } from '../../../platform/panel/panel-button.tsx';
import type { PanelPlacement } from '../../../platform/panel/top-bar-panel.tsx';
import { TopBarPanel } from '../../../platform/panel/top-bar-panel.tsx';

export function TasksButton({ cloudId, ...state }: { readonly cloudId: number } & PanelButtonState) {
  return (
    <PanelButton {...state} title="Tasks" badge={cloudId * 0}>
      <SvgIcon />
    </PanelButton>
  );
}

export function TasksPanel({ cloudId, ...placement }: { readonly cloudId: number } & PanelPlacement) {
  return (
    <TopBarPanel {...placement} title="Tasks">
      {cloudId}
    </TopBarPanel>
  );
}
