// Web tests of the configuration pages: the page at its address with the signed-in user known, and a
// scripted server for the site's or device's navigation facts and its configuration calls.
import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import type {
  ConfigRevision,
  DeviceConfig,
  SiteConfig,
  SiteConfigDevices,
} from '../../../core/api/config.ts';
import type { NavigationDevice, NavigationSite } from '../../../core/api/navigation.ts';
import type { ConfigDocuments } from '../../../core/config/document.ts';
import { type RouteKey, routes } from '../../../core/routes.ts';
import { resetPlatform } from '../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../test-utils/fake-fetch.ts';
import { meFixture } from '../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../test-utils/render-routes.tsx';
import { setViewportWidth } from '../../test-utils/test-list-page.tsx';
import { meQueryOptions } from '../auth/index.ts';

export const CLOUD_ID = 3;
export const SITE_ID = 7;
export const DEVICE_ID = 11;
export const SITE_PATH = `/apiv2/cloud/${CLOUD_ID}/sites/${SITE_ID}/config`;
export const DEVICE_PATH = `/apiv2/cloud/${CLOUD_ID}/devices/${DEVICE_ID}/config`;

const site: NavigationSite = {
  id: SITE_ID,
  name: 'Harbour',
  cloud_id: CLOUD_ID,
  configEnabled: true,
  sdwan_enabled: false,
  allow_config: true,
  site_permissions: ['read_site', 'read_device', 'view_config', 'change_site_config'],
};

const device: NavigationDevice = {
  id: DEVICE_ID,
  name: 'Lobby AP',
  cloud_id: CLOUD_ID,
  site_id: SITE_ID,
  site_name: 'Harbour',
  product_type: 'wifi',
  product_brand_id: 13,
  mgmtd_version: '2.4.1',
  allow_config: true,
  site_config_enabled: true,
  site_permissions: ['read_site', 'read_device', 'view_config', 'change_site_config'],
};

/** A valid Wi-Fi 6 document (core/config/rules.ts finds no problem in it). */
export const wifi6Document = (): ConfigDocuments['wifi6'] => ({
  general_locale: {
    country: 'US',
    time_zone: 'America/New_York',
    ntp_servers: ['pool.ntp.org'],
    syslog: { enabled: false, host: null, port: 514 },
    snmp: { enabled: false, version: 'v2c', community: 'harbour-ro' },
    management: { ssh: true, https: true, allowed_networks: ['10.0.0.0/8'] },
    admin_password: 'harbour-admin',
  },
  wifi6_wireless: {
    radios: [
      { band: '2.4', enabled: true, channel: 'auto', width_mhz: 20, tx_power_dbm: 'auto' },
      { band: '5', enabled: true, channel: 36, width_mhz: 80, tx_power_dbm: 20 },
    ],
    wlans: [
      {
        id: 'guest',
        ssid: 'Harbour Guest',
        enabled: true,
        hidden: false,
        bands: ['2.4', '5'],
        security: 'wpa2-psk',
        passphrase: 'welcome-aboard',
        management_frame_protection: 'optional',
        radius_servers: [],
        vlan_id: 20,
        client_isolation: true,
        band_steering: true,
        rate_limit_kbps: null,
        schedule: null,
      },
    ],
  },
});

export const switchDocument = (): ConfigDocuments['switch'] => ({
  general_locale: wifi6Document().general_locale,
  switch_security: {
    vlans: [{ id: 'staff', vlan_id: 10, name: 'Staff' }],
    port_profiles: [],
    ports: [],
    dot1x_radius_servers: [],
    management_acl: [],
  },
});

export const siteConfig = (fields: Partial<SiteConfig> = {}): SiteConfig => ({
  site_id: SITE_ID,
  config_enabled: true,
  sdwan_enabled: false,
  config_saved_at: null,
  variables: { ssid_suffix: 'east' },
  config_lock: false,
  can_change_lock: true,
  types: [
    {
      config_type: 'switch',
      devices: 2,
      draft: null,
      applied: switchDocument(),
      revision_id: 4,
      problems: [],
    },
    {
      config_type: 'wifi6',
      devices: 5,
      draft: null,
      applied: wifi6Document(),
      revision_id: 5,
      problems: [],
    },
    { config_type: 'gateway', devices: 1, draft: null, applied: null, revision_id: null, problems: [] },
  ],
  can_change: true,
  can_view_secrets: true,
  ...fields,
});

/** A site's revision of its Wi-Fi 6 document, applied by the owner, that set the 5 GHz Tx power. */
export const configRevision = (id: number, fields: Partial<ConfigRevision> = {}): ConfigRevision => ({
  id,
  config_type: 'wifi6',
  device_id: null,
  kind: 'apply',
  parent_id: id - 1,
  author_name: 'Olivia Owner',
  created_at: '2026-11-25T10:00:00.000Z',
  changes: [{ path: 'wifi6_wireless/radios/5/tx_power_dbm', before: 'auto', after: 20 }],
  ...fields,
});

/** Where the site's devices stand: none, unless the fields say otherwise. */
export const configDevices = (fields: Partial<SiteConfigDevices> = {}): SiteConfigDevices => ({
  counts: { applied: 0, pending: 0, failed: 0, skipped: 0, not_sent: 0 },
  total: 0,
  devices: [],
  ...fields,
});

/** The pages' other sections, when a test is not about them: no devices' progress and no revisions. */
const quiet: Readonly<Record<string, unknown>> = {
  [`${SITE_PATH}/devices`]: configDevices(),
  [`${SITE_PATH}/revisions`]: { revisions: [], total: 0 },
  [`${DEVICE_PATH}/revisions`]: { revisions: [], total: 0 },
};

type Answer = unknown | [number, unknown];
export type Handler = (request: FakeRequest) => Answer | undefined;

/**
 * Answers the navigation calls, then what `answer` gives (a body, or a status and a body); a read it gives
 * nothing for is answered as `quiet` says, or 404.
 */
export function installConfigServer(answer: Handler) {
  return installFakeFetch((request) => {
    if (request.path === `/apiv2/navigation/site/${SITE_ID}`) return jsonResponse(200, site);
    if (request.path === `/apiv2/navigation/device/${DEVICE_ID}`) return jsonResponse(200, device);
    const answered = answer(request);
    if (answered === undefined && request.method === 'GET' && request.path in quiet)
      return jsonResponse(200, quiet[request.path]);
    if (answered === undefined) return jsonResponse(404, { message: 'Not found.' });
    if (Array.isArray(answered) && typeof answered[0] === 'number' && answered.length === 2)
      return jsonResponse(answered[0], answered[1]);
    return jsonResponse(200, answered);
  });
}

/** The requests that change something, as method, path and body. */
export const changesOf = (requests: FakeRequest[]) =>
  requests
    .filter((request) => request.method !== 'GET')
    .map(({ method, path, body }) => ({ method, path, body }));

/** Each test of the file on a screen `width` px wide, its console errors quiet, and nothing left after it. */
export function setUpConfigTests(width: number) {
  beforeEach(() => {
    setViewportWidth(width);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    resetPlatform();
    restoreFetch();
    vi.restoreAllMocks();
  });
}

export function renderConfigPage(routeKey: RouteKey, Page: ComponentType, address: string) {
  const view = renderRoutes(
    [
      { path: routes[routeKey].path, Component: Page },
      { path: routes.cloudActivity.path, Component: () => <p>Activity</p> },
    ],
    address,
  );
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, meFixture()));
  return view;
}

export const deviceConfig = (fields: Partial<DeviceConfig> = {}): DeviceConfig => ({
  device_id: DEVICE_ID,
  site_id: SITE_ID,
  config_type: 'wifi6',
  inherit: true,
  allow_config: true,
  suspend_config: false,
  suspend_reason: null,
  effective: wifi6Document(),
  origins: {},
  overrides: null,
  has_draft: false,
  variables: {},
  problems: [],
  console_hash: 'a1b2c3d4e5f6a7b8',
  applied_hash: 'a1b2c3d4e5f6a7b8',
  drift: null,
  revision_id: 5,
  can_change: true,
  can_view_secrets: true,
  ...fields,
});
