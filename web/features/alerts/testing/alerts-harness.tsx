// Web tests of the alerts button and panel: a scripted server for the alert calls and the two components
// wired the way the top bar wires them.
import { type MouseEvent, useState } from 'react';
import type { Alert } from '../../../../core/api/alerts.ts';
import { type FakeRequest, installFakeFetch, jsonResponse } from '../../../test-utils/fake-fetch.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { AlertsButton } from '../components/alerts-button.tsx';
import { AlertsPanel } from '../components/alerts-panel.tsx';

export interface FakeAlertsData {
  notViewedTotal: number;
  alerts: Alert[];
  seesOneSiteOnly: boolean;
  /** Answer the list with this status instead (a failing server). */
  listStatus: number;
}

/** An alert of cloud 3 on device 11 'AP Lobby' of site 5 'Harbour Office', raised `minutesAgo` ago. */
export function fakeAlert(id: number, overrides: Partial<Alert> = {}, minutesAgo = 10): Alert {
  return {
    id,
    alert_type: 'DEV_UNREACHABLE',
    alert_data_1: '2520',
    alert_data_2: null,
    alert_data_3: null,
    health_id: 'HEALTH_CRITICAL',
    is_viewed: false,
    problem_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    site_id: 5,
    site_name: 'Harbour Office',
    ...overrides,
    attrs: {
      device_id: 11,
      device_name: 'AP Lobby',
      snvr_device_id: null,
      snvr_device_name: null,
      cloud_id: 3,
      ...overrides.attrs,
    },
  };
}

export function fakeAlertsData(overrides: Partial<FakeAlertsData> = {}): FakeAlertsData {
  return { notViewedTotal: 0, alerts: [], seesOneSiteOnly: false, listStatus: 200, ...overrides };
}

/** Answers the alert calls of cloud 3 from `data`, which tests may change; returns the requests received. */
export function installAlertsServer(data: FakeAlertsData): FakeRequest[] {
  return installFakeFetch(({ method, path }) => {
    if (method === 'GET' && path === '/apiv2/cloud/3/recent-alerts-totals')
      return jsonResponse(200, { notViewedTotal: data.notViewedTotal });
    if (method === 'GET' && path === '/apiv2/cloud/3/recent-alerts') {
      if (data.listStatus !== 200) return jsonResponse(data.listStatus, { message: 'Broken.' });
      return jsonResponse(200, { alerts: data.alerts, sees_one_site_only: data.seesOneSiteOnly });
    }
    if (method === 'POST' && path === '/apiv2/cloud/3/mark-alerts-as-viewed') {
      data.alerts = data.alerts.map((alert) => ({ ...alert, is_viewed: true }));
      data.notViewedTotal = 0;
      return jsonResponse(200, { ok: true });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
}

export const calls = (requests: FakeRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path).length;

function AlertsHarness({ pushAlerts }: { readonly pushAlerts: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <AlertsButton
        cloudId={3}
        pushAlerts={pushAlerts}
        panelId="alerts-panel"
        open={anchor !== null}
        onOpen={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      />
      <AlertsPanel cloudId={3} id="alerts-panel" anchorEl={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}

/** The Alerts button and panel of cloud 3 on its dashboard, with a page at every other address. */
export function renderAlerts({ pushAlerts = false } = {}) {
  return renderRoutes(
    [{ path: '*', element: <AlertsHarness pushAlerts={pushAlerts} /> }],
    '/cloud/3/dashboard',
  );
}
