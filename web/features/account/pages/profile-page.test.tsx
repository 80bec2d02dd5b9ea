// @vitest-environment happy-dom
// Your Profile's email: a new address waits for its mailed link (the page says where to look and which
// address stays in force), a console without a mail server says why it cannot change it, and an address
// not yet verified can be verified.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeHandler,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { type MeUser, meQueryOptions } from '../../auth/index.ts';
import { ProfilePage } from './profile-page.tsx';

function renderProfile(user: Partial<MeUser>, handler: FakeHandler) {
  const requests = installFakeFetch(handler);
  const me = meFixture();
  const view = renderRoutes([{ path: routes.profile.path, Component: ProfilePage }], '/v2/cloud/3/profile');
  act(() =>
    view.queryClient.setQueryData(meQueryOptions().queryKey, { ...me, user: { ...me.user, ...user } }),
  );
  return requests;
}

const changeEmail = (email: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'demo-console' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
};

afterEach(() => {
  resetPlatform();
  cleanup();
  restoreFetch();
});

describe('Your Profile’s email', () => {
  it('keeps the email in force and says where the link went', async () => {
    const requests = renderProfile({}, ({ body }) =>
      jsonResponse(200, {
        ...meFixture().user,
        pending_email: (body as { email?: string }).email ?? null,
      }),
    );
    changeEmail('olivia.new@demo.example');
    expect(
      await screen.findByText(
        'Profile saved. Open the link we mailed to olivia.new@demo.example to make it your email.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'We mailed a link to olivia.new@demo.example. Your email changes once it is opened, within 24 hours; until then owner@demo.example stays in force.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('owner@demo.example');
    expect(requests[0]?.body).toMatchObject({
      email: 'olivia.new@demo.example',
      current_password: 'demo-console',
    });
  });

  it('says why a console without a mail server cannot change it, and who can', async () => {
    renderProfile({}, () =>
      jsonResponse(400, {
        errors: [{ errorCode: 'mail_not_configured', location: 'body', path: '/email', message: 'No mail.' }],
      }),
    );
    changeEmail('olivia.new@demo.example');
    expect(
      await screen.findByText(
        'This console cannot send mail, so it cannot confirm a new email. A platform administrator can change it in the Admin Panel.',
      ),
    ).toBeInTheDocument();
  });

  it('offers to verify an address that is not verified yet', async () => {
    const requests = renderProfile({ email_verified: false }, ({ path }) =>
      path === '/apiv2/auth/me'
        ? jsonResponse(200, {
            ...meFixture(),
            user: { ...meFixture().user, pending_email: 'owner@demo.example' },
          })
        : new Response(null, { status: 204 }),
    );
    expect(
      screen.getByText('Your email is not confirmed yet: invitations sent to it show once it is.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mail me a link' }));
    expect(
      await screen.findByText(
        'We mailed a link to owner@demo.example. Open it within 24 hours to confirm your email.',
      ),
    ).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/apiv2/user/email-verification' });
  });
});
