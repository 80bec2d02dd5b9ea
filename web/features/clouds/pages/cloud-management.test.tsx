// @vitest-environment happy-dom
// Manage Clouds (docs/navigation.md#routes clouds): create a cloud, leave one (not as its only Owner), delete one after
// typing its name; after the current cloud is gone the app moves to the user's next cloud.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CloudSummary } from '../../../../core/api/clouds.ts';
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
import { CloudsListPage } from './clouds-list-page.tsx';

const summary = (id: number, name: string, role: CloudSummary['role_id']): CloudSummary => ({
  id,
  name,
  company: '',
  plan_type: 'intro',
  role_id: role,
  suspended: false,
});
let clouds: CloudSummary[];

function render(answer: (request: FakeRequest) => Response | undefined = () => undefined) {
  const requests = installFakeFetch((request) => {
    const answered = answer(request);
    if (answered) return answered;
    if (request.path === '/apiv2/clouds' && request.method === 'GET')
      return jsonResponse(200, { clouds, invitations: [] });
    if (request.path === '/apiv2/auth/me') return jsonResponse(200, meFixture({ default_cloud_id: 4 }));
    return jsonResponse(404, { message: 'Not found.' });
  });
  const view = renderRoutes(
    [
      { path: routes.clouds.path, Component: CloudsListPage },
      { path: routes.noCloud.path, Component: () => <p>No cloud</p> },
    ],
    '/v2/cloud/3/clouds',
  );
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, meFixture()));
  return { ...view, requests, changes: () => requests.filter((request) => request.method !== 'GET') };
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

// The dialog host loads the prompt dialog on first use.
beforeAll(() => import('../../../platform/dialogs/prompt-dialog.tsx'));
beforeEach(() => {
  setViewportWidth(1440);
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  clouds = [summary(3, 'Demo Networks', 'ROLE_OWNER'), summary(4, 'Harbor Wireless', 'ROLE_GUEST')];
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Manage Clouds actions', () => {
  it('creates a cloud from the name typed and lists it', async () => {
    const { changes } = render((request) => {
      if (request.method !== 'POST') return undefined;
      clouds = [...clouds, summary(9, 'Riverside', 'ROLE_OWNER')];
      return jsonResponse(200, summary(9, 'Riverside', 'ROLE_OWNER'));
    });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Create cloud' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Create a cloud' });
    expect(dialog).toHaveTextContent('30-day trial plan');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Cloud name' }), {
      target: { value: ' Riverside ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await settle();
    expect(changes()).toMatchObject([{ method: 'POST', path: '/apiv2/clouds', body: { name: 'Riverside' } }]);
    expect(screen.getByText('Cloud Riverside created.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Riverside' })).toBeInTheDocument();
  });

  it('offers Delete only where the user is Owner, and deletes only once the name is typed exactly', async () => {
    const { changes, router } = render((request) =>
      request.method === 'DELETE' ? jsonResponse(200, { ok: true }) : undefined,
    );
    await settle();
    expect(
      within(rowOf('Harbor Wireless')).queryByRole('button', { name: /Delete/ }),
    ).not.toBeInTheDocument();
    fireEvent.click(within(rowOf('Demo Networks')).getByRole('button', { name: 'Delete Demo Networks' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Delete Demo Networks?' });
    const input = within(dialog).getByRole('textbox', { name: 'Cloud name' });
    fireEvent.change(input, { target: { value: 'demo networks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete cloud' }));
    await settle();
    expect(dialog).toHaveTextContent("Type the cloud's name exactly as it is shown.");
    expect(changes()).toEqual([]);
    fireEvent.change(input, { target: { value: 'Demo Networks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete cloud' }));
    await settle();
    expect(changes()).toMatchObject([
      { method: 'DELETE', path: '/apiv2/cloud/3', body: { name: 'Demo Networks' } },
    ]);
    // The current cloud is gone: the app moves to the user's next cloud.
    expect(router.state.location.pathname).toBe('/v2/cloud/4/clouds');
  });

  it('says why the only Owner cannot leave, and leaves another cloud after confirming', async () => {
    const { changes } = render((request) => {
      if (request.path === '/apiv2/cloud/3/leave')
        return jsonResponse(409, { message: 'You are the only Owner of this cloud.' });
      if (request.path === '/apiv2/cloud/4/leave') return jsonResponse(200, { default_cloud_id: 3 });
      return undefined;
    });
    await settle();
    fireEvent.click(within(rowOf('Demo Networks')).getByRole('button', { name: 'Leave Demo Networks' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Leave Demo Networks?' })).getByRole('button', {
        name: 'Leave cloud',
      }),
    );
    await settle();
    expect(
      screen.getByText(/You are the only Owner of this cloud, so you cannot leave it/),
    ).toBeInTheDocument();
    fireEvent.click(within(rowOf('Harbor Wireless')).getByRole('button', { name: 'Leave Harbor Wireless' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Leave Harbor Wireless?' })).getByRole('button', {
        name: 'Leave cloud',
      }),
    );
    await settle();
    expect(changes().map((request) => request.path)).toEqual([
      '/apiv2/cloud/3/leave',
      '/apiv2/cloud/4/leave',
    ]);
  });
});
