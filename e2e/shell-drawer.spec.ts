// The navigation drawer and breadcrumbs of the shell (docs/navigation.md#side-menu, docs/navigation.md#navigation-drawer, docs/states.md) in two journeys, wide and narrow.
// The menu each demo account gets is checked against the server in server/db/seed/demo-calls.test.ts,
// the model in core/navigation, and the drawer's levels, states and breadcrumbs in web/shell/drawer.
import { expect, type Page, test } from '@playwright/test';
import type { NavContext } from '../core/navigation/context.ts';
import { drawerMenu } from '../core/navigation/drawer-menu.ts';
import type { NavEntry } from '../core/navigation/nav-entry.ts';
import en from '../locales/en.json' with { type: 'json' };
import { axeScan, signIn } from './support/console.ts';

// The site pickers are drawn inside the drawer but built with the top bar; their own checks cover them.
const axe = (page: Page) => axeScan(page).analyze();

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
  const membership = me.memberships.find((m: { cloud_id: number }) => m.cloud_id === cloudId);
  const context: NavContext = {
    access: { roleId: membership.role_id, permissions: membership.permissions, sites: [] },
    theme: { addonsEnabled: me.theme.addons_enabled, supportToolsEnabled: me.theme.support_tools_enabled },
    user: { supportTools: me.user.support_tools },
    cloud: { plan_type: cloud.plan_type, authport_enabled: cloud.authport_enabled },
    siteFilterActive: filters.userCloudFilter.id !== null,
    site: null,
    device: null,
    licensedSmartNvrId:
      membership.roleId === 'ROLE_OWNER' || (membership.permissions & 2) !== 0 ? license.deviceId : null,
    params: { cloudId, userId: me.user.id },
  };
  return linkNames(drawerMenu('cloud', context).entries);
}

type Listed = { id: number; name: string; product_type: string; site: { id: number; name: string } | null };

/** A switch of the cloud on a site, found through the device list. */
async function siteAndDevice(page: Page, cloudId: number) {
  const response = await page.request.get(`/apiv2/cloud/${cloudId}/devices?type=switch&limit=100`);
  expect(response.ok()).toBe(true);
  const device = ((await response.json()).items as Listed[]).find((d) => d.site !== null);
  if (!device?.site) throw new Error('no switch with a site in the demo cloud');
  return { siteId: device.site.id, siteName: device.site.name, device };
}

/** Presses Tab until `target` has the focus, at most `steps` times. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, steps: number) {
  for (
    let step = 0;
    step < steps && !(await target.evaluate((el) => el === document.activeElement));
    step++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test("wide screen: the owner's cloud menu is the model's, usable from the keyboard, and follows the levels", async ({
  page,
}) => {
  // The cloud, a site and a device: a long journey.
  test.setTimeout(60_000);
  const cloudId = await signIn(page, 'owner@demo.example', 1440);
  await expect(drawer(page).getByRole('heading', { level: 2 })).toHaveText(/Cloud Menu|Group Menu/);
  await expect(menuLinks(page)).toHaveText(await expectedCloudMenu(page, cloudId));
  await expect(drawer(page).getByRole('link', { name: 'Manage Clouds' })).toHaveAttribute(
    'href',
    `/v2/cloud/${cloudId}/clouds`,
  );
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
  // The top bar and the page content have their own checks.
  const results = await axeScan(page)
    .include('nav[aria-label="Main navigation"]')
    .include('nav[aria-label="Breadcrumb"]')
    .include('header')
    .analyze();
  expect(results.violations).toEqual([]);

  // The drawer is permanent and usable from the keyboard.
  const activity = drawer(page).getByRole('link', { name: 'Activity' });
  await page.locator('body').focus();
  await tabTo(page, activity, 60);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cloud\/\d+\/activity$/);
  await expect(activity).toHaveAttribute('aria-current', 'page');
  await expect(drawer(page)).toBeVisible();

  // Going into a site and a device changes the level; back returns.
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
  await expect(drawer(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

  await drawer(page).getByRole('button', { name: 'Back to Site Menu' }).click();
  await expect(drawer(page).getByRole('heading', { level: 2, name: 'Site Menu' })).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Back to Cloud Menu' }).click();
  await expect(drawer(page).getByRole('heading', { level: 2, name: 'Cloud Menu' })).toBeVisible();
  await drawer(page).getByRole('button', { name: 'Forward to Site Menu' }).click();
  await drawer(page).getByRole('button', { name: 'Forward to Device Menu' }).click();
  await expect(menuLinks(page).getByText('Ports', { exact: true })).toBeVisible();
});

test('narrow screen: the menu button and the keyboard open the drawer; the backdrop, Escape and a link close it', async ({
  page,
}) => {
  await signIn(page, 'guest@demo.example', 375);
  const openButton = page.getByRole('button', { name: 'Open navigation' });
  await expect(drawer(page)).toHaveCount(0);
  await openButton.click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).getByRole('link', { name: 'Activity' })).toBeVisible();
  expect((await axe(page)).violations).toEqual([]);
  await page.locator('.MuiBackdrop-root').click({ position: { x: 360, y: 400 } });
  await expect(drawer(page)).toHaveCount(0);

  await openButton.focus();
  await page.keyboard.press('Enter');
  await expect(drawer(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toHaveCount(0);
  await openButton.focus();
  await page.keyboard.press('Enter');
  const activity = drawer(page).getByRole('link', { name: 'Activity' });
  await tabTo(page, activity, 30);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cloud\/\d+\/activity$/);
  await expect(drawer(page)).toHaveCount(0);
});
