// Web tests of a device's Statistics, Ports and Files pages: the page at its address with the signed-in user
// known, and a scripted server for the device's navigation facts and its numbers.
import { act } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { DeviceItemMetricsResponse } from '../../../core/api/item-metrics.ts';
import type {
  DeviceFilesResponse,
  DeviceMetricsResponse,
  DevicePortsResponse,
  MetricPoint,
} from '../../../core/api/metrics.ts';
import type { NavigationDevice, NavigationSite } from '../../../core/api/navigation.ts';
import type { RouteKey } from '../../../core/routes.ts';
import { routes } from '../../../core/routes.ts';
import { type FakeRequest, installFakeFetch, jsonResponse } from '../../test-utils/fake-fetch.ts';
import { meFixture } from '../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../test-utils/render-routes.tsx';
import { type Me, meQueryOptions } from '../auth/index.ts';

export const CLOUD_ID = 3;
export const SITE_ID = 7;
export const DEVICE_ID = 11;

const site: NavigationSite = {
  id: SITE_ID,
  name: 'Harbour',
  cloud_id: CLOUD_ID,
  configEnabled: false,
  sdwan_enabled: false,
  allow_config: false,
  site_permissions: ['read_site', 'read_device'],
};

export const navigationDevice = (productType: string): NavigationDevice => ({
  id: DEVICE_ID,
  name: 'Lobby AP',
  cloud_id: CLOUD_ID,
  site_id: SITE_ID,
  site_name: 'Harbour',
  product_type: productType,
  product_brand_id: productType === 'switch' ? 96 : 13,
  mgmtd_version: '2.4.1',
  allow_config: false,
  site_config_enabled: false,
  site_permissions: ['read_site', 'read_device'],
});

/** A point where the device reported nothing but what `values` gives. */
export const metricPoint = (at: string, values: Partial<Omit<MetricPoint, 'at'>> = {}): MetricPoint => ({
  at,
  cpu: null,
  mem: null,
  temp: null,
  power: null,
  clients: null,
  clients24: null,
  clients5: null,
  clients60: null,
  util24: null,
  util5: null,
  util60: null,
  noise24: null,
  noise5: null,
  noise60: null,
  rx_rate: null,
  tx_rate: null,
  link_rssi: null,
  link_snr: null,
  link_capacity: null,
  clients6: null,
  util6: null,
  noise6: null,
  retries: null,
  link_remote_rssi: null,
  link_remote_snr: null,
  link_mcs: null,
  link_availability: null,
  wan_latency: null,
  wan_loss: null,
  error_rate: null,
  power_budget: null,
  ...values,
});

export const metricsOf = (points: MetricPoint[], range: DeviceMetricsResponse['range'] = '24h') => ({
  range,
  from: '2026-11-24T12:00:00.000Z',
  to: '2026-11-25T12:00:00.000Z',
  points,
});

type Answer<T> = T | [number, unknown];

/**
 * Answers the navigation calls for the device and its site, and the metrics, ports, files or new task
 * call with what `answer` gives for the request; returns the requests made.
 */
export function installDeviceServer(
  productType: string,
  answer: {
    metrics?: (range: string | null) => Answer<DeviceMetricsResponse>;
    ports?: () => Answer<DevicePortsResponse>;
    files?: () => Answer<DeviceFilesResponse>;
    itemMetrics?: (range: string | null) => Answer<DeviceItemMetricsResponse>;
    createTask?: (body: unknown) => Answer<unknown>;
  },
) {
  return installFakeFetch((request: FakeRequest) => {
    const base = `/apiv2/cloud/${CLOUD_ID}/devices/${DEVICE_ID}`;
    const reply = <T,>(result: Answer<T>) =>
      Array.isArray(result) ? jsonResponse(result[0], result[1]) : jsonResponse(200, result);
    if (request.path === `/apiv2/navigation/site/${SITE_ID}`) return jsonResponse(200, site);
    if (request.path === `/apiv2/navigation/device/${DEVICE_ID}`)
      return jsonResponse(200, navigationDevice(productType));
    if (request.path === `${base}/metrics` && answer.metrics)
      return reply(answer.metrics(request.query.get('range')));
    if (request.path === `${base}/ports` && answer.ports) return reply(answer.ports());
    if (request.path === `${base}/files` && answer.files) return reply(answer.files());
    if (request.path === `${base}/item-metrics` && answer.itemMetrics)
      return reply(answer.itemMetrics(request.query.get('range')));
    if (request.path === `/apiv2/cloud/${CLOUD_ID}/tasks` && request.method === 'POST' && answer.createTask)
      return reply(answer.createTask(request.body));
    return jsonResponse(404, { message: 'Not found.' });
  });
}

/** A device's items with nothing reported but what `families` gives, at `at`. */
export const itemMetricsOf = (
  at: string[],
  families: Partial<Omit<DeviceItemMetricsResponse, 'range' | 'from' | 'to' | 'at'>> = {},
  range: DeviceItemMetricsResponse['range'] = '24h',
): DeviceItemMetricsResponse => ({
  range,
  from: '2026-11-24T12:00:00.000Z',
  to: '2026-11-25T12:00:00.000Z',
  at,
  radio: [],
  ssid: [],
  port: [],
  wan: [],
  camera: [],
  storage: [],
  failovers: [],
  ...families,
});

/** Renders the page of `routeKey` at `address`, for the user `me`. */
export function renderDevicePage(
  routeKey: RouteKey,
  Page: ComponentType,
  address: string,
  me: Me = meFixture(),
) {
  const view = renderRoutes([{ path: routes[routeKey].path, Component: Page }], address);
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, me));
  return view;
}

/** The signed-in user with other measurement units. */
export function meWithUnits(measurementUnits: 'METRIC' | 'IMPERIAL'): Me {
  const me = meFixture();
  return { ...me, user: Object.assign({}, me.user, { measurementUnits }) };
}

/** The rows of a table as the text of their cells. */
export const rowTexts = (table: HTMLElement) =>
  Array.from(table.querySelectorAll('tr'), (row) =>
    Array.from(row.children, (cell) => cell.textContent ?? ''),
  );
