// @vitest-environment happy-dom
// The cloud's single sign-on page (docs/single-sign-on.md#a-clouds-provider): the secret only as set, the
// redirect URI to register, what a first sign-in may give, and a save that keeps the secret.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SsoSettings } from '../../../../core/api/single-sign-on.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { cacheMeFixture } from '../../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { SingleSignOnPage } from './single-sign-on-page.tsx';

const SAVED: SsoSettings = {
  configured: true,
  issuer_url: 'https://login.corp.example',
  client_id: 'console',
  client_secret_set: true,
  domains: ['corp.example'],
  role_id: 'ROLE_GUEST',
  permissions: 0,
  password_sign_in: true,
  enabled: true,
  redirect_uri: 'https://console.example/auth/sso/callback',
  sign_out_at_provider: true,
  post_logout_redirect_uri: 'https://console.example/welcome/login',
};

afterEach(() => {
  resetPlatform();
  cleanup();
  restoreFetch();
});

describe('single sign-on page', () => {
  it('shows the redirect URI and that a secret is set, offers only what the administrator holds, and saves without the secret', async () => {
    const requests = installFakeFetch((request) =>
      request.method === 'PUT'
        ? jsonResponse(200, { ...SAVED, domains: ['corp.example', 'corp.example.org'] })
        : jsonResponse(200, SAVED),
    );
    // Cloud 4: the fixture's user is an administrator there with manage_sites only.
    const view = renderRoutes(
      [{ path: routes.cloudSingleSignOn.path, Component: SingleSignOnPage }],
      '/v2/cloud/4/single-sign-on',
    );
    act(() => cacheMeFixture(view.queryClient));
    expect(await screen.findByRole('textbox', { name: 'Redirect URI' })).toHaveValue(SAVED.redirect_uri);
    expect(screen.getByRole('button', { name: 'Copy the redirect URI' })).toBeInTheDocument();
    expect(screen.getByText('A secret is set. Leave this empty to keep it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Client secret/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Manage sites' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Manage licenses and billing' })).toBeDisabled();
    expect(
      screen.getByText(/Allow https:\/\/console\.example\/welcome\/login as a post-logout/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Sign out of the provider too' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Email domains/ }), {
      target: { value: 'corp.example, corp.example.org' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      issuer_url: SAVED.issuer_url,
      client_id: 'console',
      domains: ['corp.example', 'corp.example.org'],
      role_id: 'ROLE_GUEST',
      permissions: 0,
      password_sign_in: true,
      enabled: true,
      sign_out_at_provider: false,
    });
    expect(await screen.findByText('Single sign-on settings saved.')).toBeInTheDocument();
  });
});
