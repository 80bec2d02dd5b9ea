// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drawerMenu } from '../../../core/navigation/drawer-menu.ts';
import { MENU_ITEM_HEIGHT, type NavEntry } from '../../../core/navigation/nav-entry.ts';
import { navContext } from '../../../core/navigation/test-context.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import { appRoutes } from '../../app/router.tsx';
import { getCurrentCloudId } from '../../platform/http.ts';
import { setLocale } from '../../platform/i18n.ts';
import { installFakeFetch, restoreFetch } from '../../test-utils/fake-fetch.ts';
import { meFixture } from '../../test-utils/me-fixture.ts';
import { loadPages, renderRoutes } from '../../test-utils/render-routes.tsx';
import { type Answers, DEVICE, navigationServer, restoreScreenWidth, setScreenWidth } from './test-server.ts';

beforeAll(loadPages('/cloud/3/dashboard', '/site/5/dashboard', '/site/5/device/11/dashboard'));

afterEach(async () => {
  cleanup();
  restoreFetch();
  restoreScreenWidth();
  await setLocale('en');
});

/** The link names of a model menu, depth first, as the drawer should show them. */
function linkNames(entries: readonly NavEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.href === null ? [] : [en[entry.labelKey]]),
    ...linkNames(entry.children ?? []),
  ]);
}

function open(address: string, answers: Answers = {}, width = 1440) {
  setScreenWidth(width);
  const requests = installFakeFetch(navigationServer(answers));
  return { ...renderRoutes(appRoutes(), address), requests };
}

const drawerNav = () => screen.findByRole('navigation', { name: 'Main navigation' });
const shownLinks = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('navigation drawer levels', () => {
  it('shows the main side menu of the model at the cloud level, with the cloud menu frame', async () => {
    open('/cloud/3/dashboard', { licensedSmartNvrId: 70 });
    const nav = await drawerNav();
    // The owner of a VPC cloud with AuthPort and a licensed smart NVR; the user has no support tools.
    const model = drawerMenu(
      'cloud',
      navContext({
        params: { cloudId: 3, userId: 1, siteId: undefined, deviceId: undefined, smartNvrId: undefined },
        user: { supportTools: false },
      }),
    );
    await within(nav).findByRole('link', { name: 'Smart NVR' });
    // docs/navigation.md: the VPC page (docs/vpc.md) and AuthPort's show for this owner.
    expect(within(nav).getByRole('link', { name: 'Service Plans' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'VPC' })).toHaveAttribute('href', '/cloud/3/vpc');
    expect(shownLinks(nav)).toEqual([...linkNames(model.entries), 'Manage Clouds']);
    expect(within(nav).getByRole('heading', { level: 2, name: 'Cloud Menu' })).toBeInTheDocument();
    expect(within(nav).getByText('Manage')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Manage Clouds' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/clouds',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveStyle({
      height: `${MENU_ITEM_HEIGHT}px`,
    });
    expect(within(nav).queryByRole('button', { name: /^Back to/ })).not.toBeInTheDocument();
  });

  it("shows 'Group Menu' while a saved site filter is active, and a guest no Manage group", async () => {
    const guest = meFixture({
      memberships: [
        {
          cloud_id: 3,
          cloud_name: 'Demo Networks',
          role_id: 'ROLE_GUEST',
          permissions: 0,
          push_alerts: false,
        },
      ],
    });
    open('/cloud/3/activity', { me: guest, activeFilterId: 7 });
    const nav = await drawerNav();
    expect(await within(nav).findByRole('heading', { level: 2, name: 'Group Menu' })).toBeInTheDocument();
    expect(shownLinks(nav)).toEqual([
      'Dashboard',
      'Devices',
      'Clients',
      'Activity',
      'Sites',
      'Manage Clouds',
    ]);
    expect(within(nav).queryByText('Manage')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
  });

  it('follows a site page: the cloud comes from the site, back shows the cloud menu and forward the site menu', async () => {
    open('/site/5/dashboard');
    const nav = await drawerNav();
    expect(await within(nav).findByRole('heading', { level: 2, name: 'Site Menu' })).toBeInTheDocument();
    const model = drawerMenu(
      'site',
      navContext({
        access: { roleId: 'ROLE_ADMIN', permissions: 8, sites: [] },
        params: { cloudId: 4, userId: 1, siteId: 5, deviceId: undefined, smartNvrId: undefined },
      }),
    );
    await waitFor(() => expect(shownLinks(nav)).toEqual(linkNames(model.entries)));
    // The site has configuration and SD-WAN: Configuration is offered with its anchors.
    expect(within(nav).getByRole('link', { name: 'Configuration' })).toHaveAttribute(
      'href',
      '/site/5/config',
    );
    expect(within(nav).getByRole('link', { name: 'SD-WAN Group' })).toHaveAttribute(
      'href',
      '/site/5/config#sdwan-group',
    );
    expect(within(nav).queryByRole('link', { name: 'Add-ons' })).not.toBeInTheDocument();
    expect(getCurrentCloudId()).toBe(4);

    fireEvent.click(within(nav).getByRole('button', { name: 'Back to Cloud Menu' }));
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/cloud/4/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Site management' })).toBeInTheDocument();
    fireEvent.click(within(nav).getByRole('button', { name: 'Forward to Site Menu' }));
    expect(within(nav).getByRole('link', { name: 'Wireless Clients' })).toHaveAttribute(
      'href',
      '/site/5/clients',
    );
    expect(within(nav).queryByRole('button', { name: /^Forward to/ })).not.toBeInTheDocument();
  });

  it('follows a device page through its three levels', async () => {
    open('/site/5/device/11/ports');
    const nav = await drawerNav();
    expect(await within(nav).findByRole('heading', { level: 2, name: 'Device Menu' })).toBeInTheDocument();
    await waitFor(() =>
      expect(shownLinks(nav)).toEqual(['Dashboard', 'Ports', 'Activity', 'Files', 'Configuration']),
    );
    expect(within(nav).getByRole('link', { name: 'Ports' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Files' })).toHaveAttribute(
      'href',
      '/v2/cloud/4/site/5/device/11/device-files',
    );
    fireEvent.click(within(nav).getByRole('button', { name: 'Back to Site Menu' }));
    expect(within(nav).getByRole('link', { name: 'Wireless Clients' })).toBeInTheDocument();
    fireEvent.click(within(nav).getByRole('button', { name: 'Back to Cloud Menu' }));
    expect(within(nav).getByRole('heading', { level: 2, name: 'Cloud Menu' })).toBeInTheDocument();
    fireEvent.click(within(nav).getByRole('button', { name: 'Forward to Site Menu' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Forward to Device Menu' }));
    expect(within(nav).getByRole('link', { name: 'Ports' })).toBeInTheDocument();
  });

  it('shows an unknown product type as an error in the drawer, and the page still', async () => {
    open('/site/5/device/11/dashboard', { device: { ...DEVICE, product_type: 'toaster' } });
    const nav = await drawerNav();
    expect(await within(nav).findByRole('alert')).toHaveTextContent(
      'This device has an unknown product type (toaster), so it has no menu.',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Core Switch' })).toBeInTheDocument();
  });

  it('shows the smart NVR menu', async () => {
    open('/smartnvr/70/dashboard');
    const nav = await drawerNav();
    expect(await within(nav).findByRole('heading', { level: 2, name: 'Smart NVR Menu' })).toBeInTheDocument();
    expect(shownLinks(nav)).toEqual([
      'Dashboard',
      'IP Cameras',
      'Streaming',
      'Tunnel Management',
      'Activity',
    ]);
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute(
      'href',
      '/smartnvr/70/activity',
    );
  });

  it('answers a site the user may not see with "Page not found"', async () => {
    open('/site/6/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('temporary and permanent drawer', () => {
  it('is permanent on a wide screen, without a backdrop', async () => {
    open('/cloud/3/dashboard', {}, 1440);
    await drawerNav();
    expect(document.querySelector('.MuiBackdrop-root')).toBeNull();
    expect(document.querySelector('[data-drawer-state]')).toBeNull();
  });

  it('opens with the menu button below md and closes through the closing state', async () => {
    open('/cloud/3/dashboard', {}, 375);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await drawerNav();
    const drawer = document.querySelector('[data-drawer-state]');
    expect(drawer).toHaveAttribute('data-drawer-state', 'open');
    expect(document.querySelector('.MuiBackdrop-root')).not.toBeNull();

    fireEvent.click(document.querySelector('.MuiBackdrop-root') as HTMLElement);
    // Still drawn while it slides out, then gone.
    expect(document.querySelector('[data-drawer-state]')).toHaveAttribute('data-drawer-state', 'closing');
    await waitFor(() => expect(nav).not.toBeInTheDocument());
    expect(document.querySelector('[data-drawer-state]')).toBeNull();
  });

  it('closes after following one of its links', async () => {
    const { router } = open('/cloud/3/dashboard', {}, 375);
    fireEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const nav = await drawerNav();
    fireEvent.click(within(nav).getByRole('link', { name: 'Activity' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloud/3/activity'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());
  });
});

describe('breadcrumbs', () => {
  const crumbs = async () => {
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    return within(trail);
  };

  it('name the cloud and the page on a cloud page', async () => {
    open('/cloud/3/dashboard');
    const trail = await crumbs();
    expect(trail.getByRole('link', { name: 'Demo Networks' })).toHaveAttribute('href', '/cloud/3/dashboard');
    expect(trail.getByText('Dashboard')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Dashboard | Demo Console'));
  });

  it('name the cloud, site, Devices and device name, then the page, on a device page', async () => {
    open('/site/5/device/11/ports');
    const trail = await crumbs();
    expect(trail.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Harbour Wireless', '/cloud/4/dashboard'],
      ['Quay', '/site/5/dashboard'],
      ['Devices', '/v2/cloud/4/site/5/devices'],
      ['Core Switch', '/site/5/device/11/dashboard'],
    ]);
    expect(trail.getByText('Ports')).toHaveAttribute('aria-current', 'page');
  });

  it('name the smart recorder on a smart NVR page', async () => {
    open('/smartnvr/70/activity');
    const trail = await crumbs();
    expect(trail.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Demo Networks',
      'Gate Recorder',
    ]);
  });
});
