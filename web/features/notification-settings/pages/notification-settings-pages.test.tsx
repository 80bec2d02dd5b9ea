// @vitest-environment happy-dom
// The Notifications pages: each alert type's Web Push and email recipients, saved together, the server's
// refusals beside their fields; on a site's page a type follows the cloud or has its own setting.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  CloudNotificationSettings,
  SiteNotificationSettings,
} from '../../../../core/api/notification-settings.ts';
import { ALERT_TYPES } from '../../../../core/domain.ts';
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
import { settle, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { meQueryOptions } from '../../auth/index.ts';
import { NotificationSettingsPage } from './notification-settings-page.tsx';
import { SiteNotificationSettingsPage } from './site-notification-settings-page.tsx';

const everyone = { everyone: true, user_ids: [] };
const nobody = { everyone: false, user_ids: [] };
const MEMBERS = [
  { id: 11, name: 'Adam Admin', email: 'admin@demo.example' },
  { id: 12, name: 'Grace Guest', email: 'guest@demo.example' },
];
const CLOUD: CloudNotificationSettings = {
  types: ALERT_TYPES.map((alertType) => ({ alert_type: alertType, push: everyone, email: nobody })),
  members: MEMBERS,
};
const CLOUD_PATH = '/apiv2/cloud/3/notification-settings';
const SITE_PATH = '/apiv2/cloud/3/site/7/notification-settings';

function render(address: string, answer: (request: FakeRequest) => Response | undefined, me = meFixture()) {
  const requests = installFakeFetch(
    (request) => answer(request) ?? jsonResponse(404, { message: 'Not found.' }),
  );
  const view = renderRoutes(
    [
      { path: routes.notificationSettings.path, Component: NotificationSettingsPage },
      { path: routes.siteNotificationSettings.path, Component: SiteNotificationSettingsPage },
    ],
    address,
  );
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, me));
  return { requests, changes: () => requests.filter((request) => request.method !== 'GET') };
}

/** Picks an option of a select (MUI opens its list on mouse down). */
async function choose(combobox: HTMLElement, option: string) {
  fireEvent.mouseDown(combobox);
  await settle();
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
  await settle();
}

const rowOf = (title: string) =>
  screen.getAllByRole('row').find((row) => row.querySelector('th')?.textContent === title) as HTMLElement;

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

describe("the cloud's Notifications page", () => {
  it('lists every alert type and saves the members chosen for email', async () => {
    const { changes } = render('/v2/cloud/3/notification-settings', (request) => {
      if (request.method === 'GET' && request.path === CLOUD_PATH) return jsonResponse(200, CLOUD);
      if (request.method === 'PUT') return jsonResponse(200, CLOUD);
      return undefined;
    });
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByText(/Each member’s own choices still apply/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Notifications' });
    expect(within(table).getAllByRole('row')).toHaveLength(18);
    const row = rowOf('Device unreachable');
    expect(within(row).getByRole('combobox', { name: /Web Push/ })).toHaveTextContent(
      'Everyone who may see it',
    );
    await choose(within(row).getByRole('combobox', { name: /Email/ }), 'Chosen members');
    expect(within(row).getByText('No member chosen: nobody is notified.')).toBeInTheDocument();
    fireEvent.mouseDown(within(row).getByRole('combobox', { name: 'Chosen members' }));
    await settle();
    fireEvent.click(screen.getByRole('option', { name: /Grace Guest/ }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const [put] = changes();
    expect(put?.path).toBe(CLOUD_PATH);
    const types = (put?.body as CloudNotificationSettings | undefined)?.types ?? [];
    expect(types).toHaveLength(17);
    expect(types.find((type) => type.alert_type === 'DEV_UNREACHABLE')).toEqual({
      alert_type: 'DEV_UNREACHABLE',
      push: everyone,
      email: { everyone: false, user_ids: [12] },
    });
    expect(screen.getByText('Notification settings saved.')).toBeInTheDocument();
  });

  it("shows the server's refusal beside the field and says nothing was saved", async () => {
    render('/v2/cloud/3/notification-settings', (request) => {
      if (request.method === 'GET') return jsonResponse(200, CLOUD);
      return jsonResponse(400, {
        errors: [
          { errorCode: 'not_member', location: 'body', path: '/types/1/email/user_ids/0', message: 'x' },
        ],
      });
    });
    await settle();
    await choose(within(rowOf('Device unreachable')).getByRole('combobox', { name: /Email/ }), 'Nobody');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(
      within(rowOf('Device unreachable')).getByText('A chosen member is no longer in this cloud.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Nothing was saved: check the marked settings.')).toBeInTheDocument();
  });

  it('stacks the types into cards on a phone', async () => {
    setViewportWidth(375);
    render('/v2/cloud/3/notification-settings', (request) =>
      request.method === 'GET' ? jsonResponse(200, CLOUD) : undefined,
    );
    await settle();
    expect(screen.queryByRole('table')).toBeNull();
    const card = screen.getByRole('group', { name: 'Device unreachable' });
    expect(within(card).getByRole('combobox', { name: /Email/ })).toHaveTextContent('Nobody');
    expect(screen.getAllByRole('group')).toHaveLength(17);
  });

  it('is not allowed without manage_sites, and asks the server nothing', async () => {
    const me = meFixture({
      memberships: [
        {
          cloud_id: 3,
          cloud_name: 'Demo Networks',
          role_id: 'ROLE_GUEST',
          permissions: 0,
          push_alerts: false,
        },
      ],
    });
    const { requests } = render('/v2/cloud/3/notification-settings', () => undefined, me);
    await settle();
    expect(
      screen.getByText('Access denied: your account does not have sufficient permissions.'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.path === CLOUD_PATH)).toEqual([]);
  });
});

describe("a site's Notifications page", () => {
  const SITE: SiteNotificationSettings = {
    site_name: 'Harbor Terminal',
    types: ALERT_TYPES.map((alertType) => ({
      alert_type: alertType,
      follows_cloud: true,
      push: everyone,
      email: alertType === 'DEV_UNREACHABLE' ? { everyone: false, user_ids: [11] } : nobody,
      cloud: {
        push: everyone,
        email: alertType === 'DEV_UNREACHABLE' ? { everyone: false, user_ids: [11] } : nobody,
      },
    })),
    members: MEMBERS,
  };
  const navigationSite = (permissions: string[]) =>
    jsonResponse(200, {
      id: 7,
      name: 'Harbor Terminal',
      cloud_id: 3,
      configEnabled: true,
      sdwanEnabled: false,
      allow_config: true,
      site_permissions: permissions,
    });

  it("shows what the cloud does, and saves a type's own setting and the rest following the cloud", async () => {
    const { changes } = render('/v2/cloud/3/site/7/notification-settings', (request) => {
      if (request.path === '/apiv2/navigation/site/7') return navigationSite(['read_site', 'edit_site']);
      if (request.path === SITE_PATH) return jsonResponse(200, SITE);
      return undefined;
    });
    // The site’s permissions arrive first, then its settings.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('heading', { level: 1, name: 'Site Notifications' })).toBeInTheDocument();
    expect(screen.getByText(/Choose who each alert type at Harbor Terminal notifies/)).toBeInTheDocument();
    const row = rowOf('Device unreachable');
    expect(row).toHaveTextContent('As the cloud: Adam Admin');
    await choose(within(row).getByRole('combobox', { name: /Setting/ }), 'Own setting for this site');
    // Its own setting starts from the cloud's.
    expect(within(row).getByRole('button', { name: 'Adam Admin' })).toBeInTheDocument();
    await choose(within(row).getByRole('combobox', { name: /Web Push/ }), 'Nobody');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    const types = (changes()[0]?.body as { types: object[] } | undefined)?.types;
    expect(types).toContainEqual({
      alert_type: 'DEV_UNREACHABLE',
      follows_cloud: false,
      push: nobody,
      email: { everyone: false, user_ids: [11] },
    });
    expect(types).toContainEqual({ alert_type: 'DEV_REBOOT', follows_cloud: true });
  });

  it('is not allowed without edit_site on the site', async () => {
    const { requests } = render('/v2/cloud/3/site/7/notification-settings', (request) =>
      request.path === '/apiv2/navigation/site/7' ? navigationSite(['read_site']) : undefined,
    );
    await settle();
    expect(
      screen.getByText('Access denied: your account does not have sufficient permissions.'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.path === SITE_PATH)).toEqual([]);
  });
});
