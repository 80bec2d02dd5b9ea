// @vitest-environment happy-dom
// The recorder dashboard: identity, state, its cameras' streams and media sync, and its actions.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { SmartNvrDashboardPage } from './smartnvr-dashboard-page.tsx';
import {
  alert,
  type DashboardAnswers,
  installDashboardServer,
  recorder,
  renderDashboard,
  report,
  startedTasks,
} from './test-dashboard-server.tsx';

function open(answers: DashboardAnswers) {
  const requests = installDashboardServer(answers);
  renderDashboard(routes.smartNvrDashboard.path, SmartNvrDashboardPage, '/smartnvr/70/dashboard');
  return requests;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('smart NVR dashboard', () => {
  it("charts each camera's bitrate and streaming share and the storage over the chosen range", async () => {
    const requests = open({
      recorders: [recorder({ report: report({ cameras: [] }) })],
      recorderMetrics: {
        at: ['2026-11-09T06:00:00Z', '2026-11-09T07:00:00Z'],
        camera: [
          { key: 'cam-1', name: 'Gate', bitrate_kbps: [4000, 4200], streaming: [100, 50] },
          { key: 'cam-2', name: 'Dock', bitrate_kbps: [null, 1000], streaming: [null, 100] },
        ],
        storage: [{ key: 'recordings', name: null, used_bytes: [1e12, 1.5e12], total_bytes: [4e12, 4e12] }],
      },
    });
    const table = (chart: string) => {
      const section = screen.getByRole('region', { name: chart });
      fireEvent.click(within(section).getByRole('button', { name: 'Show data table' }));
      return within(within(section).getByRole('table', { name: chart }))
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].slice(1).map((cell) => cell.textContent));
    };
    await screen.findByRole('region', { name: 'Bitrate per camera' });
    expect(table('Bitrate per camera')).toEqual([
      ['Gate', 'Dock'],
      ['4 Mb/s', 'No data'],
      ['4.2 Mb/s', '1 Mb/s'],
    ]);
    expect(table('Streaming per camera')[1]).toEqual(['100%', 'No data']);
    expect(table('Recording storage')[2]).toEqual(['1.5 TB', '4 TB']);
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await vi.waitFor(() =>
      expect(
        requests.some(
          (request) =>
            request.path.endsWith('/smartnvrs/70/item-metrics') && request.query.get('range') === '7d',
        ),
      ).toBe(true),
    );
  });

  it("shows the recorder's cameras with each stream's state and bit rate, and its media sync", async () => {
    const requests = open({
      recorders: [
        recorder({
          health_id: 'HEALTH_WARNING',
          report: report({
            cameras: [
              { id: 'cam-1', name: 'Camera 01', stream: 'streaming', bitrate_kbps: 4200 },
              { id: 'cam-2', name: 'Camera 02', stream: 'failed', bitrate_kbps: 0 },
            ],
            media_sync: { ok: false, lag_s: 5400, error: 'storage not reachable' },
          }),
        }),
      ],
      alerts: [
        alert({
          alert_type: 'STREAM_FAILED',
          health_id: 'HEALTH_WARNING',
          alert_data_1: 'Camera 02',
          alert_data_2: 'RTSP timeout',
          device: null,
          site: null,
          smartnvr: { id: 70, name: 'HQ Smart NVR' },
        }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'HQ Smart NVR' })).toBeInTheDocument();
    const cameras = await screen.findByRole('table', { name: 'Cameras' });
    expect(
      within(cameras)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['Camera 01', 'Streaming', '4.2 Mb/s'],
      ['Camera 02', 'Failed', '0 bit/s'],
    ]);
    expect(screen.getByText('1 of 2 cameras are streaming.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Media sync' })).getByText(
        'Media do not reach storage (storage not reachable); the last sync is 1 hr 30 min behind.',
      ),
    ).toBeInTheDocument();
    const state = screen.getByRole('region', { name: 'Status and health' });
    expect(await within(state).findByText('Camera stream failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All alerts' })).toHaveAttribute(
      'href',
      '/smartnvr/70/activity#alert',
    );
    expect(requests.some((request) => request.query.get('snvr_device_id') === '70')).toBe(true);
    // A recorder has no management daemon.
    expect(
      within(screen.getByRole('region', { name: 'Identity' })).queryByText('Management daemon'),
    ).toBeNull();
  });

  it('says so when the recorder never reported', async () => {
    open({ recorders: [recorder({ report: null })] });
    expect(
      await screen.findByText(
        'No heartbeat has arrived yet, so there are no readings to show. They appear here once it reports.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cameras' })).not.toBeInTheDocument();
  });

  it('reboots the recorder after confirming, and hides the actions it may not take', async () => {
    const requests = open({ recorders: [recorder({ allowed_tasks: ['TASK_REBOOT'] })] });
    const group = await screen.findByRole('group', { name: 'Actions' });
    expect(within(group).queryByRole('button', { name: 'Update firmware' })).not.toBeInTheDocument();
    fireEvent.click(within(group).getByRole('button', { name: 'Reboot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reboot HQ Smart NVR?' });
    expect(
      within(dialog).getByText(
        'The recorder restarts and is offline for a minute or two. Its cameras are not recorded meanwhile.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reboot' }));
    await screen.findByText('Reboot of HQ Smart NVR started. The task tracker follows it.');
    expect(startedTasks(requests)).toEqual([
      { type: 'TASK_REBOOT', targets: { snvr_device_ids: [70] }, params: {} },
    ]);
  });

  it('offers no action to a caller who may start no task on it', async () => {
    open({ recorders: [recorder({ allowed_tasks: [] })] });
    await screen.findByRole('region', { name: 'Identity' });
    expect(screen.queryByRole('group', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
