// A scripted server and screen-width stub for the drawer and breadcrumb tests.
import type { DeviceDetail } from '../../../core/api/devices.ts';
import type { NavigationDevice, NavigationSite, NavigationSmartNvr } from '../../../core/api/navigation.ts';
import { SITE_PERMISSIONS } from '../../../core/domain.ts';
import type { Me } from '../../features/auth/index.ts';
import { type FakeHandler, jsonResponse } from '../../test-utils/fake-fetch.ts';
import { meFixture } from '../../test-utils/me-fixture.ts';
import { cloudFixture } from '../notices/notice-fixtures.ts';

export const SITE: NavigationSite = {
  id: 5,
  name: 'Quay',
  cloud_id: 4,
  configEnabled: true,
  sdwan_enabled: true,
  allow_config: true,
  site_permissions: [...SITE_PERMISSIONS],
};
export const DEVICE: NavigationDevice = {
  id: 11,
  name: 'Core Switch',
  cloud_id: 4,
  site_id: 5,
  site_name: 'Quay',
  product_type: 'switch',
  product_brand_id: 1,
  mgmtd_version: '1.5.0',
  allow_config: true,
  site_config_enabled: true,
  site_permissions: [...SITE_PERMISSIONS],
};
/** The device page's own call, for a device that never reported. */
const deviceDetail = (device: NavigationDevice): DeviceDetail => ({
  id: device.id,
  name: device.name,
  site: device.site_id === null ? null : { id: device.site_id, name: device.site_name ?? '' },
  mac: '02:00:00:00:00:11',
  ip: null,
  hostname: '',
  sn: 'SN11',
  product_type: device.product_type,
  product_brand_id: device.product_brand_id,
  product_name: null,
  status_id: 'STATUS_OFFLINE',
  online: false,
  health_id: 'HEALTH_UNKNOWN',
  fw: '',
  mgmtd_version: device.mgmtd_version,
  allowed_tasks: [],
  blocked: false,
  decomm: false,
  state_changed: null,
  can_change_state: false,
  last_seen_at: null,
  can_rename: false,
  can_reset_credential: false,
  can_open_tunnel: false,
  link_peers: [],
  report: null,
});
export const SMARTNVR: NavigationSmartNvr = { id: 70, name: 'Gate Recorder', cloud_id: 3 };

export type Answers = {
  readonly me?: Me;
  readonly site?: NavigationSite | null;
  readonly device?: NavigationDevice | null;
  readonly activeFilterId?: number | null;
  readonly licensedSmartNvrId?: number | null;
};

export function navigationServer(answers: Answers = {}): FakeHandler {
  const me = answers.me ?? meFixture();
  return ({ method, path }) => {
    if (method !== 'GET') return jsonResponse(404, { message: 'Not found.' });
    if (path === '/apiv2/auth/me') return jsonResponse(200, me);
    if (path === '/apiv2/smartnvr/license') {
      return jsonResponse(200, { deviceId: answers.licensedSmartNvrId ?? null });
    }
    const filters = /^\/apiv2\/cloud\/(\d+)\/site-filters-select$/.exec(path);
    if (filters) {
      const id = answers.activeFilterId ?? null;
      return jsonResponse(200, {
        userCloudFilter: { id, name: id === null ? null : 'North' },
        siteGroupings: [],
        backend_filter: false,
      });
    }
    const cloud = /^\/apiv2\/cloud\/(\d+)$/.exec(path);
    if (cloud) {
      const id = Number(cloud[1]);
      return jsonResponse(200, cloudFixture({ id, plan_type: 'vpc', authport_enabled: id === 3 }));
    }
    const site = answers.site === undefined ? SITE : answers.site;
    if (site && path === `/apiv2/navigation/site/${site.id}`) return jsonResponse(200, site);
    const device = answers.device === undefined ? DEVICE : answers.device;
    if (device && path === `/apiv2/navigation/device/${device.id}`) return jsonResponse(200, device);
    if (device && path === `/apiv2/cloud/${device.cloud_id}/devices/${device.id}`)
      return jsonResponse(200, deviceDetail(device));
    if (path === `/apiv2/navigation/smartnvr/${SMARTNVR.id}`) return jsonResponse(200, SMARTNVR);
    return jsonResponse(404, { message: 'Not found.' });
  };
}

function setScreenWidthOfViewport(width: number) {
  const happyDom = (window as unknown as { happyDOM?: { setViewport(size: { width: number }): void } })
    .happyDOM;
  happyDom?.setViewport({ width });
}

const realMatchMedia = window.matchMedia;

/** Makes CSS media queries answer as on a screen of this width. */
export function setScreenWidth(width: number): void {
  // happy-dom applies CSS media queries by its viewport; MUI's useMediaQuery asks matchMedia.
  setScreenWidthOfViewport(width);
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
}

export function restoreScreenWidth(): void {
  setScreenWidthOfViewport(1024);
  window.matchMedia = realMatchMedia;
}
