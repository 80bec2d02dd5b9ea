// @vitest-environment happy-dom
// docs/vpc.md: the brand page previews the unsaved values, checks them before sending, shows the server's
// reason under its field, and offers nothing on a cloud that is not on the vpc plan.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Brand } from '../../../../core/api/vpc.ts';
import { routes } from '../../../../core/routes.ts';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { VpcPage } from './vpc-page.tsx';

const BRAND: Brand = {
  cloud_id: 3,
  saved: false,
  product_name: 'Network Console',
  primary_color: null,
  support_url: null,
  privacy_url: null,
  sign_in_text: null,
  host_name: null,
  logo: null,
  favicon: null,
  default_product_name: 'Network Console',
};

function serve(planType: 'vpc' | 'intro', put?: () => Response) {
  return installFakeFetch((request) => {
    if (request.method === 'GET' && request.path === '/apiv2/cloud/3')
      return jsonResponse(200, {
        id: 3,
        name: 'Summit VPC',
        plan_type: planType,
        role_id: 'ROLE_OWNER',
        permissions: 0,
      });
    if (request.method === 'GET' && request.path === '/apiv2/cloud/3/vpc') return jsonResponse(200, BRAND);
    if (request.method === 'PUT' && request.path === '/apiv2/cloud/3/vpc' && put) return put();
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const open = () => renderRoutes([{ path: routes.cloudVpc.path, Component: VpcPage }], '/cloud/3/vpc');
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });

afterEach(() => {
  cleanup();
  restoreFetch();
});

describe('the VPC page', () => {
  it('previews the unsaved name, colour and sign-in text, and checks the fields before sending', async () => {
    const requests = serve('vpc');
    open();
    await screen.findByRole('textbox', { name: /^Product name/ });
    type(/^Product name/, 'Summit Cloud');
    type(/^Primary colour/, '#0a5c36');
    type(/^Sign-in page text/, 'Partners sign in here.');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getAllByText('Summit Cloud')).toHaveLength(2);
    expect(within(preview).getByText('Partners sign in here.')).toBeInTheDocument();
    expect(within(preview).getByTestId('preview-top-bar')).toHaveStyle({ backgroundColor: '#0a5c36' });

    type(/^Host name/, 'https://summit.example:8443');
    type(/^Support link/, 'help desk');
    fireEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByText(/Enter a host name such as console\.example\.com/)).toBeInTheDocument();
    expect(screen.getByText('Enter an address that starts with http:// or https://.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it("shows the server's reason under the host name", async () => {
    serve('vpc', () =>
      jsonResponse(400, {
        errors: [
          {
            errorCode: 'host_name_taken',
            location: 'body',
            path: '/host_name',
            message: 'Another cloud uses this host name. Choose another.',
          },
        ],
      }),
    );
    open();
    await screen.findByRole('textbox', { name: /^Host name/ });
    type(/^Host name/, 'taken.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save brand' }));
    await waitFor(() =>
      expect(field(/^Host name/)).toHaveAccessibleDescription(
        'Another cloud uses this host name. Choose another.',
      ),
    );
  });

  it('offers nothing on a cloud that is not on the vpc plan', async () => {
    const requests = serve('intro');
    open();
    expect(
      await screen.findByText('Access denied: your account does not have sufficient permissions.'),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/apiv2/cloud/3/vpc')).toBe(false);
  });
});
