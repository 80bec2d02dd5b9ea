// docs/states.md drawer state machine: closed, open, closing. The shell keeps the drawer drawn while closing
// and ends the closing phase with a timer of closingDelayMs.

export type DrawerState = 'closed' | 'open' | 'closing';
export type DrawerAction = { readonly type: 'toggle' } | { readonly type: 'closingEnded' };

/** docs/states.md: closing ends this long after the slide transition's own time. */
export const CLOSING_GRACE_MS = 100;

/**
 * Toggle: open goes to closing, any other state to open. closingEnded moves closing to closed and is
 * ignored otherwise, so a timer left over from an earlier closing cannot close a reopened drawer.
 */
export function drawerReducer(state: DrawerState, action: DrawerAction): DrawerState {
  switch (action.type) {
    case 'toggle':
      return state === 'open' ? 'closing' : 'open';
    case 'closingEnded':
      return state === 'closing' ? 'closed' : state;
  }
}

/** How long after entering closing the drawer is closed: the transition time plus 100 ms. */
export function closingDelayMs(transitionMs: number): number {
  if (!Number.isFinite(transitionMs) || transitionMs < 0) {
    throw new RangeError(`Invalid transition time: ${transitionMs}`);
  }
  return transitionMs + CLOSING_GRACE_MS;
}

/** Whether the drawer is drawn at all (it stays drawn while it slides out). */
export const isDrawerMounted = (state: DrawerState) => state !== 'closed';
/** Whether the drawer is open, or sliding out (false while closing, so it animates away). */
export const isDrawerOpen = (state: DrawerState) => state === 'open';
