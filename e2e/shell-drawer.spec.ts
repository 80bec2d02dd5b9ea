// The navigation drawer and breadcrumbs of the shell (SPEC §2.2, §2.4, §4) for every demo account.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { NavigationDevice } from '../core/api/navigation.ts';
import type { NavContext } from '../core/navigation/context.ts';
import { drawerMenu } from '../core/navigation/drawer-menu.ts';
import type { NavEntry } from '../core/navigation/nav-entry.ts';
import en from '../locales/en.json' with { type: 'json' };

const PASSWORD = 'demo-console';
// The video dialog each account gets on its first visit (SPEC §9).
const ACCOUNTS = [
  { name: 'owner', dialog: "What's new" },
  { name: 'admin', dialog: "What's new" },
  { name: 'guest' },
  { name: 'siteuser' },
  { name: 'trial', dialog: 'Quick Start Guide' },
  { name: 'sysadmin', dialog: "What's new" },
] as const;
type Account = (typeof ACCOUNTS)[number];

async function logIn(page: Page, account: Account): Promise<number> {
  await page.goto('/welcome/login');
  await page.getByLabel('Email').fill(`${account.name}@demo.example`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/cloud\/\d+\/dashboard$/);
  if ('dialog' in account) {
    await page
      .getByRole('dialog', { name: account.dialog })
      .getByRole('button', { name: 'Close' })
      .last()
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  return Number(/\/cloud\/(\d+)\//.exec(page.url())?.[1]);
}

// The site pickers are drawn inside the drawer but built with the top bar; their own checks cover them.
const axe = (page: Page) => new AxeBuilder({ page }).analyze();

const drawer = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const menuLinks = (page: Page) => drawer(page).locator('[data-nav-menu] a');

function linkNames(entries: readonly NavEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.href === null ? [] : [en[entry.labelKey]]),
    ...linkNames(entry.children ?? []),
  ]);
}

/** The cloud menu the model gives this user, from what the server says about them and their cloud. */
async function expectedCloudMenu(page: Page, cloudId: number): Promise<string[]> {
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await page.request.get(path, { headers });
    expect(response.ok()).toBe(true);
    return response.json();
  };
  const me = await get('/apiv2/auth/me');
  const cloud = await get(`/apiv2/cloud/${cloudId}`);
  const filters = await get(`/apiv2/cloud/${cloudId}/site-filters-select`);
  const license = await get('/apiv2/smartnvr/license', { 'X-Cloud-Id': String(cloudId) });
  const membership = me.memberships.find((m: { cloudId: number }) => m.cloudId === cloudId);
  const context: NavContext = {
    access: { roleId: membership.roleId, permissions: membership.permissions, sites: [] },
    theme: { addonsEnabled: me.theme.addonsEnabled, supportToolsEnabled: me.theme.supportToolsEnabled },
    user: { supportTools: me.user.supportTools },
    cloud: { plan_type: cloud.plan_type, authport_enabled: cloud.authport_enabled },
    siteFilterActive: filters.userCloudFilter.id !== null,
    site: null,
    device: null,
    licensedSmartnvrId:
      membership.roleId === 'ROLE_OWNER' || (membership.permissions & 2) !== 0 ? license.deviceId : null,
    params: { cloudId, userId: me.user.id },
  };
  return linkNames(drawerMenu('cloud', context).entries);
}

// What each account must (and must not) see, whatever the model says (docs/navigation.md, docs/security.md). Entries of pages
// not built yet (Report management, Tools, VPC, AuthPort) are hidden for everyone (docs/navigation.md).
const NOT_BUILT = ['Report management', 'Tools', 'VPC', 'Service Plans'];
const MUST: Record<Account['name'], { see: string[]; miss: string[] }> = {
  owner: {
    see: ['Site management', 'User management', 'Licenses & Billing', 'Properties'],
    miss: ['Sites', ...NOT_BUILT],
  },
  admin: {
    see: ['Site management', 'Properties', 'Add-ons', 'Notifications'],
    miss: ['Sites', ...NOT_BUILT],
  },
  guest: { see: ['Dashboard', 'Devices', 'Activity', 'Sites'], miss: ['Site management', 'Properties'] },
  siteuser: { see: ['Sites'], miss: ['User management', 'Report management', 'Properties'] },
  trial: { see: ['Site management', 'User management', 'Properties'], miss: ['Service Plans'] },
  sysadmin: { see: ['Site management', 'User management'], miss: ['Sites', ...NOT_BUILT] },
};

test.describe('drawer menus of each demo account', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  for (const account of ACCOUNTS) {
    test(`${account.name} sees exactly the cloud menu its role and bits allow`, async ({ page }) => {
      const cloudId = await logIn(page, account);
      await expect(drawer(page).getByRole('heading', { level: 2 })).toHaveText(/Cloud Menu|Group Menu/);
      const expected = await expectedCloudMenu(page, cloudId);
      await expect(menuLinks(page)).toHaveText(expected);
      for (const name of MUST[account.name].see) {
        await expect(menuLinks(page).getByText(name, { exact: true })).toBeVisible();
      }
      for (const name of MUST[account.name].miss) {
        await expect(menuLinks(page).getByText(name, { exact: true })).toHaveCount(0);
      }
      // The Manage heading only over something to manage: a guest or Site User has nothing to manage.
      await expect(drawer(page).getByText('Manage', { exact: true })).toHaveCount(
        account.name === 'guest' || account.name === 'siteuser' ? 0 : 1,
      );
      await expect(drawer(page).getByRole('link', { name: 'Manage Clouds' })).toHaveAttribute(
        'href',
        `/v2/cloud/${cloudId}/clouds`,
      );
    });
  }
});

/** A site of the cloud and a device of it, found through the API. */
async function siteAndDevice(page: Page, cloudId: number) {
  const ids = Array.from({ length: 120 }, (_, index) => index + 1);
  const devices = await Promise.all(
    ids.map(async (id) => {
      const response = await page.request.get(`/apiv2/navigation/device/${id}`);
      return response.ok() ? ((await response.json()) as NavigationDevice) : null;
    }),
  );
  const device = devices.find(
    (d) => d?.cloud_id === cloudId && d.site_id !== null && d.product_type === 'switch',
  );
  if (!device?.site_id) throw new Error('no switch with a site in the demo cloud');
  return { siteId: device.site_id, siteName: device.site_name ?? '', device };
}

test.describe('levels', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test('going into a site and a device changes the level; back returns', async ({ page }) => {
    const cloudId = await logIn(page, ACCOUNTS[0]);
    const { siteId, siteName, device } = await siteAndDevice(page, cloudId);

    await page.goto(`/site/${siteId}/dashboard#default`);
    await expect(drawer(page).getByRole('heading', { level: 2, name: 'Site Menu' })).toBeVisible();
    await expect(drawer(page).getByRole('link', { name: 'Wireless Clients' })).toHaveAttribute(
      'href',
      `/site/${siteId}/clients`,
    );
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link')).toHaveText(['Demo Networks', siteName]);
    await expect(page).toHaveTitle(/^Site Dashboard \| /);

    await drawer(page).getByRole('link', { name: 'Devices', exact: true }).click();
    await expect(page).toHaveURL(`/v2/cloud/${cloudId}/site/${siteId}/devices`);
    await page.goto(`/site/${siteId}/device/${device.id}/dashboard`);
    await expect(drawer(page).getByRole('heading', { level: 2, name: 'Device Menu' })).toBeVisible();
    await expect(menuLinks(page).getByText('Ports', { exact: true })).toBeVisible();
    await expect(crumbs.getByRole('link')).toHaveText(['Demo Networks', siteName, 'Devices', device.name]);
    await expect(drawer(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await drawer(page).getByRole('button', { name: 'Back to Site Menu' }).click();
    await expect(drawer(page).getByRole('heading', { level: 2, name: 'Site Menu' })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Back to Cloud Menu' }).click();
    await expect(drawer(page).getByRole('heading', { level: 2, name: 'Cloud Menu' })).toBeVisible();
    await drawer(page).getByRole('button', { name: 'Forward to Site Menu' }).click();
    await drawer(page).getByRole('button', { name: 'Forward to Device Menu' }).click();
    await expect(menuLinks(page).getByText('Ports', { exact: true })).toBeVisible();
  });
});

test.describe('narrow screen', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('the drawer opens with the menu button and the backdrop closes it', async ({ page }) => {
    await logIn(page, ACCOUNTS[2]);
    await expect(drawer(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByRole('link', { name: 'Activity' })).toBeVisible();
    await page.locator('.MuiBackdrop-root').click({ position: { x: 360, y: 400 } });
    await expect(drawer(page)).toHaveCount(0);
  });

  test('keyboard only: open the drawer, follow a link, and close it with Escape', async ({ page }) => {
    await logIn(page, ACCOUNTS[2]);
    const openButton = page.getByRole('button', { name: 'Open navigation' });
    await openButton.focus();
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toHaveCount(0);
    await openButton.focus();
    await page.keyboard.press('Enter');
    const activity = drawer(page).getByRole('link', { name: 'Activity' });
    for (
      let step = 0;
      step < 30 && !(await activity.evaluate((el) => el === document.activeElement));
      step++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(activity).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cloud\/\d+\/activity$/);
    await expect(drawer(page)).toHaveCount(0);
  });

  test('no accessibility violations on the shell with the drawer open', async ({ page }) => {
    await logIn(page, ACCOUNTS[2]);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(drawer(page)).toBeVisible();
    const results = await axe(page);
    expect(results.violations).toEqual([]);
  });
});

test.describe('wide screen', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test('the drawer is permanent and usable from the keyboard', async ({ page }) => {
    await logIn(page, ACCOUNTS[2]);
    await expect(drawer(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
    const activity = drawer(page).getByRole('link', { name: 'Activity' });
    await page.locator('body').focus();
    for (
      let step = 0;
      step < 40 && !(await activity.evaluate((el) => el === document.activeElement));
      step++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(activity).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cloud\/\d+\/activity$/);
    await expect(activity).toHaveAttribute('aria-current', 'page');
    await expect(drawer(page)).toBeVisible();
  });

  test('no accessibility violations in the drawer and breadcrumbs', async ({ page }) => {
    await logIn(page, ACCOUNTS[0]);
    await expect(drawer(page)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    // The top bar and the page content have their own checks.
    const results = await new AxeBuilder({ page })
      .include('nav[aria-label="Main navigation"]')
      .include('nav[aria-label="Breadcrumb"]')
      .include('header')
      .analyze();
    expect(results.violations).toEqual([]);
  });
});
