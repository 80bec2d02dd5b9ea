// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPlatform } from '../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../test-utils/fake-fetch.ts';
import { meFixture } from '../../test-utils/me-fixture.ts';
import { fakeShellData, installShellServer, renderTopBar } from './test-server.tsx';

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

async function openUserMenu(me = meFixture()) {
  installShellServer(fakeShellData({ me }));
  renderTopBar(me);
  fireEvent.click(await screen.findByRole('button', { name: 'User menu' }));
  return screen.findByRole('menu', { name: 'User menu' });
}

const names = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('user menu', () => {
  it("links the user's profile, account security and logout", async () => {
    const menu = await openUserMenu();
    expect(within(menu).getByText('owner@demo.example')).toBeInTheDocument();
    expect(names(menu)).toEqual(['Your Profile', 'Account Security', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Your Profile' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Account Security' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/account-security',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('href', '/welcome/logout');
  });

  it('offers the Admin Panel to administrators only', async () => {
    const admin = meFixture({ user: { ...meFixture().user, is_administrator: true } });
    const menu = await openUserMenu(admin);
    expect(within(menu).getByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute(
      'href',
      '/admintools',
    );
  });

  it('offers Privacy Policy and Help in a new tab when the theme sets them', async () => {
    const theme = {
      ...meFixture().theme,
      privacy_policy_url: 'https://example.com/privacy',
      help_url: 'https://example.com/help',
    };
    const menu = await openUserMenu(meFixture({ theme }));
    expect(names(menu)).toEqual([
      'Your Profile',
      'Account Security',
      'Privacy Policy (opens in a new tab)',
      'Help (opens in a new tab)',
      'Logout',
    ]);
    const privacy = within(menu).getByRole('menuitem', { name: /^Privacy Policy/ });
    expect(privacy).toHaveAttribute('href', 'https://example.com/privacy');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(privacy).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(menu).getByRole('menuitem', { name: /^Help/ })).toHaveAttribute(
      'href',
      'https://example.com/help',
    );
  });
});
