// docs/navigation.md: every entry of the cloud menu can be reached beside a site list of 100 sites (the site
// list's maximum in docs/constants.md), on a desktop, a large screen and a phone.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { logIn } from './support/console.ts';

const CLOUD_NAME = 'Hundred Sites Reach';
const SITES = 100;

const drawer = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function csrfOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
}

async function post(request: APIRequestContext, csrf: string, url: string, data: object) {
  const response = await request.post(url, { headers: { 'x-csrf-token': csrf }, data });
  expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
  return response.json();
}

/** A cloud of its own with 100 sites, owned by the demo owner; deleted again after the journey. */
async function hundredSiteCloud(page: Page): Promise<{ cloudId: number; remove: () => Promise<void> }> {
  const csrf = await csrfOf(page);
  const cloud = (await post(page.request, csrf, '/apiv2/clouds', { name: CLOUD_NAME })) as { id: number };
  const names = Array.from(
    { length: SITES },
    (_, index) => `Reach site ${String(index + 1).padStart(3, '0')}`,
  );
  // Ten at a time: well inside the API's rate limit.
  for (let start = 0; start < names.length; start += 10) {
    await Promise.all(
      names
        .slice(start, start + 10)
        .map((name) => post(page.request, csrf, `/apiv2/cloud/${cloud.id}/sites`, { name })),
    );
  }
  const remove = async () => {
    const response = await page.request.delete(`/apiv2/cloud/${cloud.id}`, {
      headers: { 'x-csrf-token': csrf },
      data: { name: CLOUD_NAME },
    });
    expect(response.ok()).toBe(true);
  };
  return { cloudId: cloud.id, remove };
}

/** The video dialogs a new trial cloud greets its owner with count as already seen, so they do not cover the menu. */
async function skipVideoDialogs(page: Page, cloudId: number): Promise<void> {
  const me = (await (await page.request.get('/apiv2/auth/me')).json()) as { user: { id: number } };
  await page.evaluate(
    ({ userId, cloudId }) => {
      for (const kind of ['quickStart', 'promotion']) {
        localStorage.setItem(`console.videoDialog.${kind}.${userId}.${cloudId}`, String(Date.now()));
      }
    },
    { userId: me.user.id, cloudId },
  );
}

const SCREENS = [
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
  { width: 375, height: 812 },
];

// The owner of a new trial cloud sees these, in this order, then the account link.
const CLOUD_MENU = [
  'Dashboard',
  'Devices',
  'Clients',
  'Activity',
  'Site management',
  'User management',
  'Change log',
  'Webhooks',
  'API tokens',
  'Single sign-on',
  'Report management',
  'Add-ons',
  'Licenses & Billing',
  'Properties',
  'Notifications',
  'Manage Clouds',
];

test('every cloud menu entry is in reach beside 100 sites, at every screen size', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(SCREENS[0] as { width: number; height: number });
  await logIn(page, 'owner@demo.example');
  const { cloudId, remove } = await hundredSiteCloud(page);
  try {
    await skipVideoDialogs(page, cloudId);
    for (const size of SCREENS) {
      await page.setViewportSize(size);
      await page.goto(`/cloud/${cloudId}/dashboard`);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      if (size.width < 600) await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = drawer(page);
      const sites = nav.getByRole('list', { name: 'Sites' });
      await expect(sites.getByRole('button')).toHaveCount(SITES);
      // The filter box from 10 sites on (docs/navigation.md).
      await expect(nav.getByRole('textbox', { name: 'Filter sites' })).toBeVisible();
      const links = nav.locator('[data-nav-menu] a, a:has-text("Manage Clouds")');
      await expect(links).toHaveText(CLOUD_MENU);
      for (const name of CLOUD_MENU) {
        const link = nav.getByRole('link', { name, exact: true });
        await link.scrollIntoViewIfNeeded();
        await expect(link, `${name} at ${size.width}x${size.height}`).toBeInViewport();
        // Only the checks of a click: the link is visible, steady and nothing covers it.
        await link.click({ trial: true });
      }
      await nav.getByRole('link', { name: 'Notifications', exact: true }).click();
      await expect(page).toHaveURL(`/v2/cloud/${cloudId}/notification-settings`);
    }

    // Folded, the site list leaves the menu right under its heading, and stays folded on the next page.
    await page.setViewportSize({ width: 1440, height: 900 });
    const nav = drawer(page);
    const fold = nav.getByRole('button', { name: 'Sites' });
    await expect(fold).toHaveAttribute('aria-expanded', 'true');
    await fold.click();
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('list', { name: 'Sites' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Activity', exact: true }).click();
    await expect(page).toHaveURL(`/cloud/${cloudId}/activity`);
    await expect(nav.getByRole('button', { name: 'Sites' })).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Manage Clouds' })).toBeInViewport();
    await nav.getByRole('button', { name: 'Sites' }).click();
    await expect(nav.getByRole('list', { name: 'Sites' }).getByRole('button')).toHaveCount(SITES);
  } finally {
    await remove();
  }
});
