// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPlatform } from '../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../test-utils/fake-fetch.ts';
import { cloudSummary, fakeShellData, installShellServer, invitation, renderTopBar } from './test-server.tsx';

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

function manyClouds(count: number) {
  return Array.from({ length: count }, (_, index) => cloudSummary(index + 3, `Cloud ${index + 3}`));
}

async function openCloudMenu() {
  fireEvent.click(await screen.findByRole('button', { name: /^Cloud menu: Demo Networks/ }));
  const menu = await screen.findByRole('dialog', { name: 'Cloud menu' });
  await within(menu).findByText('Switch Cloud');
  return menu;
}

describe('cloud menu', () => {
  it('shows the current cloud on its button, with the unread invitation count in its name', async () => {
    installShellServer(fakeShellData({ unreadInvitationCount: 2 }));
    renderTopBar(fakeShellData().me);
    const button = await screen.findByRole('button', {
      name: 'Cloud menu: Demo Networks, pending invitations: 2',
    });
    expect(within(button).getByText('Demo Networks')).toBeInTheDocument();
  });

  it('names the button without invitations when none are pending', async () => {
    installShellServer(fakeShellData({ unreadInvitationCount: 0 }));
    renderTopBar(fakeShellData().me);
    expect(await screen.findByRole('button', { name: 'Cloud menu: Demo Networks' })).toBeInTheDocument();
  });

  it('lists the clouds; choosing one goes to its dashboard', async () => {
    installShellServer(fakeShellData());
    const { router } = renderTopBar(fakeShellData().me);
    const menu = await openCloudMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Demo Networks' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Harbour Wireless' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/4/dashboard'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cloud menu' })).not.toBeInTheDocument());
  });

  it('links Manage Clouds and Cloud Properties of the current cloud', async () => {
    installShellServer(fakeShellData());
    renderTopBar(fakeShellData().me);
    const menu = await openCloudMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Manage Clouds' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/clouds',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Cloud Properties' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/edit',
    );
  });

  it('has no filter box with 9 clouds', async () => {
    installShellServer(fakeShellData({ clouds: manyClouds(9) }));
    renderTopBar(fakeShellData().me);
    const menu = await openCloudMenu();
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(9 + 2);
    expect(within(menu).queryByRole('textbox', { name: 'Filter clouds' })).not.toBeInTheDocument();
  });

  it("filters 10 clouds by name, and says 'No clouds found.' when none match", async () => {
    installShellServer(fakeShellData({ clouds: manyClouds(10) }));
    renderTopBar(fakeShellData().me);
    const menu = await openCloudMenu();
    const filter = within(menu).getByRole('textbox', { name: 'Filter clouds' });
    fireEvent.change(filter, { target: { value: 'cloud 1' } });
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Cloud 10', 'Cloud 11', 'Cloud 12', 'Manage Clouds', 'Cloud Properties']),
    );
    fireEvent.change(filter, { target: { value: 'nowhere' } });
    expect(await within(menu).findByText('No clouds found.')).toBeInTheDocument();
  });

  it('opens again with an empty filter, right after closing', async () => {
    installShellServer(fakeShellData({ clouds: manyClouds(10) }));
    renderTopBar(fakeShellData().me);
    const menu = await openCloudMenu();
    fireEvent.change(within(menu).getByRole('textbox', { name: 'Filter clouds' }), {
      target: { value: 'nowhere' },
    });
    expect(await within(menu).findByText('No clouds found.')).toBeInTheDocument();
    fireEvent.keyDown(menu, { key: 'Escape' });
    const reopened = await openCloudMenu();
    expect(within(reopened).getByRole('textbox', { name: 'Filter clouds' })).toHaveValue('');
    expect(within(reopened).getAllByRole('menuitem')).toHaveLength(10 + 2);
  });

  it('declines an invitation: it leaves the list and the count is fetched again', async () => {
    const data = fakeShellData({
      invitations: [invitation(20, 'Partner Cloud', 'Pat Partner'), invitation(21, 'Vendor Cloud', null)],
      unreadInvitationCount: 2,
    });
    const requests = installShellServer(data);
    renderTopBar(data.me);
    const menu = await openCloudMenu();
    const invitations = within(menu).getByRole('region', { name: 'Invitations' });
    expect(within(invitations).getByText('Invited by Pat Partner')).toBeInTheDocument();
    expect(within(invitations).getByText('Partner Cloud Ltd')).toBeInTheDocument();
    fireEvent.click(
      within(invitations).getByRole('button', { name: 'Decline the invitation to Partner Cloud' }),
    );
    await waitFor(() => expect(within(menu).queryByText('Partner Cloud')).not.toBeInTheDocument());
    expect(within(menu).getByText('Vendor Cloud')).toBeInTheDocument();
    const decline = requests.find((request) => request.path === '/apiv2/user/membership/decline');
    expect(decline?.method).toBe('POST');
    expect(decline?.body).toEqual({ cloudId: 20 });
    // The open menu hides the rest of the page from assistive technology.
    expect(
      await screen.findByRole('button', {
        name: 'Cloud menu: Demo Networks, pending invitations: 1',
        hidden: true,
      }),
    ).toBeInTheDocument();
  });

  it('accepts an invitation: the cloud joins the list and the menu offers to switch to it', async () => {
    const data = fakeShellData({
      invitations: [invitation(20, 'Partner Cloud', 'Pat Partner')],
      unreadInvitationCount: 1,
    });
    const requests = installShellServer(data);
    const { router } = renderTopBar(data.me);
    const menu = await openCloudMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Accept the invitation to Partner Cloud' }));
    expect(await within(menu).findByRole('menuitem', { name: 'Partner Cloud' })).toBeInTheDocument();
    expect(within(menu).queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(requests.find((request) => request.path === '/apiv2/user/membership/join')?.body).toEqual({
      cloudId: 20,
    });
    expect(await within(menu).findByRole('status')).toHaveTextContent('You joined Partner Cloud.');
    fireEvent.click(within(menu).getByRole('link', { name: 'Switch to this cloud' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/20/dashboard'));
  });
});
