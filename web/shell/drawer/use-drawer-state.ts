// docs/states.md drawer state machine (core/navigation/drawer-state.ts) for the temporary drawer: closing ends
// after the slide-out transition plus 100 ms.
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useReducer } from 'react';
import { closingDelayMs, type DrawerState, drawerReducer } from '../../../core/navigation/drawer-state.ts';

export type DrawerControl = {
  readonly state: DrawerState;
  /** Open goes to closing; closed and closing go to open. */
  readonly toggle: () => void;
  /** Starts closing if the drawer is open; does nothing otherwise. */
  readonly close: () => void;
};

export function useDrawerState(): DrawerControl {
  const theme = useTheme();
  const [state, dispatch] = useReducer(drawerReducer, 'closed');
  const delay = closingDelayMs(theme.transitions.duration.leavingScreen);
  useEffect(() => {
    if (state !== 'closing') return;
    const timer = setTimeout(() => dispatch({ type: 'closingEnded' }), delay);
    return () => clearTimeout(timer);
  }, [state, delay]);
  const toggle = useCallback(() => dispatch({ type: 'toggle' }), []);
  const close = useCallback(() => {
    if (state === 'open') dispatch({ type: 'toggle' });
  }, [state]);
  return { state, toggle, close };
}
