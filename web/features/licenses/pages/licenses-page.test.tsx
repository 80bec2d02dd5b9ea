// @vitest-environment happy-dom
// Licenses (docs/navigation.md#routes /cloud/{cloudId}/licenses, docs/entities.md License status, docs/roles.md): the plan and its licenses, the
// devices holding one and those holding none, assigning and releasing; nothing for a Guest.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LicenseDevice } from '../../../../core/api/cloud-management.ts';
import type { Cloud, LicenseStatus } from '../../../../core/api/clouds.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { meQueryOptions } from '../../auth/index.ts';
import { LicensesPage } from './licenses-page.tsx';

const CLOUD = {
  id: 3,
  name: 'Demo Networks',
  plan_type: 'intro',
  role_id: 'ROLE_OWNER',
  permissions: 15,
  billing: null,
} as unknown as Cloud;
const STATUS: LicenseStatus = {
  suspended: false,
  expired: false,
  cloudWillExpire: true,
  planPurchasedAt: '2026-01-02T10:00:00.000Z',
  planExpiresAt: '2026-12-10T10:00:00.000Z',
  cloudCreatedAt: '2025-06-01T10:00:00.000Z',
  licensesUsed: 271,
  freeLicensesUsed: 8,
  freeLicensesTotal: 10,
};
/** The cloud first, then its license status and devices: answers arrive in more than one round. */

const device = (id: number, name: string, license: LicenseDevice['license']): LicenseDevice => ({
  id,
  name,
  site_id: 1,
  site_name: 'HQ',
  license,
  expires_at: license ? '2026-12-10T10:00:00.000Z' : null,
  can_change: true,
});

function render(cloud: Cloud, answer: (request: FakeRequest) => Response | undefined = () => undefined) {
  const requests = installFakeFetch((request) => {
    const answered = answer(request);
    if (answered) return answered;
    if (request.path === '/apiv2/cloud/3') return jsonResponse(200, cloud);
    if (request.path === '/apiv2/cloud/3/license-status') return jsonResponse(200, STATUS);
    if (request.path === '/apiv2/cloud/3/licenses/devices') {
      const holding = request.query.get('holding') === 'yes';
      const items = holding ? [device(11, 'Lobby AP', 'paid')] : [device(12, 'Dock switch', null)];
      return jsonResponse(200, { items, total: 1, total_capped: false });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  const view = renderRoutes(
    [{ path: routes.cloudLicenses.path, Component: LicensesPage }],
    '/cloud/3/licenses',
  );
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, meFixture()));
  return { ...view, requests, changes: () => requests.filter((request) => request.method !== 'GET') };
}

beforeEach(() => {
  setViewportWidth(1440);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('Licenses page', () => {
  it('shows the plan, its dates and the licenses used and free', async () => {
    render(CLOUD);
    expect(await screen.findByText('Intro')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Licenses & Billing' })).toBeInTheDocument();
    expect(await screen.findByText('Expires soon')).toBeInTheDocument();
    expect(await screen.findByText('271')).toBeInTheDocument();
    expect(await screen.findByText('8 of 10 in use')).toBeInTheDocument();
    expect(screen.getByText('Plan expires').nextElementSibling).toHaveTextContent('2026-12-10');
  });

  it('lists the devices holding a license, releases one, and assigns one to a device holding none', async () => {
    const { changes } = render(CLOUD, (request) =>
      request.method === 'PUT' || request.method === 'DELETE'
        ? jsonResponse(200, { deviceId: 1, license: request.method === 'PUT' ? 'paid' : null })
        : undefined,
    );
    const lobby = (await screen.findByText('Lobby AP')).closest('tr') as HTMLElement;
    expect(within(lobby).getByText('Paid')).toBeInTheDocument();
    fireEvent.click(within(lobby).getByRole('button', { name: 'Release the license of Lobby AP' }));
    expect(
      await screen.findByText('The license of Lobby AP is free for another device.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Without a license' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Assign a license to Dock switch' }));
    await waitFor(() =>
      expect(changes()).toMatchObject([
        { method: 'DELETE', path: '/apiv2/cloud/3/licenses/devices/11' },
        { method: 'PUT', path: '/apiv2/cloud/3/licenses/devices/12' },
      ]),
    );
  });

  it('says when no license is left to assign', async () => {
    render(CLOUD, (request) =>
      request.method === 'PUT' ? jsonResponse(409, { message: 'No license left.' }) : undefined,
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Without a license' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Assign a license to Dock switch' }));
    expect(
      await screen.findByText('The cloud has no license left to assign: release one or buy more.'),
    ).toBeInTheDocument();
  });

  it('offers a Guest nothing and asks for no license data', async () => {
    const { requests } = render({ ...CLOUD, role_id: 'ROLE_GUEST', permissions: 0 });
    expect(
      await screen.findByText('Access denied: your account does not have sufficient permissions.'),
    ).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toEqual(['/apiv2/cloud/3']);
  });
});
