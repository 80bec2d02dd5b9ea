// @vitest-environment happy-dom
// docs/navigation.md#routes /v2/cloud/{cloudId}/users?search=: the cloud's members, for callers with manage_users (docs/roles.md).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberDetail } from '../../../../core/api/users.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import {
  installListServer,
  pageOf,
  renderListPage,
  settle,
  setViewportWidth,
} from '../../../test-utils/test-list-page.tsx';
import { UsersListPage } from './users-list-page.tsx';

const PATH = '/apiv2/cloud/3/users';
const member = (
  id: number,
  firstname: string,
  lastname: string,
  email: string,
  role_id: MemberDetail['role_id'],
) =>
  ({
    id,
    firstname,
    lastname,
    email,
    role_id,
    permissions: 0,
    sites: role_id === 'ROLE_USER' ? [{ site_id: 8, name: 'Harbour', permissions: ['read_site'] }] : [],
  }) satisfies MemberDetail;

const withRole = (roleId: 'ROLE_OWNER' | 'ROLE_ADMIN' | 'ROLE_GUEST' | 'ROLE_USER', permissions = 0) =>
  meFixture({
    memberships: [
      { cloud_id: 3, cloud_name: 'Demo Networks', role_id: roleId, permissions, push_alerts: false },
    ],
  });

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

describe('user management list page', () => {
  it('lists the members matching the search of the address, with their role', async () => {
    const server = installListServer(PATH, () =>
      pageOf([
        member(1, 'Adam', 'Admin', 'admin@demo.example', 'ROLE_ADMIN'),
        member(4, 'Sam', 'Siteuser', 'siteuser@demo.example', 'ROLE_USER'),
      ]),
    );
    renderListPage(routes.users.path, UsersListPage, '/v2/cloud/3/users?search=demo', withRole('ROLE_ADMIN'));
    expect(screen.getByRole('heading', { level: 1, name: 'User management' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search users' })).toHaveValue('demo');
    await settle();
    expect(server.queries()).toEqual([{ search: 'demo', offset: '0', limit: '50' }]);
    const table = screen.getByRole('table', { name: 'User management' });
    const sam = within(table).getByText('Sam Siteuser').closest('tr') as HTMLElement;
    expect(within(sam).getByText('siteuser@demo.example')).toBeInTheDocument();
    expect(within(sam).getByText('Site User, sites: 1')).toBeInTheDocument();
    expect(within(sam).getByRole('button', { name: 'Edit Sam Siteuser' })).toBeInTheDocument();
    expect(within(table).getByText('Administrator')).toBeInTheDocument();
  });

  it.each(['ROLE_GUEST', 'ROLE_USER'] as const)(
    'tells a member with %s they may not, without asking',
    async (role) => {
      const server = installListServer(PATH, () => pageOf([]));
      renderListPage(routes.users.path, UsersListPage, '/v2/cloud/3/users', withRole(role));
      await settle();
      expect(screen.getByRole('heading', { level: 1, name: 'User management' })).toBeInTheDocument();
      expect(
        screen.getByText('Access denied: your account does not have sufficient permissions.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(server.requests).toHaveLength(0);
    },
  );

  it('offers an administrator only what it holds, and no action on members who hold more', async () => {
    installListServer(PATH, () =>
      pageOf([
        { ...member(5, 'Fay', 'Full', 'full@demo.example', 'ROLE_ADMIN'), permissions: 15 },
        { ...member(6, 'Nina', 'Network', 'noc@demo.example', 'ROLE_ADMIN'), permissions: 8 },
        member(7, 'Olivia', 'Owner', 'owner@demo.example', 'ROLE_OWNER'),
      ]),
    );
    // admin@ of the demo: manage_sites and manage_licenses.
    renderListPage(routes.users.path, UsersListPage, '/v2/cloud/3/users', withRole('ROLE_ADMIN', 9));
    await settle();
    const table = screen.getByRole('table', { name: 'User management' });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(row('Fay Full')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('Olivia Owner')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('Nina Network')).getByRole('button', { name: 'Edit Nina Network' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Invite someone' });
    const bit = (name: string) => within(dialog).getByRole('checkbox', { name });
    expect(bit('Manage licenses and billing')).toBeEnabled();
    expect(bit('Manage sites')).toBeEnabled();
    expect(bit('Manage smart NVRs')).toBeDisabled();
    expect(bit('Manage VPC')).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Role' }));
    await settle();
    const roles = screen.getAllByRole('option').map((option) => option.textContent);
    expect(roles).toEqual(['Administrator', 'Guest', 'Site User']);
  });
});
