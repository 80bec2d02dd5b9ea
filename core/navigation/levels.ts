// docs/navigation.md#navigation-drawer drawer levels: the level follows the page, and back and forward arrows move between the
// levels the current page's ids make reachable.
import { matchRoute, readPathIds, routes } from '../routes.ts';
import type { NavParams } from './context.ts';
import type { NavLabelKey } from './labels.ts';

export const DRAWER_LEVELS = ['cloud', 'site', 'smartnvr', 'device'] as const;
export type DrawerLevel = (typeof DRAWER_LEVELS)[number];

/** Names of the levels, for the arrows' accessible names ('Back to Site'). */
export const LEVEL_LABEL_KEYS: Readonly<Record<DrawerLevel, NavLabelKey>> = {
  cloud: 'nav.level.cloud',
  site: 'nav.level.site',
  smartnvr: 'nav.level.smartnvr',
  device: 'nav.level.device',
};

/** The drawer level of a page; null for pages outside any cloud and unknown addresses. */
export function pageLevel(pathname: string): DrawerLevel | null {
  const match = matchRoute(pathname);
  if (!match) return null;
  const { level } = routes[match.key];
  return level === 'none' ? null : level;
}

/**
 * The ids navigation can use on a page: those its address names, else the session's current cloud
 * (site, device and recorder addresses carry no cloud id), and the signed-in user. A page may add ids
 * it knows from its data, such as the site of a device opened at /device/{deviceId}.
 */
export function navParamsFor(
  pathname: string,
  session: { readonly cloudId: number | null; readonly userId: number | null },
  known: NavParams = {},
): NavParams {
  const ids = readPathIds(pathname);
  return {
    cloudId: ids.cloudId ?? known.cloudId ?? session.cloudId ?? undefined,
    userId: session.userId ?? known.userId ?? undefined,
    siteId: ids.siteId ?? known.siteId,
    deviceId: ids.deviceId ?? known.deviceId,
    smartNvrId: ids.smartNvrId ?? known.smartNvrId,
  };
}

// From the cloud down to each level, and the ids each step needs.
const PATHS: Readonly<Record<DrawerLevel, readonly DrawerLevel[]>> = {
  cloud: ['cloud'],
  site: ['cloud', 'site'],
  device: ['cloud', 'site', 'device'],
  smartnvr: ['cloud', 'smartnvr'],
};
const NEEDS: Readonly<Record<DrawerLevel, readonly (keyof NavParams)[]>> = {
  cloud: ['cloudId'],
  site: ['siteId'],
  device: ['siteId', 'deviceId'],
  smartnvr: ['smartNvrId'],
};

/** The levels reachable from a page, from the cloud down to the page's own level, as far as its ids go. */
export function levelTrail(level: DrawerLevel | null, params: NavParams): DrawerLevel[] {
  if (level === null) return [];
  const trail: DrawerLevel[] = [];
  for (const step of PATHS[level]) {
    if (!NEEDS[step].every((name) => params[name] !== undefined)) break;
    trail.push(step);
  }
  return trail;
}

/** The drawer's level: where it is on the page's trail. */
export type LevelState = { readonly trail: readonly DrawerLevel[]; readonly index: number };
export type LevelAction =
  | { readonly type: 'page'; readonly trail: readonly DrawerLevel[] }
  | { readonly type: 'back' }
  | { readonly type: 'forward' };

/** A new page shows its own level, the deepest of its trail. */
export const levelStateFor = (trail: readonly DrawerLevel[]): LevelState => ({
  trail,
  index: trail.length - 1,
});

export function levelReducer(state: LevelState, action: LevelAction): LevelState {
  switch (action.type) {
    case 'page':
      return levelStateFor(action.trail);
    case 'back':
      return canGoBack(state) ? { ...state, index: state.index - 1 } : state;
    case 'forward':
      return canGoForward(state) ? { ...state, index: state.index + 1 } : state;
  }
}

export const shownLevel = (state: LevelState): DrawerLevel | null => state.trail[state.index] ?? null;
/** The level the back arrow goes to; null hides the arrow. */
export const backLevel = (state: LevelState): DrawerLevel | null =>
  state.index > 0 ? (state.trail[state.index - 1] ?? null) : null;
/** The level the forward arrow goes to (back towards the page's own level); null hides the arrow. */
export const forwardLevel = (state: LevelState): DrawerLevel | null => state.trail[state.index + 1] ?? null;
export const canGoBack = (state: LevelState) => backLevel(state) !== null;
export const canGoForward = (state: LevelState) => forwardLevel(state) !== null;
