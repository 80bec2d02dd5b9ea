// Latest News (SPEC §2.3, §4): built by the news panel work.
import NewspaperIcon from '@mui/icons-material/Newspaper';
import { PanelButton, type PanelButtonState } from '../../../platform/panel/panel-button.tsx';
import type { PanelPlacement } from '../../../platform/panel/top-bar-panel.tsx';
import { TopBarPanel } from '../../../platform/panel/top-bar-panel.tsx';

export function NewsButton(state: PanelButtonState) {
  return (
    <PanelButton {...state} title="Latest News">
      <NewspaperIcon />
    </PanelButton>
  );
}

export function NewsPanel(placement: PanelPlacement) {
  return (
    <TopBarPanel {...placement} title="Latest News">
      {null}
    </TopBarPanel>
  );
}
