// Notifications as the owner: at 1440 px the cloud's "Device unreachable" alerts are mailed to a chosen
// member, which a reload keeps; at 375 px a site sets its own Web Push for them. A Guest has no
// Notifications menu entry, and the pages and the API refuse them.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, TEXT } from './support/console.ts';

// Two widths, two reloads and four axe runs in one journey: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function siteId(page: Page, cloudId: number, name: string): Promise<number> {
  const sites = (await (await page.request.get(`/apiv2/cloud/${cloudId}/sites?limit=100`)).json()) as {
    items: { id: number; name: string }[];
  };
  const site = sites.items.find((candidate) => candidate.name === name);
  if (!site) throw new Error(`no site ${name}`);
  return site.id;
}

test('the owner mails device unreachable alerts to a member, and a site sets its own push', async ({
  page,
}) => {
  const cloudId = await signIn(page, 'owner@demo.example', 1440);
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
    'href',
    `/v2/cloud/${cloudId}/notification-settings`,
  );
  await page.goto(`/v2/cloud/${cloudId}/notification-settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText(/Each member’s own choices still apply/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Notifications' });
  await expect(table.getByRole('row')).toHaveCount(17);

  const row = table.getByRole('row', { name: /^Device unreachable/ });
  await row.getByRole('combobox', { name: /Email/ }).click();
  await page.getByRole('option', { name: 'Chosen members' }).click();
  await row.getByRole('combobox', { name: 'Chosen members' }).click();
  await page.getByRole('option', { name: /Adam Admin/ }).click();
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();

  await page.reload();
  const kept = page
    .getByRole('table', { name: 'Notifications' })
    .getByRole('row', { name: /^Device unreachable/ });
  await expect(kept.getByRole('combobox', { name: /Email/ })).toContainText('Chosen members');
  await expect(kept.getByRole('button', { name: 'Adam Admin' })).toBeVisible();
  await expect(kept.getByRole('combobox', { name: /Web Push/ })).toContainText('Everyone who may see it');

  // On a phone, one site pushes these alerts to nobody; its email still follows the cloud's choice.
  await page.setViewportSize({ width: 375, height: 812 });
  const headquarters = await siteId(page, cloudId, 'Headquarters');
  await page.goto(`/v2/cloud/${cloudId}/site/${headquarters}/notification-settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Site Notifications' })).toBeVisible();
  const card = page.getByRole('group', { name: 'Device unreachable', exact: true });
  await expect(card).toContainText('As the cloud: Adam Admin');
  await card.getByRole('combobox', { name: /Setting/ }).click();
  await page.getByRole('option', { name: 'Own setting for this site' }).click();
  await card.getByRole('combobox', { name: /Web Push/ }).click();
  await page.getByRole('option', { name: 'Nobody' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();

  await page.reload();
  const own = page.getByRole('group', { name: 'Device unreachable', exact: true });
  await expect(own.getByRole('combobox', { name: /Setting/ })).toContainText('Own setting for this site');
  await expect(own.getByRole('combobox', { name: /Web Push/ })).toContainText('Nobody');
  await expect(own.getByRole('button', { name: 'Adam Admin' })).toBeVisible();
  // The types the site did not change still follow the cloud.
  await expect(
    page.getByRole('group', { name: 'Device rebooted' }).getByRole('combobox', { name: /Setting/ }),
  ).toContainText('Same as the cloud');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('a Guest has no Notifications, and is refused them', async ({ page }) => {
  const cloudId = await signIn(page, 'guest@demo.example', 1440);
  const menu = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Notifications' })).toHaveCount(0);
  await page.goto(`/v2/cloud/${cloudId}/notification-settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText(TEXT.forbidden)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect((await page.request.get(`/apiv2/cloud/${cloudId}/notification-settings`)).status()).toBe(403);

  const headquarters = await siteId(page, cloudId, 'Headquarters');
  await page.goto(`/v2/cloud/${cloudId}/site/${headquarters}/notification-settings`);
  await expect(page.getByText(TEXT.forbidden)).toBeVisible();
  expect(
    (await page.request.get(`/apiv2/cloud/${cloudId}/site/${headquarters}/notification-settings`)).status(),
  ).toBe(403);
});
