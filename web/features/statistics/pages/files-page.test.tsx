// @vitest-environment happy-dom
// docs/navigation.md#navigation-drawer switch menu, Files: what the switch keeps, fetched from it by a task and downloaded.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceFileReading, DeviceFilesResponse, FileFetch } from '../../../../core/api/metrics.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { CLOUD_ID, DEVICE_ID, installDeviceServer, renderDevicePage, rowTexts } from '../test-statistics.tsx';
import { FilesPage } from './files-page.tsx';

const fetchOf = (fields: Partial<FileFetch>): FileFetch => ({
  task_id: 40,
  target_id: 41,
  state: 'TASK_SUCCESS',
  error: null,
  finished_at: '2026-11-25T10:05:00.000Z',
  downloadable: true,
  ...fields,
});

const file = (name: string, size: number, last_fetch: FileFetch | null = null): DeviceFileReading => ({
  name,
  size,
  modified_at: '2026-11-25T09:00:00.000Z',
  last_fetch,
});

const listing = (files: DeviceFileReading[], can_fetch = true): DeviceFilesResponse => ({
  at: '2026-11-25T10:00:00.000Z',
  can_fetch,
  files,
  keeps_files: true,
});

const open = () => renderDevicePage('deviceFiles', FilesPage, '/v2/cloud/3/site/7/device/11/device-files');
const filesTable = () => screen.getByRole('table', { name: 'Device Files' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('files page', () => {
  it('lists each file with its size, time and last fetch, and offers the fetched copies', async () => {
    installDeviceServer('switch', {
      files: () =>
        listing([
          file('boot.log', 1_500, fetchOf({})),
          file(
            'messages.log',
            2_500_000,
            fetchOf({
              task_id: 50,
              target_id: 51,
              state: 'TASK_FAIL',
              error: 'No such file on the device: messages.log',
              downloadable: false,
            }),
          ),
          file('running-config.cfg', 800),
        ]),
    });
    open();
    await screen.findByRole('table', { name: 'Device Files' });
    const rows = rowTexts(filesTable());
    expect(rows[0]).toEqual(['File', 'Actions', 'Last fetch', 'Size', 'Modified']);
    expect(rows.map((row) => [row[0], row[3]])).toEqual([
      ['File', 'Size'],
      ['boot.log', '1.5 kB'],
      ['messages.log', '2.5 MB'],
      ['running-config.cfg', '800 byte'],
    ]);
    expect(rows[1]?.[2]).toMatch(/^Success, /);
    expect(rows[2]?.[2]).toMatch(/^Failed, .*No such file on the device: messages\.log$/);
    expect(rows[3]?.[2]).toBe('Not fetched');
    // Only the fetched copy is offered for download, from the task that fetched it.
    const downloads = within(filesTable()).getAllByRole('link', { name: /^Download / });
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toHaveAccessibleName('Download boot.log');
    expect(downloads[0]).toHaveAttribute('href', `/apiv2/cloud/${CLOUD_ID}/tasks/40/targets/41/file`);
    expect(
      screen.getByRole('button', { name: 'Fetch running-config.cfg from the device' }),
    ).toHaveTextContent('Fetch');
    expect(screen.getByRole('button', { name: 'Fetch boot.log from the device' })).toHaveTextContent(
      'Fetch again',
    );
  });

  it('fetches a file with a task on the device and follows it', async () => {
    let fetched = false;
    const requests = installDeviceServer('switch', {
      files: () =>
        listing([
          file(
            'messages.log',
            1_000,
            fetched ? fetchOf({ state: 'TASK_WAIT_ACK', finished_at: null, downloadable: false }) : null,
          ),
        ]),
      createTask: () => {
        fetched = true;
        return [201, { task: { id: 40 }, refused: [] }];
      },
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Fetch messages.log from the device' }));
    expect(await screen.findByText('Contacting device(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fetch messages.log from the device' })).toBeDisabled();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      type: 'TASK_REPORT',
      params: { file: 'messages.log' },
      targets: { device_ids: [DEVICE_ID] },
    });
  });

  it('shows a reader who may not fetch the files without the fetch buttons', async () => {
    installDeviceServer('switch', { files: () => listing([file('boot.log', 100, fetchOf({}))], false) });
    open();
    await screen.findByRole('table', { name: 'Device Files' });
    expect(
      screen.getByText('The files the device keeps. Your role does not allow fetching them.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Fetch / })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download boot.log' })).toBeInTheDocument();
  });

  it('says when the switch has not listed its files, and when they could not be loaded', async () => {
    installDeviceServer('switch', {
      files: () => ({ at: null, can_fetch: true, files: [], keeps_files: true }),
    });
    open();
    expect(await screen.findByRole('status')).toHaveTextContent('The device has not listed its files yet.');
    resetPlatform();
    restoreFetch();

    installDeviceServer('switch', { files: () => [500, { message: 'boom' }] });
    open();
    expect(await screen.findByText("The device's files could not be loaded.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says calmly that a device other than a recent switch keeps no files, with no error notice', async () => {
    installDeviceServer('wifi', {
      files: () => ({ at: null, can_fetch: false, files: [], keeps_files: false }),
    });
    open();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'This device keeps no files the console can read. Switches with management daemon 1.5.0 or newer do.',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
