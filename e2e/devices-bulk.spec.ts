// The device list as an operator works it: filter and sort from the page (kept in the address), choose the
// columns, select devices and reboot them after a confirmation that says how many, then find the task in
// the task tracker; a guest at phone width gets the list without selection, actions or export.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAt } from './support/console.ts';

test.describe.configure({ timeout: 90_000 });

test('the owner at 1440 px filters, chooses columns, selects two switches and reboots them', async ({
  page,
}) => {
  await signInAt(page, 'owner@demo.example', 1440, (id) => `/v2/cloud/${id}/devices`);
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(table.locator('tbody tr').first()).toBeVisible();

  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Family' }).click();
  await page.getByRole('option', { name: 'Switches' }).click();
  await expect(page).toHaveURL(/[?&]type=switch/);
  await table.getByRole('columnheader', { name: 'Firmware' }).getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=firmware/);
  await expect(table.getByRole('columnheader', { name: 'Firmware' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  // Every row is a switch, in firmware order, once the list has its new rows.
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const products = await table.locator('tbody tr td:nth-child(8)').allTextContents();
  expect(products.length).toBeGreaterThan(1);
  for (const product of products) expect(product).toMatch(/Switch/);

  await page.getByRole('button', { name: 'Columns' }).click();
  // The column shows at once and is saved in the background.
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/apiv2/user/list-columns/devices') && response.request().method() === 'PUT',
  );
  await page.getByRole('menuitemcheckbox', { name: 'Serial number' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Serial number' })).toBeVisible();
  expect((await saved).ok()).toBe(true);
  // Once saved, the choice is the user's: the page's own call reads it back.
  const columns = await (await page.request.get('/apiv2/user/list-columns/devices')).json();
  expect(columns.columns).toContain('serial');

  // By site, so two switches side by side share one and the task tracker names it.
  await table.getByRole('columnheader', { name: 'Site' }).getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=site/);
  await expect(table.getByRole('columnheader', { name: 'Site' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const sites = await table.locator('tbody tr td:nth-child(3)').allTextContents();
  const first = sites.findIndex((site, index) => site === sites[index + 1]);
  expect(first).toBeGreaterThanOrEqual(0);
  const boxes = table.locator('tbody').getByRole('checkbox');
  await boxes.nth(first).check();
  await boxes.nth(first + 1).check();
  const bar = page.getByRole('region', { name: 'Chosen devices' });
  await expect(bar.getByRole('status')).toHaveText('Devices selected: 2');
  await expectNoAxeViolations(page);

  await bar.getByRole('button', { name: 'Reboot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reboot the chosen devices (2)?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Reboot' }).click();
  await expect(page.getByText('Reboot started on devices: 2. The task tracker follows it.')).toBeVisible();
  await expect(bar).toBeHidden();

  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Tasks/ })
    .click();
  const panel = page.getByRole('dialog', { name: 'Tasks' });
  await panel.getByRole('tab', { name: 'In Progress', exact: true }).click();
  await expect(
    panel
      .getByRole('link')
      .filter({ hasText: 'Reboot' })
      .filter({ hasText: sites[0] as string })
      .first(),
  ).toBeVisible();
});

test('the guest at 375 px reads the list with no selection, bulk action or export', async ({ page }) => {
  await signInAt(page, 'guest@demo.example', 375, (id) => `/v2/cloud/${id}/devices?health=HEALTH_CRITICAL`);
  const table = page.getByRole('table', { name: 'Devices' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Filters' }).getByRole('combobox', { name: 'Health' }),
  ).toHaveText('Critical');
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reboot' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Chosen devices' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
