// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PACED_MESSAGE } from '../../../../core/api/account.ts';
import {
  type FakeHandler,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { LoginPage } from './login-page.tsx';

function CurrentAddress() {
  const location = useLocation();
  return <output aria-label="current address">{`${location.pathname}${location.search}`}</output>;
}

function renderLogin(address = '/welcome/login') {
  return renderRoutes(
    [
      { path: '/welcome/login', Component: LoginPage },
      { path: '*', Component: CurrentAddress },
    ],
    address,
  );
}

function fillAndSubmit(email = 'owner@demo.example', password = 'demo-console') {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

function loginAnswers(loginResponse: FakeHandler): FakeHandler {
  return (request) => {
    const { method, path } = request;
    if (method === 'POST' && path === '/apiv2/auth/login') return loginResponse(request);
    if (method === 'GET' && path === '/apiv2/auth/me') return jsonResponse(200, meFixture());
    return jsonResponse(404, { message: 'Not found.' });
  };
}

afterEach(() => {
  cleanup();
  restoreFetch();
});

describe('login page', () => {
  it('shows the form with labelled fields and the default product name', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Network Console' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Log in to Network Console' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
  });

  it('sends the credentials and shows the 401 text for a wrong password', async () => {
    const requests = installFakeFetch(
      loginAnswers(() => jsonResponse(401, { message: 'Wrong email or password.' })),
    );
    renderLogin();
    fillAndSubmit(' owner@demo.example ', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
    // The card also asks for the host's theme (docs/vpc.md), and the page whether the email's domain
    // signs in with single sign-on.
    expect(requests.find((request) => request.path === '/apiv2/auth/login')?.body).toEqual({
      email: 'owner@demo.example',
      password: 'wrong',
    });
  });

  it('shows the 429 text with the seconds of Retry-After', async () => {
    installFakeFetch(loginAnswers(() => jsonResponse(429, { message: 'Too many' }, { 'Retry-After': '42' })));
    renderLogin();
    fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many login attempts. Try again in 42 seconds.',
    );
  });

  it('disables the button while the login is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    installFakeFetch(loginAnswers(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderLogin();
    fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled());
    answer(jsonResponse(401, { message: 'Wrong email or password.' }));
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('goes to the default cloud dashboard after a successful login', async () => {
    installFakeFetch(loginAnswers(() => jsonResponse(200, { ok: true })));
    renderLogin();
    fillAndSubmit();
    expect(await screen.findByRole('status', { name: 'current address' })).toHaveTextContent(
      '/cloud/3/dashboard',
    );
  });

  it('asks for the second factor after the right password, and can take a recovery code instead', async () => {
    const requests = installFakeFetch(
      loginAnswers(({ body }) => {
        const { totp, recovery_code: recoveryCode } = body as { totp?: string; recovery_code?: string };
        if (totp === '123456' || recoveryCode === 'abcde-fghjk') return jsonResponse(200, { ok: true });
        if (totp || recoveryCode) return jsonResponse(401, { message: 'Wrong two-factor code.' });
        return jsonResponse(200, { two_factor_required: true });
      }),
    );
    renderLogin();
    fillAndSubmit();
    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(screen.getByText('Enter the code from your authenticator app.')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: '654 321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong two-factor code.');
    expect(requests.at(-1)?.body).toEqual({
      email: 'owner@demo.example',
      password: 'demo-console',
      totp: '654321',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Recovery code' }), {
      target: { value: ' abcde-fghjk ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('status', { name: 'current address' })).toHaveTextContent(
      '/cloud/3/dashboard',
    );
    expect(
      requests.find(
        (request) => request.path === '/apiv2/auth/login' && 'recovery_code' in (request.body as object),
      )?.body,
    ).toEqual({
      email: 'owner@demo.example',
      password: 'demo-console',
      recovery_code: 'abcde-fghjk',
    });
  });

  it('goes to a safe next address, and ignores one on another site', async () => {
    installFakeFetch(loginAnswers(() => jsonResponse(200, { ok: true })));
    const first = renderLogin('/welcome/login?next=%2Fv2%2Fcloud%2F4%2Fdevices%3Fsearch%3Dap');
    fillAndSubmit();
    expect(await screen.findByRole('status', { name: 'current address' })).toHaveTextContent(
      '/v2/cloud/4/devices?search=ap',
    );
    first.unmount();

    renderLogin('/welcome/login?next=https%3A%2F%2Fevil.example%2F');
    fillAndSubmit();
    expect(await screen.findByRole('status', { name: 'current address' })).toHaveTextContent(
      '/cloud/3/dashboard',
    );
  });

  it('on the account’s pace for new places, signs in with the code or mails a sign-in link', async () => {
    const paced = () => jsonResponse(429, { message: ACCOUNT_PACED_MESSAGE }, { 'Retry-After': '60' });
    const requests = installFakeFetch((request) => {
      const { method, path, body } = request;
      if (method === 'POST' && path === '/apiv2/auth/sign-in-link')
        return jsonResponse(200, { mail: 'sent' });
      if (method === 'POST' && path === '/apiv2/auth/login') {
        return (body as { totp?: string }).totp === '123456' ? jsonResponse(200, { ok: true }) : paced();
      }
      return loginAnswers(paced)(request);
    });
    renderLogin();
    fillAndSubmit();
    expect(
      await screen.findByText(/had too many failed logins from new places, so a password alone waits/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(
      await screen.findByText(
        /a sign-in link is on its way to owner@demo\.example\. It works once, for 15 minutes\./,
      ),
    ).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/apiv2/auth/sign-in-link')?.body).toEqual({
      email: 'owner@demo.example',
      password: 'demo-console',
    });

    const code = screen.getByRole('textbox', { name: 'Authentication code' });
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That did not sign you in: the password and the code must both be right.',
    );
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('status', { name: 'current address' })).toHaveTextContent(
      '/cloud/3/dashboard',
    );
  });

  it('on the account’s pace, lets the person type the password again', async () => {
    installFakeFetch(
      loginAnswers(() => jsonResponse(429, { message: ACCOUNT_PACED_MESSAGE }, { 'Retry-After': '60' })),
    );
    renderLogin();
    fillAndSubmit('owner@demo.example', 'a typo');
    fireEvent.click(await screen.findByRole('button', { name: 'Type the email and password again' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('owner@demo.example');
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).not.toBeInTheDocument();
  });
});
