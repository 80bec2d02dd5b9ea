// Search Everywhere (SPEC §2.3, §5): built by the search panel work.
import type { PanelPlacement } from '../../../platform/panel/top-bar-panel.tsx';
import { TopBarPanel } from '../../../platform/panel/top-bar-panel.tsx';

export function SearchPanel({ cloudId, ...placement }: { readonly cloudId: number } & PanelPlacement) {
  return (
    <TopBarPanel {...placement} title="Search Everywhere">
      {cloudId}
    </TopBarPanel>
  );
}
