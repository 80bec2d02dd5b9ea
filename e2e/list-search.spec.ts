// docs/navigation.md#routes: the list pages Search Everywhere links to honour ?search=, as the demo accounts see them,
// at phone and desktop widths.
import { expect, type Page, test } from '@playwright/test';
import { signInAt } from './support/console.ts';

/** The list's pager ("1–22 of 22"), not a message the console shows meanwhile (a new alert, say). */
const pager = (page: Page) => page.getByRole('main').getByRole('status');

/** The text of one column of the list table, row by row. */
async function column(page: Page, header: string): Promise<string[]> {
  // The page's own list, named by its heading: the users page also lists its invitations.
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  const table = page.getByRole('table', { name: title ?? '', exact: true });
  await expect(table).toBeVisible();
  const headers = await table.getByRole('columnheader').allTextContents();
  const index = headers.indexOf(header);
  expect(index, `column ${header} among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return table
    .locator('tbody tr')
    .evaluateAll((rows, at) => rows.map((row) => row.querySelectorAll('td')[at]?.textContent ?? ''), index);
}

for (const width of [375, 1440]) {
  test.describe(`list pages at ${width} px`, () => {
    test('the owner opens each list with a search and sees only matching rows', async ({ page }) => {
      const cloudId = await signInAt(
        page,
        'owner@demo.example',
        width,
        (id) => `/v2/cloud/${id}/devices?search=lobby`,
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Search devices' })).toHaveValue('lobby');
      await expect(pager(page)).toHaveText('1–22 of 22');
      const devices = await column(page, 'Name');
      expect(devices).toHaveLength(22);
      for (const name of devices) expect(name).toMatch(/ Lobby AP /);

      await page.goto(`/v2/cloud/${cloudId}/sites?search=tower`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
      expect(await column(page, 'Name')).toEqual(['Ridge Tower']);

      await page.goto(`/v2/cloud/${cloudId}/users?search=admin`);
      await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
      expect(await column(page, 'Email')).toEqual(['admin@demo.example', 'sysadmin@demo.example']);

      await page.goto(`/v2/cloud/${cloudId}/clouds?search=harbor`);
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Clouds' })).toBeVisible();
      expect(await column(page, 'Name')).toEqual(['Harbor Wireless']);
    });

    test('the guest searches by typing and goes back to the last search', async ({ page }) => {
      const cloudId = await signInAt(
        page,
        'guest@demo.example',
        width,
        (id) => `/v2/cloud/${id}/devices?search=lobby`,
      );
      await expect(pager(page)).toHaveText('1–22 of 22');

      const box = page.getByRole('textbox', { name: 'Search devices' });
      await box.fill('HQ Lobby');
      await expect(page).toHaveURL(/\?search=HQ\+Lobby$/);
      await expect(pager(page)).toHaveText('1–3 of 3');
      expect(await column(page, 'Name')).toEqual(['HQ Lobby AP 01', 'HQ Lobby AP 12', 'HQ Lobby AP 23']);

      await page.goBack();
      await expect(box).toHaveValue('lobby');
      await expect(pager(page)).toHaveText('1–22 of 22');

      await page.goto(`/v2/cloud/${cloudId}/sites?search=campus`);
      expect(await column(page, 'Name')).toEqual(['North Campus']);
      await page.goto(`/v2/cloud/${cloudId}/users`);
      await expect(
        page.getByText('Access denied: your account does not have sufficient permissions.'),
      ).toBeVisible();
    });
  });
}

test('a Site User sees only the devices of their two sites', async ({ page }) => {
  const cloudId = await signInAt(
    page,
    'siteuser@demo.example',
    1440,
    (id) => `/v2/cloud/${id}/devices?search=lobby`,
  );
  await expect(pager(page)).toHaveText('1–5 of 5');
  expect(new Set(await column(page, 'Site'))).toEqual(new Set(['Downtown Office', 'Headquarters']));
  await page.goto(`/v2/cloud/${cloudId}/sites`);
  expect(await column(page, 'Name')).toEqual(['Downtown Office', 'Headquarters']);
});
