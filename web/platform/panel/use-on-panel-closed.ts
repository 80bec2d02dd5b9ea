// "Closing the panel marks ... viewed" (docs/states.md): runs an action each time a panel goes from open to closed,
// however it was closed (Escape, a click outside, a link followed, another panel opened).
import { useEffect, useRef } from 'react';

export function useOnPanelClosed(open: boolean, onClosed: () => void): void {
  const wasOpen = useRef(open);
  const action = useRef(onClosed);
  action.current = onClosed;
  useEffect(() => {
    if (wasOpen.current && !open) action.current();
    wasOpen.current = open;
  }, [open]);
}
