// @vitest-environment happy-dom
// Cloud Properties (docs/navigation.md#routes edit, manage_licenses): name, company and billing country, with the server's
// refusals beside their fields; nothing to edit for a member without manage_licenses.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cloud } from '../../../../core/api/clouds.ts';
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
import { CloudEditPage } from './cloud-edit-page.tsx';

const CLOUD: Cloud = {
  id: 3,
  name: 'Demo Networks',
  plan_type: 'intro',
  badge_of_courage: false,
  large_site_support_allowed: false,
  enable_credit_card: true,
  enable_advertisement: false,
  access_control_list: [],
  suspended_at: null,
  suspend_type: null,
  company: 'Demo Networks Inc.',
  authport_enabled: true,
  billing: { address: { country: null } },
  role_id: 'ROLE_OWNER',
  permissions: 15,
  push_alerts: false,
};

function render(cloud: Cloud, answer: (request: FakeRequest) => Response | undefined = () => undefined) {
  const requests = installFakeFetch((request) => {
    const answered = answer(request);
    if (answered) return answered;
    if (request.method === 'GET' && request.path === '/apiv2/cloud/3') return jsonResponse(200, cloud);
    if (request.path === '/apiv2/auth/me') return jsonResponse(200, meFixture());
    if (request.path === '/apiv2/clouds') return jsonResponse(200, { clouds: [], invitations: [] });
    return jsonResponse(404, { message: 'Not found.' });
  });
  const view = renderRoutes([{ path: routes.cloudEdit.path, Component: CloudEditPage }], '/v2/cloud/3/edit');
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, meFixture()));
  return { ...view, requests, changes: () => requests.filter((request) => request.method !== 'GET') };
}

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

describe('Cloud Properties page', () => {
  it('saves the name, company and the billing country chosen from the list', async () => {
    const { changes } = render(CLOUD, (request) =>
      request.method === 'PATCH'
        ? jsonResponse(200, { ...CLOUD, name: 'Demo Nets', billing: { address: { country: 'PT' } } })
        : undefined,
    );
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Cloud Properties' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Cloud name' }), {
      target: { value: 'Demo Nets ' },
    });
    const country = screen.getByRole('combobox', { name: 'Billing address country' });
    fireEvent.change(country, { target: { value: 'Portug' } });
    await settle();
    fireEvent.click(screen.getByRole('option', { name: 'Portugal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(changes()).toMatchObject([
      {
        method: 'PATCH',
        path: '/apiv2/cloud/3',
        body: { name: 'Demo Nets', company: 'Demo Networks Inc.', country: 'PT' },
      },
    ]);
    expect(screen.getByText('Cloud Demo Nets saved.')).toBeInTheDocument();
  });

  it("refuses a blank name itself and shows the server's refusal beside its field", async () => {
    const { changes } = render(CLOUD, (request) =>
      request.method === 'PATCH'
        ? jsonResponse(400, {
            errors: [{ errorCode: 'maxLength', location: 'body', path: '/company', message: 'Too long.' }],
          })
        : undefined,
    );
    await settle();
    const name = screen.getByRole('textbox', { name: 'Cloud name' });
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(screen.getByText("Enter the cloud's name.")).toBeInTheDocument();
    expect(changes()).toEqual([]);
    fireEvent.change(name, { target: { value: 'Demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveAccessibleDescription('Too long.');
  });

  it('offers nothing to edit without manage_licenses', async () => {
    render({ ...CLOUD, role_id: 'ROLE_GUEST', permissions: 0 });
    await settle();
    expect(screen.queryByRole('textbox', { name: 'Cloud name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
