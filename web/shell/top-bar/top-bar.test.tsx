// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPlatform } from '../../platform/testing/render-platform.tsx';
import { jsonResponse, restoreFetch } from '../../test-utils/fake-fetch.ts';
import { meFixture } from '../../test-utils/me-fixture.ts';
import { fakeShellData, installShellServer, renderTopBar } from './test-server.tsx';

/** happy-dom applies the theme's media queries to its viewport width. */
function setViewportWidth(width: number) {
  const { happyDOM } = window as unknown as { happyDOM: { setViewport(size: { width: number }): void } };
  happyDOM.setViewport({ width });
}

afterEach(() => {
  resetPlatform();
  restoreFetch();
  setViewportWidth(1024);
});

const themed = (theme: Partial<ReturnType<typeof meFixture>['theme']>) =>
  meFixture({ theme: { ...meFixture().theme, ...theme } });

describe('top bar', () => {
  it('has Search Everywhere, Tasks and Alerts buttons', async () => {
    installShellServer(fakeShellData());
    renderTopBar(meFixture());
    const bar = await screen.findByRole('banner');
    expect(within(bar).getByRole('button', { name: 'Search Everywhere' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Tasks' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Alerts' })).toBeInTheDocument();
  });

  // docs/navigation.md#path-analysis: the default theme names the console's own LinqPath page.
  it("links the console's own path analysis, LinqPath, through the router", async () => {
    installShellServer(fakeShellData());
    renderTopBar(themed({ path_analysis_url: '/v2/cloud/{cloudId}/linqpath' }));
    const link = await screen.findByRole('link', { name: 'Path Analysis' });
    expect(link).toHaveAttribute('href', '/v2/cloud/3/linqpath');
    expect(link).not.toHaveAttribute('target');
  });

  it('links the path-analysis tool to a built console page through the router', async () => {
    installShellServer(fakeShellData());
    renderTopBar(themed({ path_analysis_url: '/cloud/{cloudId}/activity' }));
    const link = await screen.findByRole('link', { name: 'Path Analysis' });
    expect(link).toHaveAttribute('href', '/cloud/3/activity');
    expect(link).not.toHaveAttribute('target');
  });

  it('opens an external path-analysis tool in a new tab', async () => {
    installShellServer(fakeShellData());
    renderTopBar(themed({ path_analysis_url: 'https://paths.example/cloud/{cloudId}' }));
    const link = await screen.findByRole('link', { name: /^Path Analysis/ });
    expect(link).toHaveAttribute('href', 'https://paths.example/cloud/3');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows Latest News when the theme enables news', async () => {
    installShellServer(fakeShellData());
    renderTopBar(themed({ news_enabled: true }));
    expect(await screen.findByRole('button', { name: 'Latest News' })).toBeInTheDocument();
  });

  it('has no Latest News when the theme disables news', async () => {
    installShellServer(fakeShellData());
    renderTopBar(themed({ news_enabled: false }));
    await screen.findByRole('button', { name: 'Tasks' });
    expect(screen.queryByRole('button', { name: 'Latest News' })).not.toBeInTheDocument();
  });

  it('counts 99 unviewed alerts on the badge', async () => {
    const requests = installShellServer(fakeShellData({ notViewedTotal: 99 }));
    renderTopBar(meFixture());
    const button = await screen.findByRole('button', { name: 'Alerts, not viewed: 99' });
    expect(within(button).getByText('99')).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/apiv2/cloud/3/recent-alerts-totals')).toBe(true);
  });

  it("shows '99+' from 100 unviewed alerts on", async () => {
    installShellServer(fakeShellData({ notViewedTotal: 100 }));
    renderTopBar(meFixture());
    const button = await screen.findByRole('button', { name: 'Alerts, not viewed: 100' });
    expect(within(button).getByText('99+')).toBeInTheDocument();
  });

  it('has no cloud buttons without a cloud, but still the cloud and user menus', async () => {
    installShellServer(fakeShellData());
    renderTopBar(meFixture({ memberships: [], default_cloud_id: null }), null, '/welcome/no-cloud');
    expect(await screen.findByRole('button', { name: 'Cloud menu: Cloud' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tasks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Path Analysis' })).not.toBeInTheDocument();
  });

  describe('below md', () => {
    it('offers Latest News, Cloud and User in the More menu; Cloud opens the cloud menu', async () => {
      setViewportWidth(375);
      installShellServer(fakeShellData());
      renderTopBar(meFixture());
      fireEvent.click(await screen.findByRole('button', { name: 'More' }));
      const more = await screen.findByRole('menu', { name: 'More' });
      expect(
        within(more)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Latest News', 'Cloud', 'User']);
      fireEvent.click(within(more).getByRole('menuitem', { name: 'Cloud' }));
      expect(await screen.findByRole('dialog', { name: 'Cloud menu' })).toBeInTheDocument();
    });

    it('names the unread news count in the More menu', async () => {
      setViewportWidth(375);
      installShellServer(fakeShellData(), (request) =>
        request.path === '/apiv2/user/inbox-blog-posts'
          ? jsonResponse(200, { posts: [], unreadCount: 4, updatedAt: null })
          : null,
      );
      renderTopBar(meFixture());
      fireEvent.click(await screen.findByRole('button', { name: 'More' }));
      const more = await screen.findByRole('menu', { name: 'More' });
      expect(
        await within(more).findByRole('menuitem', { name: 'Latest News, unread: 4' }),
      ).toBeInTheDocument();
    });

    it('leaves Latest News out of the More menu when news is off; User opens the user menu', async () => {
      setViewportWidth(375);
      installShellServer(fakeShellData());
      renderTopBar(themed({ news_enabled: false }));
      fireEvent.click(await screen.findByRole('button', { name: 'More' }));
      const more = await screen.findByRole('menu', { name: 'More' });
      expect(within(more).queryByRole('menuitem', { name: 'Latest News' })).not.toBeInTheDocument();
      fireEvent.click(within(more).getByRole('menuitem', { name: 'User' }));
      await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument());
    });
  });
});
