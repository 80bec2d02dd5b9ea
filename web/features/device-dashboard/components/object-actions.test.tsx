// @vitest-environment happy-dom
// The dashboard's actions: offered only as the server allows; renaming, and each task started.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { DeviceDashboardPage } from '../pages/device-dashboard-page.tsx';
import {
  type DashboardAnswers,
  device,
  installDashboardServer,
  renderDashboard,
  startedTasks,
} from '../pages/test-dashboard-server.tsx';

function open(answers: DashboardAnswers) {
  const requests = installDashboardServer(answers);
  renderDashboard(routes.deviceDashboard.path, DeviceDashboardPage, '/site/7/device/11/dashboard');
  return requests;
}

const actions = () => screen.findByRole('group', { name: 'Actions' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('device dashboard actions', () => {
  it('offers no action when the caller may start none of their tasks', async () => {
    open({ devices: [device({ allowed_tasks: ['TASK_RECEIVED_CONFIG'], can_rename: false })] });
    await screen.findByRole('region', { name: 'Identity' });
    expect(screen.queryByRole('group', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reboot' })).not.toBeInTheDocument();
  });

  it('offers only the allowed ones', async () => {
    open({ devices: [device({ allowed_tasks: ['TASK_REBOOT'], can_rename: false })] });
    const group = await actions();
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Reboot']);
  });

  it('renames the device once the name is not blank, and shows the new name', async () => {
    const requests = open({ devices: [device()] });
    fireEvent.click(within(await actions()).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Harbour Lobby AP 01' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('Harbour Lobby AP 01');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    // docs/validation.md's prompt: a blank name is refused with its text.
    expect(await within(dialog).findByText('Blank values not allowed.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    fireEvent.change(field, { target: { value: ' Harbour Lobby AP 1 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Renamed to Harbour Lobby AP 1.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      name: 'Harbour Lobby AP 1',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Lobby AP 1' })).toBeInTheDocument();
  });

  it("resets the device's credential after the operator confirms, and offers it no more", async () => {
    const requests = open({ devices: [device({ can_reset_credential: true })] });
    fireEvent.click(within(await actions()).getByRole('button', { name: 'Reset credential' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset the credential of Harbour Lobby AP 01?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((request) => request.path.endsWith('/reset-credential'))).toBe(false);

    fireEvent.click(within(await actions()).getByRole('button', { name: 'Reset credential' }));
    const again = await screen.findByRole('dialog', { name: 'Reset the credential of Harbour Lobby AP 01?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('The credential of Harbour Lobby AP 01 is reset.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/apiv2/cloud/3/devices/11/reset-credential',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Reset credential' })).not.toBeInTheDocument(),
    );
  });

  it('reboots the device after the operator confirms, and says it started', async () => {
    const requests = open({ devices: [device()] });
    fireEvent.click(within(await actions()).getByRole('button', { name: 'Reboot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reboot Harbour Lobby AP 01?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(startedTasks(requests)).toEqual([]);

    fireEvent.click(within(await actions()).getByRole('button', { name: 'Reboot' }));
    const again = await screen.findByRole('dialog', { name: 'Reboot Harbour Lobby AP 01?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Reboot' }));
    expect(
      await screen.findByText('Reboot of Harbour Lobby AP 01 started. The task tracker follows it.'),
    ).toBeInTheDocument();
    expect(startedTasks(requests)).toEqual([
      { type: 'TASK_REBOOT', targets: { device_ids: [11] }, params: {} },
    ]);
  });

  it("updates the firmware to the version chosen from the model's catalogue", async () => {
    const requests = open({ devices: [device()] });
    fireEvent.click(within(await actions()).getByRole('button', { name: 'Update firmware' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update the firmware of Harbour Lobby AP 01' });
    expect(within(dialog).getByText('It runs 7.2.1-4012 now.')).toBeInTheDocument();
    const newest = await within(dialog).findByRole('radio', { name: /7\.3\.0-4105, released 2026-11-02/ });
    expect(newest).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /7\.2\.1-4012, installed/ })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText(
        'Firmware update of Harbour Lobby AP 01 to 7.3.0-4105 started. The task tracker follows it.',
      ),
    ).toBeInTheDocument();
    expect(startedTasks(requests)).toEqual([
      { type: 'TASK_FW_UPDATE', targets: { device_ids: [11] }, params: { version: '7.3.0-4105' } },
    ]);
    expect(requests.some((request) => request.query.get('product_brand_id') === '13')).toBe(true);
  });

  it('pings a host from the device once the host is valid', async () => {
    const requests = open({ devices: [device()] });
    fireEvent.click(within(await actions()).getByRole('button', { name: 'Ping' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ping from Harbour Lobby AP 01' });
    const host = within(dialog).getByRole('textbox', { name: /Host name or IP address/ });
    fireEvent.change(host, { target: { value: 'bad host!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(
      await within(dialog).findByText('Use only letters, digits, dots, colons and hyphens.'),
    ).toBeInTheDocument();
    expect(startedTasks(requests)).toEqual([]);
    fireEvent.change(host, { target: { value: '8.8.8.8' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Number of pings' }), {
      target: { value: '6' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(
      await screen.findByText(
        'Ping from Harbour Lobby AP 01 to 8.8.8.8 started. Its result shows in the task tracker.',
      ),
    ).toBeInTheDocument();
    expect(startedTasks(requests)).toEqual([
      {
        type: 'TASK_TROUBLESHOOT',
        targets: { device_ids: [11] },
        params: { tool: 'ping', host: '8.8.8.8', count: 6 },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('runs a traceroute to a host from the device', async () => {
    const requests = open({ devices: [device()] });
    fireEvent.click(within(await actions()).getByRole('button', { name: 'Traceroute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Traceroute from Harbour Lobby AP 01' });
    expect(within(dialog).queryByRole('spinbutton')).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Host name or IP address/ }), {
      target: { value: 'example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await screen.findByText(
      'Traceroute from Harbour Lobby AP 01 to example.com started. Its result shows in the task tracker.',
    );
    expect(startedTasks(requests)).toEqual([
      {
        type: 'TASK_TROUBLESHOOT',
        targets: { device_ids: [11] },
        params: { tool: 'traceroute', host: 'example.com' },
      },
    ]);
  });
});
