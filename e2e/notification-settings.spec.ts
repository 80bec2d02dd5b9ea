// Notifications as the owner: at 1440 px the cloud's "Device unreachable" alerts are mailed to a chosen
// member, which the server keeps; at 375 px a site sets its own Web Push for them. A Guest has no
// Notifications menu entry, and the pages and the API refuse them.
import { expect, type Page, test } from '@playwright/test';
import { ALERT_TYPES } from '../core/domain.ts';
import { expectNoAxeViolations, signIn, TEXT } from './support/console.ts';

// Two widths, two pages and two axe runs in one journey: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

type Channel = { everyone: boolean; user_ids: number[] };

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
  // A row per alert type, under the heading's.
  await expect(table.getByRole('row')).toHaveCount(ALERT_TYPES.length + 1);

  const row = table.getByRole('row', { name: /^Device unreachable/ });
  await row.getByRole('combobox', { name: /Email/ }).click();
  await page.getByRole('option', { name: 'Chosen members' }).click();
  await row.getByRole('combobox', { name: 'Chosen members' }).click();
  await page.getByRole('option', { name: /Adam Admin/ }).click();
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();

  // Saved on the server: the page's own settings call reads it back.
  const saved = (await (await page.request.get(`/apiv2/cloud/${cloudId}/notification-settings`)).json()) as {
    types: { alert_type: string; push: Channel; email: Channel }[];
    members: { id: number; name: string }[];
  };
  const adam = saved.members.find((member) => member.name === 'Adam Admin');
  expect(saved.types.find((type) => type.alert_type === 'DEV_UNREACHABLE')).toMatchObject({
    email: { everyone: false, user_ids: [adam?.id] },
    push: { everyone: true },
  });

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

  const site = (await (
    await page.request.get(`/apiv2/cloud/${cloudId}/site/${headquarters}/notification-settings`)
  ).json()) as { types: { alert_type: string; follows_cloud: boolean; push: Channel; email: Channel }[] };
  expect(site.types.find((type) => type.alert_type === 'DEV_UNREACHABLE')).toMatchObject({
    follows_cloud: false,
    push: { everyone: false, user_ids: [] },
    email: { everyone: false, user_ids: [adam?.id] },
  });
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
