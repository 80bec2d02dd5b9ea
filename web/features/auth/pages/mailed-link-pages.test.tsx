// @vitest-environment happy-dom
// The pages of the links the console mails: confirming a new email, and signing in while the account's
// login pace holds. Opening a page changes nothing; its button does, once.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../../core/routes.ts';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { ConfirmEmailPage } from './confirm-email-page.tsx';
import { SignInLinkPage } from './sign-in-link-page.tsx';

const TOKEN = 'A'.repeat(43);

function CurrentAddress() {
  const location = useLocation();
  return <output aria-label="current address">{location.pathname}</output>;
}

const render = (address: string) =>
  renderRoutes(
    [
      { path: routes.confirmEmail.path, Component: ConfirmEmailPage },
      { path: routes.signInLink.path, Component: SignInLinkPage },
      { path: '*', Component: CurrentAddress },
    ],
    address,
  );

afterEach(() => {
  cleanup();
  restoreFetch();
});

describe('the confirm-email page', () => {
  it('names the address, and makes it the account’s email only when asked', async () => {
    const requests = installFakeFetch(({ method, path }) => {
      if (method === 'GET' && path === '/apiv2/auth/email-change/lookup')
        return jsonResponse(200, { email: 'rita.new@test.example' });
      if (method === 'POST' && path === '/apiv2/auth/email-change/confirm')
        return jsonResponse(200, { email: 'rita.new@test.example' });
      return jsonResponse(401, { message: 'Login required.' });
    });
    render(routes.confirmEmail.href({}, { query: { token: TOKEN } }));
    expect(
      await screen.findByText('Make rita.new@test.example the email of your account?'),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm the email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'rita.new@test.example is now the email of your account.',
    );
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ token: TOKEN });
  });

  it('says a used or old link no longer works', async () => {
    installFakeFetch(() => jsonResponse(404, { message: 'This link no longer works.' }));
    render(routes.confirmEmail.href({}, { query: { token: TOKEN } }));
    expect(
      await screen.findByText(/is more than a day old\. Ask for a new one on Your Profile\./),
    ).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('the sign-in link page', () => {
  it('signs this browser in when asked, and goes to the default cloud', async () => {
    const requests = installFakeFetch(({ method, path }) => {
      if (method === 'POST' && path === '/apiv2/auth/sign-in-link/complete')
        return jsonResponse(200, { ok: true });
      if (method === 'GET' && path === '/apiv2/auth/me') return jsonResponse(200, meFixture());
      return jsonResponse(404, { message: 'Not found.' });
    });
    render(routes.signInLink.href({}, { query: { token: TOKEN } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('status', { name: 'current address' })).toHaveTextContent(
      '/cloud/3/dashboard',
    );
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      path: '/apiv2/auth/sign-in-link/complete',
      body: { token: TOKEN },
    });
  });

  it('says a used link no longer works', async () => {
    installFakeFetch(() => jsonResponse(404, { message: 'This link no longer works.' }));
    render(routes.signInLink.href({}, { query: { token: TOKEN } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/is more than 15 minutes old/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/welcome/login');
  });
});
