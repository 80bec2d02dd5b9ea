import { describe, expect, it } from 'vitest';
import {
  CLOSING_GRACE_MS,
  closingDelayMs,
  type DrawerState,
  drawerReducer,
  isDrawerMounted,
  isDrawerOpen,
} from './drawer-state.ts';

describe('drawer state machine (docs/states.md)', () => {
  it.each([
    ['open', 'closing'],
    ['closed', 'open'],
    ['closing', 'open'],
  ] as const)('toggle takes %s to %s', (from, to) => {
    expect(drawerReducer(from, { type: 'toggle' })).toBe(to);
  });

  it.each([
    ['closing', 'closed'],
    ['open', 'open'],
    ['closed', 'closed'],
  ] as const)('the end of closing takes %s to %s', (from, to) => {
    expect(drawerReducer(from, { type: 'closingEnded' })).toBe(to);
  });

  it('keeps a reopened drawer open when the earlier closing ends', () => {
    let state: DrawerState = 'open';
    for (const type of ['toggle', 'toggle', 'closingEnded'] as const) state = drawerReducer(state, { type });
    expect(state).toBe('open');
  });

  it('ends closing 100 ms after the transition time', () => {
    expect(CLOSING_GRACE_MS).toBe(100);
    expect(closingDelayMs(225)).toBe(325);
    expect(closingDelayMs(0)).toBe(100);
    expect(() => closingDelayMs(-1)).toThrow(RangeError);
    expect(() => closingDelayMs(Number.NaN)).toThrow(RangeError);
  });

  it('keeps the drawer drawn, but not open, while it closes', () => {
    expect([isDrawerMounted('open'), isDrawerOpen('open')]).toEqual([true, true]);
    expect([isDrawerMounted('closing'), isDrawerOpen('closing')]).toEqual([true, false]);
    expect([isDrawerMounted('closed'), isDrawerOpen('closed')]).toEqual([false, false]);
  });
});
