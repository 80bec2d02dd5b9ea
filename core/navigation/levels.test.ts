import { describe, expect, it } from 'vitest';
import {
  backLevel,
  canGoBack,
  canGoForward,
  forwardLevel,
  LEVEL_LABEL_KEYS,
  type LevelState,
  levelReducer,
  levelStateFor,
  levelTrail,
  navParamsFor,
  pageLevel,
  shownLevel,
} from './levels.ts';
import { IDS } from './test-context.ts';

describe('drawer levels (docs/navigation.md#navigation-drawer)', () => {
  it.each([
    ['/cloud/3/dashboard', 'cloud'],
    ['/v2/cloud/3/devices', 'cloud'],
    ['/v2/cloud/3/authport/history', 'cloud'],
    ['/site/5/dashboard', 'site'],
    ['/v2/cloud/3/site/5/topology', 'site'],
    ['/site/5/device/11/dashboard', 'device'],
    ['/v2/cloud/3/site/5/device/11/device-files', 'device'],
    ['/smartnvr/70/dashboard', 'smartnvr'],
    ['/v2/cloud/3/smartnvr/70/tunnels', 'smartnvr'],
    ['/admintools', null],
    ['/welcome/logout', null],
    ['/no/such/page', null],
  ])('%s is at level %s', (pathname, level) => {
    expect(pageLevel(pathname)).toBe(level);
  });

  it('reads the page ids from the address, the cloud from the session where the address has none', () => {
    const session = { cloudId: 3, userId: 9 };
    expect(navParamsFor('/site/5/device/11/ports', session)).toEqual({
      cloudId: 3,
      userId: 9,
      siteId: 5,
      deviceId: 11,
      smartNvrId: undefined,
    });
    expect(navParamsFor('/v2/cloud/8/smartnvr/70/streaming', session)).toMatchObject({
      cloudId: 8,
      smartNvrId: 70,
    });
    expect(navParamsFor('/device/11', session, { siteId: 5 })).toMatchObject({ siteId: 5, deviceId: 11 });
    expect(navParamsFor('/admintools', { cloudId: null, userId: 9 })).toMatchObject({ cloudId: undefined });
  });

  it.each([
    ['cloud', ['cloud']],
    ['site', ['cloud', 'site']],
    ['device', ['cloud', 'site', 'device']],
    ['smartnvr', ['cloud', 'smartnvr']],
  ] as const)('a %s page can reach %j', (level, trail) => {
    expect(levelTrail(level, IDS)).toEqual(trail);
  });

  it('stops the trail where the page gives no id', () => {
    expect(levelTrail('device', { cloudId: 3, deviceId: 11 })).toEqual(['cloud']);
    expect(levelTrail('device', { cloudId: 3, siteId: 5 })).toEqual(['cloud', 'site']);
    expect(levelTrail('smartnvr', { cloudId: 3 })).toEqual(['cloud']);
    expect(levelTrail('site', { siteId: 5 })).toEqual([]);
    expect(levelTrail(null, IDS)).toEqual([]);
  });

  it('shows the page level, goes back to site then cloud, and forward again to the device', () => {
    let state: LevelState = levelStateFor(levelTrail('device', IDS));
    const seen = () => [shownLevel(state), backLevel(state), forwardLevel(state)];
    expect(seen()).toEqual(['device', 'site', null]);
    state = levelReducer(state, { type: 'back' });
    expect(seen()).toEqual(['site', 'cloud', 'device']);
    state = levelReducer(state, { type: 'back' });
    expect(seen()).toEqual(['cloud', null, 'site']);
    expect([canGoBack(state), canGoForward(state)]).toEqual([false, true]);
    expect(levelReducer(state, { type: 'back' })).toBe(state);
    state = levelReducer(levelReducer(state, { type: 'forward' }), { type: 'forward' });
    expect(seen()).toEqual(['device', 'site', null]);
    expect([canGoBack(state), canGoForward(state)]).toEqual([true, false]);
    expect(levelReducer(state, { type: 'forward' })).toBe(state);
  });

  it('moves between cloud and smart NVR on a recorder page', () => {
    const state = levelReducer(levelStateFor(levelTrail('smartnvr', IDS)), { type: 'back' });
    expect([shownLevel(state), forwardLevel(state)]).toEqual(['cloud', 'smartnvr']);
  });

  it('follows the page when it changes', () => {
    const onDevice = levelReducer(levelStateFor(levelTrail('device', IDS)), { type: 'back' });
    const onSite = levelReducer(onDevice, { type: 'page', trail: levelTrail('site', IDS) });
    expect([shownLevel(onSite), forwardLevel(onSite)]).toEqual(['site', null]);
  });

  it('shows no level and no arrows outside a cloud', () => {
    const state = levelStateFor([]);
    expect([shownLevel(state), canGoBack(state), canGoForward(state)]).toEqual([null, false, false]);
  });

  it('names every level', () => {
    expect(LEVEL_LABEL_KEYS).toEqual({
      cloud: 'nav.level.cloud',
      site: 'nav.level.site',
      smartnvr: 'nav.level.smartnvr',
      device: 'nav.level.device',
    });
  });
});
