// @vitest-environment happy-dom
// docs/cameras.md: the IP Cameras page lists a recorder's cameras, picks the one an alert names, and offers
// each change (a task) and the scan's cameras to add only to whoever may change them.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  CameraItem,
  CameraListResponse,
  DiscoveredCameraListResponse,
} from '../../../../core/api/cameras.ts';
import { routes } from '../../../../core/routes.ts';
// Loaded before the tests, so the dialog host's lazy prompt draws at once.
import '../../../platform/dialogs/prompt-dialog.tsx';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { renderListPage, settle } from '../../../test-utils/test-list-page.tsx';
import { CamerasPage } from './cameras-page.tsx';

function camera(n: number, overrides: Partial<CameraItem> = {}): CameraItem {
  return {
    id: `cam-${n}`,
    name: `Camera 0${n}`,
    model: 'P3265-LVE',
    ip: `192.168.50.${10 + n}`,
    firmware: '11.9.60',
    main: { codec: n === 2 ? 'h265' : 'h264', width: 1920, height: 1080 },
    sub: { codec: 'h264', width: 640, height: 360 },
    status: 'streaming',
    bitrate_kbps: 4000,
    recording: true,
    recording_profile: 'continuous',
    retention_days: 30,
    storage_used_bytes: 2_000_000_000,
    last_frame_at: '2026-11-28T01:00:00.000Z',
    last_seen_at: '2026-11-28T01:00:00.000Z',
    ...overrides,
  };
}

const CAMERAS = [camera(1), camera(2), camera(3, { name: 'Gate', status: 'failed', recording: false })];
const TASK = {
  id: 41,
  type_id: 'TASK_CAMERA_RENAME',
  task_state: 'TASK_WAIT_ACK',
  task_params: {},
  execute_at: '2026-11-28T01:00:00.000Z',
  completed_at: null,
  device_id: null,
  device_name: null,
  site_id: null,
  site_name: null,
  snvr_device_id: 70,
  snvr_device_name: 'Yard NVR',
  stateCounts: {},
};

/** The page's calls on recorder 70 of cloud 3; the change calls are recorded. */
function installServer(canManage: boolean) {
  const changes: FakeRequest[] = [];
  const requests = installFakeFetch((request) => {
    const path = request.path.replace('/apiv2/cloud/3/smartnvrs/70', '');
    if (request.method === 'GET' && path === '/cameras')
      return jsonResponse(200, {
        items: CAMERAS,
        total: 3,
        total_capped: false,
        recorder: { id: 70, name: 'Yard NVR', online: true },
        can_manage: canManage,
      } satisfies CameraListResponse);
    const one = /^\/cameras\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && one) {
      const found = CAMERAS.find((c) => c.id === decodeURIComponent(one[1] ?? ''));
      return found ? jsonResponse(200, found) : jsonResponse(404, { message: 'No such camera.' });
    }
    if (request.method === 'GET' && path === '/discovered-cameras')
      return jsonResponse(200, {
        items: [
          {
            id: 5,
            ip: '192.168.50.40',
            manufacturer: 'Hanwha',
            model: 'XNV-8080R',
            name: 'Lobby',
            found_at: '2026-11-28T01:00:00.000Z',
          },
        ],
        total: 1,
        total_capped: false,
        last_scan: { task_id: 40, task_state: 'TASK_SUCCESS', execute_at: '2026-11-28T01:00:00.000Z' },
      } satisfies DiscoveredCameraListResponse);
    if (request.method !== 'GET') {
      changes.push(request);
      return jsonResponse(201, { task: TASK });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return { changes, requests };
}

const open = (query = '') =>
  renderListPage(routes.smartNvrIpcams.path, CamerasPage, `/v2/cloud/3/smartnvr/70/ipcams${query}`);
/** The menus' and dialogs' transitions end. */
const transitions = () => act(() => vi.advanceTimersByTimeAsync(500));
const camerasTable = () => screen.getByRole('table', { name: 'Cameras' });

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('IP cameras page', () => {
  it('lists the cameras with their streams, recording and storage, and what the scan found', async () => {
    installServer(true);
    open();
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'IP Cameras' })).toBeInTheDocument();
    const rows = within(camerasTable()).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const second = within(rows[2] as HTMLElement);
    expect(second.getByRole('link', { name: 'Camera 02' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/smartnvr/70/ipcams?camera=cam-2',
    );
    expect(second.getByText('H.265 1920×1080')).toBeInTheDocument();
    expect(second.getByText('Continuous, 30 d')).toBeInTheDocument();
    const third = within(rows[3] as HTMLElement);
    expect(third.getByText('No stream')).toBeInTheDocument();
    expect(third.getByText('Off')).toBeInTheDocument();
    const discovered = screen.getByRole('table', { name: 'Discovered cameras' });
    expect(within(discovered).getByText('192.168.50.40')).toBeInTheDocument();
    expect(screen.getByText('Found by the last scan and not recorded yet.')).toBeInTheDocument();
  });

  it('picks the camera the address names: its row is marked and its details shown', async () => {
    installServer(false);
    open('?camera=cam-3');
    await settle();
    const details = screen.getByRole('region', { name: 'Gate' });
    expect(within(details).getByText('192.168.50.13')).toBeInTheDocument();
    expect(within(details).getByText('H.264 640×360')).toBeInTheDocument();
    const row = within(camerasTable()).getByRole('link', { name: 'Gate' }).closest('tr');
    expect(row).toHaveAttribute('aria-current', 'true');
    fireEvent.click(within(details).getByRole('button', { name: 'Show all cameras' }));
    await settle();
    expect(screen.queryByRole('region', { name: 'Gate' })).toBeNull();
  });

  it('says so when the recorder lists no camera by the address’s id', async () => {
    installServer(false);
    open('?camera=cam-99');
    await settle();
    expect(screen.getByText('The recorder lists no camera cam-99 now.')).toBeInTheDocument();
  });

  it('asks the server for the cameras the filter shows', async () => {
    const { requests } = installServer(false);
    open();
    await settle();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Show' }));
    await transitions();
    fireEvent.click(screen.getByRole('option', { name: 'No stream' }));
    await settle();
    const asked = requests.filter((request) => request.path.endsWith('/cameras'));
    expect(asked.at(-1)?.query.get('filter')).toBe('failed');
    expect(asked.at(-1)?.query.get('offset')).toBe('0');
  });

  it('offers a reader no change: no actions, no scan, no adding', async () => {
    installServer(false);
    open();
    await settle();
    expect(
      screen.getByText('You can see these cameras; changing them needs the Smart NVR permission.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scan for cameras' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Lobby' })).toBeNull();
  });

  it('renames a camera, sets its recording profile, scans and adds a found camera, each by a task', async () => {
    const { changes } = installServer(true);
    open();
    await settle();
    const actions = () => screen.getByRole('button', { name: 'Actions for Camera 02' });

    fireEvent.click(actions());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    await transitions();
    const rename = screen.getByRole('dialog', { name: 'Rename Camera 02' });
    fireEvent.change(within(rename).getByRole('textbox', { name: 'Name' }), {
      target: { value: '  Yard  ' },
    });
    fireEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
    await settle();

    fireEvent.click(actions());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Recording profile' }));
    await transitions();
    const profile = screen.getByRole('dialog', { name: 'Recording profile of Camera 02' });
    const days = within(profile).getByRole('textbox', { name: 'Days kept' });
    fireEvent.change(days, { target: { value: '400' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(within(profile).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.change(days, { target: { value: '14' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await settle();

    fireEvent.click(screen.getByRole('button', { name: 'Scan for cameras' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Add Lobby' }));
    await transitions();
    const adopt = screen.getByRole('dialog', { name: 'Add the camera at 192.168.50.40' });
    fireEvent.click(within(adopt).getByRole('button', { name: 'Add' }));
    await settle();

    expect(changes.map((request) => [request.method, request.path, request.body])).toEqual([
      ['PUT', '/apiv2/cloud/3/smartnvrs/70/cameras/cam-2/name', { name: 'Yard' }],
      [
        'PUT',
        '/apiv2/cloud/3/smartnvrs/70/cameras/cam-2/recording-profile',
        { profile: 'continuous', retention_days: 14 },
      ],
      ['POST', '/apiv2/cloud/3/smartnvrs/70/camera-scans', undefined],
      ['POST', '/apiv2/cloud/3/smartnvrs/70/discovered-cameras/5/adopt', { name: 'Lobby' }],
    ]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getAllByText(/^Task started: Rename camera\./).length).toBeGreaterThan(0);
  });
});
