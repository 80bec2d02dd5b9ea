// @vitest-environment happy-dom
// docs/floor-maps.md: the floor maps page draws a site's floors and their devices, places and moves devices
// by dragging or from the keyboard with an Undo, sets a plan's scale, and is read-only without edit_map.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FloorDevice, SiteFloors } from '../../../../core/api/floor-maps.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { NAVIGATION_SITE } from '../../../test-utils/navigation-site.ts';
import { renderListPage, settle } from '../../../test-utils/test-list-page.tsx';
import { navigationSiteQueryOptions } from '../../navigation/index.ts';
import { FloorMapsPage } from './floor-maps-page.tsx';

function device(id: number, name: string, overrides: Partial<FloorDevice> = {}): FloorDevice {
  return {
    id,
    name,
    product_type: 'wifi',
    status_id: 'STATUS_ONLINE',
    online: true,
    health_id: 'HEALTH_NORMAL',
    clients: null,
    floor_id: null,
    x: null,
    y: null,
    ...overrides,
  };
}

function siteFloors(overrides: Partial<SiteFloors> = {}): SiteFloors {
  const plan = { file_id: 40, name: 'ground.png', content_type: 'image/png', size: 2048 };
  return {
    floors: [
      { id: 1, name: 'Ground floor', position: 0, plan, scale: null },
      { id: 2, name: 'First floor', position: 1, plan: null, scale: null },
    ],
    devices: [
      device(11, 'Lobby AP', { floor_id: 1, x: 0.25, y: 0.5, health_id: 'HEALTH_CRITICAL', clients: 7 }),
      device(12, 'Hall AP', { floor_id: 1, x: 0.75, y: 0.5 }),
      device(13, 'Spare AP'),
      device(14, 'Upstairs AP', { floor_id: 2, x: 0.5, y: 0.5 }),
    ],
    can_edit_map: true,
    ...overrides,
  };
}

/** The floors and the changes; the floors answer with where the devices are now. */
function installServer(answer: SiteFloors) {
  let current = answer;
  const changes: { method: string; path: string; body: unknown }[] = [];
  installFakeFetch((request: FakeRequest) => {
    if (request.method === 'GET' && request.path === '/apiv2/cloud/3/sites/7/floors')
      return jsonResponse(200, current);
    const put = /^\/apiv2\/cloud\/3\/devices\/(\d+)\/floor-position$/.exec(request.path);
    if (request.method === 'PUT' && put) {
      const body = request.body as Pick<FloorDevice, 'floor_id' | 'x' | 'y'>;
      const id = Number(put[1]);
      changes.push({ method: 'PUT', path: request.path, body });
      current = { ...current, devices: current.devices.map((d) => (d.id === id ? { ...d, ...body } : d)) };
      return jsonResponse(200, { id, ...body });
    }
    const patch = /^\/apiv2\/cloud\/3\/sites\/7\/floors\/(\d+)$/.exec(request.path);
    if (request.method === 'PATCH' && patch) {
      changes.push({ method: 'PATCH', path: request.path, body: request.body });
      const floor = current.floors.find((f) => f.id === Number(patch[1]));
      return jsonResponse(200, { ...floor, ...(request.body as object) });
    }
    if (request.path === '/apiv2/navigation/site/7') return jsonResponse(200, NAVIGATION_SITE);
    return jsonResponse(404, { message: 'Not found.' });
  });
  return changes;
}

function open() {
  const view = renderListPage(routes.siteFloorMaps.path, FloorMapsPage, '/site/7/floor-maps');
  act(() => view.queryClient.setQueryData(navigationSiteQueryOptions(7).queryKey, NAVIGATION_SITE));
  return view;
}

const plan = () => screen.getByRole('group', { name: 'Plan of Ground floor with its devices' });
/** happy-dom lays nothing out: the plan is given the size a browser would draw it at. */
function planSize(width: number, height: number) {
  vi.spyOn(plan(), 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    width,
    height,
    right: width,
    bottom: height,
    toJSON: () => ({}),
  });
}

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

describe('floor maps page', () => {
  it('shows the floors in order, the plan with its devices by health and clients, and the other devices', async () => {
    installServer(siteFloors());
    open();
    await settle();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Ground floor', 'First floor']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(within(plan()).getByRole('img', { name: 'Plan of Ground floor' })).toHaveAttribute(
      'src',
      '/apiv2/cloud/3/sites/7/floors/1/plan?file=40',
    );
    const lobby = within(plan()).getByRole('button', { name: 'Lobby AP, Critical, clients: 7' });
    expect(lobby).toHaveStyle({ left: '25%', top: '50%' });
    expect(within(plan()).getByRole('button', { name: 'Hall AP, Normal' })).toBeInTheDocument();
    const others = screen.getByRole('region', { name: 'Not on this floor' });
    expect(within(others).getByText('Spare AP')).toBeInTheDocument();
    expect(within(others).getByText('On First floor')).toBeInTheDocument();

    fireEvent.click(tabs[1] as HTMLElement);
    expect(
      screen.getByText('Upload a plan of this floor: a PNG or JPEG image or an SVG drawing, up to 10 MB.'),
    ).toBeInTheDocument();
  });

  it('moves a device with the arrow keys and Enter, and Undo puts it back', async () => {
    const changes = installServer(siteFloors());
    open();
    await settle();
    const lobby = within(plan()).getByRole('button', { name: /^Lobby AP/ });
    fireEvent.keyDown(lobby, { key: 'ArrowRight' });
    fireEvent.keyDown(lobby, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(lobby, { key: 'ArrowUp' });
    expect(lobby).toHaveStyle({ left: '31%', top: '49%' });
    expect(changes).toEqual([]);
    fireEvent.keyDown(lobby, { key: 'Enter' });
    await settle();
    expect(changes).toEqual([
      {
        method: 'PUT',
        path: '/apiv2/cloud/3/devices/11/floor-position',
        body: { floor_id: 1, x: 0.31, y: 0.49 },
      },
    ]);
    expect(screen.getByText('Lobby AP moved')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await settle();
    expect(changes[1]).toEqual({
      method: 'PUT',
      path: '/apiv2/cloud/3/devices/11/floor-position',
      body: { floor_id: 1, x: 0.25, y: 0.5 },
    });
  });

  it('gives up a keyboard move with Escape', async () => {
    const changes = installServer(siteFloors());
    open();
    await settle();
    const hall = within(plan()).getByRole('button', { name: /^Hall AP/ });
    fireEvent.keyDown(hall, { key: 'ArrowDown' });
    fireEvent.keyDown(hall, { key: 'Escape' });
    expect(hall).toHaveStyle({ left: '75%', top: '50%' });
    expect(changes).toEqual([]);
  });

  it('moves a device where it is dragged to', async () => {
    const changes = installServer(siteFloors());
    open();
    await settle();
    planSize(1000, 500);
    const hall = within(plan()).getByRole('button', { name: /^Hall AP/ });
    fireEvent.pointerDown(hall, { pointerId: 1, clientX: 750, clientY: 250 });
    fireEvent.pointerMove(hall, { pointerId: 1, clientX: 600, clientY: 100 });
    fireEvent.pointerUp(hall, { pointerId: 1, clientX: 600, clientY: 100 });
    await settle();
    expect(changes).toEqual([
      {
        method: 'PUT',
        path: '/apiv2/cloud/3/devices/12/floor-position',
        body: { floor_id: 1, x: 0.6, y: 0.2 },
      },
    ]);
  });

  it('places a device from the list at the middle of the plan, and takes one off', async () => {
    const changes = installServer(siteFloors());
    open();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Place Spare AP on this floor' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Take off Lobby AP' }));
    await settle();
    expect(changes.map((change) => change.body)).toEqual([
      { floor_id: 1, x: 0.5, y: 0.5 },
      { floor_id: null, x: null, y: null },
    ]);
    await settle();
    expect(within(plan()).getByRole('button', { name: 'Spare AP, Normal' })).toBeInTheDocument();
    expect(within(plan()).queryByRole('button', { name: /^Lobby AP/ })).toBeNull();
  });

  it('sets the scale from two points marked on the plan and their distance', async () => {
    const changes = installServer(siteFloors());
    open();
    await settle();
    planSize(1000, 500);
    fireEvent.click(screen.getByRole('button', { name: 'Set scale' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Click two points on the plan whose distance you know.',
    );
    fireEvent.click(plan(), { clientX: 100, clientY: 250 });
    fireEvent.click(plan(), { clientX: 900, clientY: 250 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Distance between the points (m)' }), {
      target: { value: '0' },
    });
    expect(screen.getByRole('button', { name: 'Save scale' })).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Distance between the points (m)' }), {
      target: { value: '24,5' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save scale' }));
    await settle();
    expect(changes).toEqual([
      {
        method: 'PATCH',
        path: '/apiv2/cloud/3/sites/7/floors/1',
        body: { scale: { x1: 0.1, y1: 0.5, x2: 0.9, y2: 0.5, metres: 24.5 } },
      },
    ]);
  });

  it('marks the scale from the keyboard: arrows move the cross over the plan, Enter marks each point', async () => {
    const changes = installServer(siteFloors());
    open();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Set scale' }));
    const frame = plan();
    expect(frame).toHaveAttribute('tabindex', '0');
    // The cross starts in the middle: 5 % left with Shift, marked; then 20 % right, marked.
    fireEvent.keyDown(frame, { key: 'ArrowLeft', shiftKey: true });
    fireEvent.keyDown(frame, { key: 'Enter' });
    for (let n = 0; n < 4; n++) fireEvent.keyDown(frame, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(frame, { key: 'Enter' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Distance between the points (m)' }), {
      target: { value: '8' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save scale' }));
    await settle();
    expect(changes).toEqual([
      {
        method: 'PATCH',
        path: '/apiv2/cloud/3/sites/7/floors/1',
        body: { scale: { x1: 0.45, y1: 0.5, x2: 0.65, y2: 0.5, metres: 8 } },
      },
    ]);
  });

  it('draws the signal estimate only when asked, and only with a scale', async () => {
    const scale = { x1: 0.1, y1: 0.5, x2: 0.9, y2: 0.5, metres: 40 };
    const answer = siteFloors();
    installServer({ ...answer, floors: answer.floors.map((f) => (f.id === 1 ? { ...f, scale } : f)) });
    open();
    await settle();
    const toggle = screen.getByRole('switch', { name: 'Signal estimate' });
    expect(toggle).not.toBeChecked();
    expect(plan().querySelector('[data-signal-estimate]')).toBeNull();
    // happy-dom loads no image: the plan says its size as a browser's would.
    const image = within(plan()).getByRole('img');
    Object.defineProperty(image, 'naturalWidth', { value: 1000 });
    Object.defineProperty(image, 'naturalHeight', { value: 500 });
    fireEvent.load(image);
    fireEvent.click(toggle);
    expect(screen.getByRole('status')).toHaveTextContent(
      'An estimate only: free-space loss plus 0.5 dB per metre for walls, from the placed access points at 5 GHz.',
    );
    // A 40 by 20 grid from the two access points on the floor.
    expect(plan().querySelectorAll('[data-signal-estimate] rect')).toHaveLength(800);
    fireEvent.click(toggle);
    expect(plan().querySelector('[data-signal-estimate]')).toBeNull();
  });

  it('is read-only without edit_map: nothing to add, place or move', async () => {
    const changes = installServer(siteFloors({ can_edit_map: false }));
    open();
    await settle();
    expect(
      screen.getByText('You may look at these floors; changing them needs the permission to edit the map.'),
    ).toBeInTheDocument();
    for (const name of ['Add floor', 'Upload plan', 'Replace plan', 'Set scale', 'Delete floor'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Place / })).toBeNull();
    const lobby = within(plan()).getByRole('button', { name: /^Lobby AP/ });
    fireEvent.keyDown(lobby, { key: 'ArrowRight' });
    fireEvent.keyDown(lobby, { key: 'Enter' });
    await settle();
    expect(lobby).toHaveStyle({ left: '25%' });
    expect(changes).toEqual([]);
  });
});
