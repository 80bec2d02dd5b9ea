// @vitest-environment happy-dom
// docs/navigation.md#routes /v2/cloud/{cloudId}/clouds?search=: Manage Clouds, the user's clouds filtered in the page.
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CloudSummary } from '../../../../core/api/clouds.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { renderListPage, settle, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { CloudsListPage } from './clouds-list-page.tsx';

const cloud = (id: number, name: string, overrides: Partial<CloudSummary> = {}): CloudSummary => ({
  id,
  name,
  company: '',
  plan_type: 'intro',
  role_id: 'ROLE_OWNER',
  suspended: false,
  ...overrides,
});

const CLOUDS = [
  cloud(3, 'Demo Networks', { company: 'Demo Networks Inc.' }),
  cloud(4, 'Harbor Wireless', { company: 'Harbor Wireless LLC', plan_type: 'trial', role_id: 'ROLE_GUEST' }),
  cloud(5, 'Summit VPC', { company: 'Peak Hosting', plan_type: 'vpc', suspended: true }),
  ...Array.from({ length: 60 }, (_, index) =>
    cloud(100 + index, `Branch ${String(index + 1).padStart(2, '0')}`),
  ),
];

function installClouds() {
  return installFakeFetch(({ path }) =>
    path === '/apiv2/clouds'
      ? jsonResponse(200, { clouds: CLOUDS, invitations: [] })
      : jsonResponse(404, { message: 'Not found.' }),
  );
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

beforeEach(() => {
  setViewportWidth(1440);
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('manage clouds list page', () => {
  it('filters the clouds by name or company without case', async () => {
    const requests = installClouds();
    const { router } = renderListPage(
      routes.clouds.path,
      CloudsListPage,
      '/v2/cloud/3/clouds?search=HOSTING',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Clouds' })).toBeInTheDocument();
    await settle();
    expect(screen.getByRole('link', { name: 'Summit VPC' })).toHaveAttribute('href', '/cloud/5/dashboard');
    expect(within(rowOf('Summit VPC')).getByText('Suspended')).toBeInTheDocument();
    expect(within(rowOf('Summit VPC')).getByText('VPC')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1–1 of 1');

    await act(() => router.navigate(routes.clouds.href({ cloudId: 3 }, { query: { search: 'harbor' } })));
    await settle();
    const harbor = rowOf('Harbor Wireless');
    expect(within(harbor).getByText('Harbor Wireless LLC')).toBeInTheDocument();
    expect(within(harbor).getByText('Trial')).toBeInTheDocument();
    expect(within(harbor).getByText('Guest')).toBeInTheDocument();
    expect(within(harbor).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Demo Networks' })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/apiv2/clouds')).toHaveLength(1);
  });

  it('pages through many clouds and says when none match', async () => {
    installClouds();
    const { router } = renderListPage(routes.clouds.path, CloudsListPage, '/v2/cloud/3/clouds');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('1–50 of 63');
    act(() => screen.getByRole('button', { name: 'Next page' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('51–63 of 63');
    expect(screen.getByRole('link', { name: 'Branch 60' })).toBeInTheDocument();

    await act(() =>
      router.navigate(routes.clouds.href({ cloudId: 3 }, { query: { search: 'no such cloud' } })),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing found. Please refine your search phrase and try again.',
    );
  });
});
