// @vitest-environment happy-dom
// The login page's single sign-on (docs/single-sign-on.md#the-sign-in): the button once the email's
// domain signs in with it, and what the page says when a sign-in came back without signing in.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { LoginPage } from './login-page.tsx';

const renderLogin = (address = '/welcome/login') =>
  renderRoutes([{ path: '/welcome/login', Component: LoginPage }], address);

afterEach(() => {
  cleanup();
  restoreFetch();
});

describe('login page single sign-on', () => {
  it('offers Sign in with SSO once the typed domain signs in with it, keeping next', async () => {
    const requests = installFakeFetch((request) =>
      request.path === '/apiv2/auth/sso/discover'
        ? jsonResponse(200, { sso: (request.body as { email: string }).email.endsWith('@corp.example') })
        : jsonResponse(404, { message: 'Not found.' }),
    );
    renderLogin('/welcome/login?next=%2Fcloud%2F3%2Flicenses');
    const email = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.change(email, { target: { value: 'ann@other.example' } });
    await screen.findByRole('button', { name: 'Log in' });
    expect(requests.some((request) => request.path === '/apiv2/auth/sso/discover')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Sign in with SSO' })).toBeNull();
    fireEvent.change(email, { target: { value: 'ann@corp.example' } });
    const button = await screen.findByRole('link', { name: 'Sign in with SSO' });
    expect(button).toHaveAttribute(
      'href',
      '/auth/sso/start?email=ann%40corp.example&next=%2Fcloud%2F3%2Flicenses',
    );
    // The page asks about the domain, never about the person.
    const asked = requests.filter((request) => request.path === '/apiv2/auth/sso/discover');
    expect(asked.map((request) => request.body)).toEqual([
      { email: 'sign-in@other.example' },
      { email: 'sign-in@corp.example' },
    ]);
  });

  it('says why a single sign-on came back without signing in', async () => {
    installFakeFetch(() => jsonResponse(404, { message: 'Not found.' }));
    renderLogin('/welcome/login?sso=refused');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This account cannot sign in with your organization's single sign-on.",
    );
  });
});
