// @vitest-environment happy-dom
// The device dashboard: identity, state with its reason, each family's view from the latest heartbeat, the
// open alerts and recent tasks, and the states around them.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { DeviceDashboardPage } from './device-dashboard-page.tsx';
import {
  alert,
  type DashboardAnswers,
  device,
  installDashboardServer,
  renderDashboard,
  report,
  task,
} from './test-dashboard-server.tsx';

function open(answers: DashboardAnswers, address = '/site/7/device/11/dashboard') {
  const requests = installDashboardServer(answers);
  renderDashboard(routes.deviceDashboard.path, DeviceDashboardPage, address);
  return requests;
}

const section = (name: string) => screen.getByRole('region', { name });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

beforeEach(() => {
  // The failing calls of the error cases are logged by the console's error policy.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('device dashboard', () => {
  it('names the device and shows who it is, its state and the alert behind its health', async () => {
    open({
      devices: [device({ health_id: 'HEALTH_CRITICAL', status_id: 'STATUS_SKIPPED_HB' })],
      alerts: [alert({ alert_type: 'TIME_UNSYNCED', health_id: 'HEALTH_WARNING', id: 502 }), alert()],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Lobby AP 01' })).toBeInTheDocument();
    const identity = await screen.findByRole('region', { name: 'Identity' });
    expect(within(identity).getByText('Access points')).toBeInTheDocument();
    const facts = Object.fromEntries(
      within(identity)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      Model: 'Wi-Fi 6 Access Point 2x2 Indoor',
      'Serial number': 'WA21000407',
      'MAC address': '02:4c:10:00:00:0b',
      'IP address': '10.10.1.11',
      Firmware: '7.2.1-4012',
      'Management daemon': '2.4.1',
      Uptime: '3 days 4 hr',
    });
    expect(facts['Last seen']).toMatch(/2026/);
    expect(screen.getByRole('link', { name: 'Harbour' })).toHaveAttribute(
      'href',
      '/site/7/dashboard#default',
    );

    const state = section('Status and health');
    expect(within(state).getByText('Online, a heartbeat was missed')).toBeInTheDocument();
    expect(within(state).getByText('Critical')).toBeInTheDocument();
    // The reason is the critical alert, not the newer warning.
    expect(await within(state).findByText('Device unreachable')).toBeInTheDocument();
    expect(within(state).queryByText('Clock not synchronised')).not.toBeInTheDocument();
    expect(within(state).getByText('CPU').nextElementSibling).toHaveTextContent('12%');
    expect(within(state).getByText('Temperature').nextElementSibling).toHaveTextContent('48°C');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Identity',
      'Status and health',
      'Open alerts',
      'Recent tasks',
    ]);
  });

  it("lists the device's open alerts and recent tasks, leading to its Activity page", async () => {
    open({
      devices: [device()],
      alerts: [alert()],
      tasks: [
        task(),
        task({ id: 901, type_id: 'TASK_FW_UPDATE', task_state: 'TASK_RUNNING', completed_at: null }),
      ],
    });
    const alerts = await screen.findByRole('region', { name: 'Open alerts' });
    expect(await within(alerts).findByText('Device unreachable')).toBeInTheDocument();
    expect(within(alerts).getByRole('link', { name: 'All alerts' })).toHaveAttribute(
      'href',
      '/site/7/device/11/activity#alert',
    );
    const tasks = section('Recent tasks');
    expect(await within(tasks).findByRole('link', { name: 'Reboot' })).toHaveAttribute(
      'href',
      '/cloud/3/activity?status=SUCCESS%2BFAIL%2BTIMEOUT&id=900',
    );
    expect(within(tasks).getByRole('link', { name: 'Firmware update' })).toHaveAttribute(
      'href',
      '/cloud/3/activity?status=RUNNING%2BPENDING&id=901',
    );
    expect(within(tasks).getByText('Running')).toBeInTheDocument();
    expect(within(tasks).getByRole('link', { name: 'All activity' })).toHaveAttribute(
      'href',
      '/site/7/device/11/activity#maintenance',
    );
  });

  it("shows an access point's radios and its clients with the way to them", async () => {
    open({
      devices: [
        device({
          report: report({
            radios: [
              { band: '2.4', channel: 6, width_mhz: 20, tx_power_dbm: 17, noise_dbm: -95, util_pct: 31 },
              { band: '5', channel: 36, width_mhz: 80, tx_power_dbm: 20, noise_dbm: -101, util_pct: 12.5 },
            ],
            clients: 14,
          }),
        }),
      ],
    });
    const radios = await screen.findByRole('table', { name: 'Radios' });
    expect(
      within(radios)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Band', 'Channel', 'Width', 'Transmit power', 'Noise', 'Utilisation']);
    expect(rowsOf(radios)).toEqual([
      ['2.4 GHz', '6', '20 MHz', '17 dBm', '-95 dBm', '31%'],
      ['5 GHz', '36', '80 MHz', '20 dBm', '-101 dBm', '12.5%'],
    ]);
    const clients = section('Wireless clients');
    expect(within(clients).getByText('14')).toBeInTheDocument();
    expect(within(clients).getByRole('link', { name: 'View clients' })).toHaveAttribute(
      'href',
      '/site/7/device/11/clients',
    );
  });

  it('shows a point-to-point link with both ends, the peer leading to its own page', async () => {
    const a = device({
      id: 21,
      name: 'Harbour PtP Link 1A',
      mac: '02:4c:31:00:00:15',
      product_type: 'metrolinq',
      product_brand_id: 153,
      link_peers: [{ mac: '02:4c:31:00:00:16', id: 22, name: 'Harbour PtP Link 1B' }],
      report: report({
        links: [
          {
            peer_mac: '02:4C:31:00:00:16',
            band: '60',
            up: true,
            rssi: -52,
            snr: 27.5,
            capacity_mbps: 1800,
            mcs: 9,
          },
          { peer_mac: '02:4c:31:00:00:99', band: '60', up: false },
        ],
      }),
    });
    const b = device({
      id: 22,
      name: 'Harbour PtP Link 1B',
      mac: '02:4c:31:00:00:16',
      product_type: 'metrolinq',
      report: report({
        links: [
          {
            peer_mac: '02:4c:31:00:00:15',
            band: '60',
            up: true,
            rssi: -55,
            snr: 24,
            capacity_mbps: 1500,
            mcs: 8,
          },
        ],
      }),
    });
    open({ devices: [a, b] }, '/site/7/device/21/dashboard');
    const links = await screen.findByRole('table', { name: 'Radio links' });
    expect(within(links).getByRole('link', { name: 'Harbour PtP Link 1B' })).toHaveAttribute(
      'href',
      '/device/22',
    );
    expect(await within(links).findByText('-55 dBm')).toBeInTheDocument();
    expect(rowsOf(links)).toEqual([
      [
        'Harbour PtP Link 1B',
        '60 GHz',
        'Up',
        '-52 dBm',
        '27.5 dB',
        '1.8 Gb/s',
        'MCS 9',
        '-55 dBm',
        '24 dB',
        '1.5 Gb/s',
        'MCS 8',
      ],
      ['02:4c:31:00:00:99', '60 GHz', 'Down', '—', '—', '—', '—', '—', '—', '—', '—'],
    ]);
    // MetroLinq brand 153 has no Clients page (docs/navigation.md#navigation-drawer), and it reported no clients anyway.
    expect(screen.queryByRole('region', { name: 'Wireless clients' })).not.toBeInTheDocument();
  });

  it("names a mesh unit's peers the console knows, leading to their pages, and others by MAC", async () => {
    open(
      {
        devices: [
          device({
            id: 31,
            name: 'Harbour Mesh Node 01',
            product_type: 'mesh',
            product_brand_id: 82,
            link_peers: [{ mac: '02:4c:20:00:00:02', id: 32, name: 'Harbour Mesh Node 02' }],
            report: report({
              mesh_peers: [
                { mac: '02:4C:20:00:00:02', rssi: -50, snr: 28, capacity_mbps: 900, hops: 0 },
                { mac: '02:99:00:00:00:01', rssi: -61, snr: 19, capacity_mbps: 400, hops: 2 },
              ],
            }),
          }),
        ],
      },
      '/site/7/device/31/dashboard',
    );
    const peers = await screen.findByRole('table', { name: 'Mesh peers' });
    expect(within(peers).getByRole('link', { name: 'Harbour Mesh Node 02' })).toHaveAttribute(
      'href',
      '/device/32',
    );
    expect(within(peers).getByText('02:99:00:00:00:01')).toBeInTheDocument();
  });

  it("draws a switch's front panel, a tile per port named in full, leading to the Ports page", async () => {
    open({
      devices: [
        device({
          name: 'Harbour Core Switch 01',
          product_type: 'switch',
          report: report({
            system: { cpu_pct: 9, mem_pct: 30, power_w: 22.5, power_budget_w: 120 },
            ports: [
              { port: 2, link: false, speed_mbps: 0, poe_w: 0 },
              { port: 1, link: true, speed_mbps: 1000, poe_w: 7.5 },
              { port: 3, link: true, speed_mbps: 100, poe_w: 15 },
            ],
          }),
        }),
      ],
    });
    const ports = await screen.findByRole('region', { name: 'Ports' });
    expect(
      within(ports)
        .getAllByRole('img')
        .map((tile) => tile.getAttribute('aria-label')),
    ).toEqual([
      'Port 1: link up at 1 Gb/s, PoE 7.5 W',
      'Port 2: no link',
      'Port 3: link up at 100 Mb/s, PoE 15 W',
    ]);
    expect(within(ports).getByText('2 of 3 ports have a link; PoE delivers 22.5 W.')).toBeInTheDocument();
    expect(within(ports).getByRole('link', { name: 'Port details' })).toHaveAttribute(
      'href',
      '/site/7/device/11/ports',
    );
    expect(within(section('Status and health')).getByText('Power').nextElementSibling).toHaveTextContent(
      '22.5 W of 120 W',
    );
  });

  it("shows a gateway's WAN state and the devices it manages", async () => {
    open({
      devices: [
        device({
          name: 'Harbour Gateway 01',
          product_type: 'gateway',
          report: report({
            wan: [
              { name: 'wan1', up: true, ip: '203.0.113.10', latency_ms: 12, loss_pct: 0.5 },
              { name: 'wan2', up: false },
            ],
            managed_devices: [
              { mac: '02:4c:40:00:00:65', name: 'Branch device 1', reachable: true },
              { mac: '02:4c:40:00:00:66', name: 'Branch device 2', reachable: false },
            ],
          }),
        }),
      ],
    });
    expect(rowsOf(await screen.findByRole('table', { name: 'WAN' }))).toEqual([
      ['wan1', 'Up', '203.0.113.10', '12 ms', '0.5%'],
      ['wan2', 'Down', '—', '—', '—'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Managed devices' }))).toEqual([
      ['Branch device 1', '02:4c:40:00:00:65', 'Reachable'],
      ['Branch device 2', '02:4c:40:00:00:66', 'Unreachable'],
    ]);
  });

  it('shows a mesh unit its peers', async () => {
    open({
      devices: [
        device({
          product_type: 'mesh',
          report: report({
            mesh_peers: [{ mac: '02:4c:20:00:00:0c', rssi: -61, snr: 22, capacity_mbps: 650, hops: 1 }],
          }),
        }),
      ],
    });
    expect(rowsOf(await screen.findByRole('table', { name: 'Mesh peers' }))).toEqual([
      ['02:4c:20:00:00:0c', '-61 dBm', '22 dB', '650 Mb/s', '1'],
    ]);
  });

  it('says so when the device never reported, with no readings', async () => {
    open({ devices: [device({ report: null, last_seen_at: null, health_id: 'HEALTH_UNKNOWN' })] });
    expect(
      await screen.findByText(
        'No heartbeat has arrived yet, so there are no readings to show. They appear here once it reports.',
      ),
    ).toBeInTheDocument();
    const identity = section('Identity');
    expect(within(identity).getByText('Uptime').nextElementSibling).toHaveTextContent('Not known');
    expect(within(identity).getByText('Last seen').nextElementSibling).toHaveTextContent('Never');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(await screen.findByText('No open alerts.')).toBeInTheDocument();
    expect(await screen.findByText('No tasks yet.')).toBeInTheDocument();
  });

  it('says why its configuration is suspended and leads to the page that resumes it', async () => {
    open({ devices: [device({ config_suspended: { reason: 'Firmware went back from 7.2.1 to 7.1.0.' } })] });
    const state = await screen.findByRole('region', { name: 'Status and health' });
    expect(
      await within(state).findByText(
        'Configuration is suspended: the console sends this device none. Firmware went back from 7.2.1 to 7.1.0.',
      ),
    ).toBeInTheDocument();
    expect(within(state).getByRole('link', { name: 'Open its configuration to resume it' })).toHaveAttribute(
      'href',
      '/site/7/device/11/config',
    );
  });

  it('is not found when the device is gone or hidden from the caller', async () => {
    open({ devices: [device()], failure: [404, { message: 'Not found.' }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('offers to try again when the device cannot be loaded', async () => {
    open({ devices: [device()], failure: [500, { message: 'Internal error', incidentId: 'abc' }] });
    expect(await screen.findByText('The dashboard could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
