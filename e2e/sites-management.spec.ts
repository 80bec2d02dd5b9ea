// Site management (issue 13): the owner adds a site with coordinates picked on the map, changes it in Site
// Properties and deletes it after a confirmation that says what happens to its devices; a Guest is offered
// none of it. Each page is checked with axe.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAt, TEXT } from './support/console.ts';

test('the owner adds a site, changes its properties and deletes it', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `E2E Depot ${Date.now().toString(36)}`;
  const cloudId = await signInAt(page, 'owner@demo.example', 1440, (id) => `/v2/cloud/${id}/sites`);
  const table = page.getByRole('table', { name: 'Sites' });
  await expect(table.getByRole('columnheader', { name: 'Health' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Site groups' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Add: a name the cloud has not used, a place clicked on the map, a time zone from the list.
  await page.getByRole('link', { name: 'Add site', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a new site' })).toBeVisible();
  await page.getByRole('button', { name: 'Create site' }).click();
  await expect(page.getByText('Enter a name.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Location' }).fill('Rua Augusta 1, Lisbon');
  const map = page.getByRole('img', { name: 'World map. Click a place to set the coordinates.' });
  await map.click({ position: { x: 20, y: 20 } });
  await expect(page.getByRole('textbox', { name: 'Latitude' })).not.toHaveValue('');
  await page.getByRole('textbox', { name: 'Latitude' }).fill('38.71');
  await page.getByRole('textbox', { name: 'Longitude' }).fill('-9.14');
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Lisb');
  await page.getByRole('option', { name: 'Europe/Lisbon' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create site' }).click();
  await expect(page.getByText(`Site ${name} created.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/v2/cloud/${cloudId}/sites$`));

  // Change it in Site Properties.
  await page.getByRole('textbox', { name: 'Search sites' }).fill(name);
  await page.getByRole('textbox', { name: 'Search sites' }).press('Enter');
  await expect(table.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('No devices');
  await page.getByRole('link', { name: `Site Properties of ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site Properties' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Latitude' })).toHaveValue('38.71');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Lisbon');
  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} North`);
  await page.getByRole('switch', { name: 'Allow configuration from the console' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Site ${name} North saved.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(`${name} North`);
  await expect(page.getByRole('switch', { name: 'Allow configuration from the console' })).not.toBeChecked();

  // Delete it: the dialog says first what becomes of the site's devices.
  await page.getByRole('button', { name: 'Delete site' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name} North?` });
  await expect(dialog).toContainText('The site holds no devices.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete site' }).click();
  await expect(page.getByText(`Site ${name} North deleted.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/v2/cloud/${cloudId}/sites$`));
  await page.getByRole('textbox', { name: 'Search sites' }).fill(name);
  await page.getByRole('textbox', { name: 'Search sites' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Nothing found' })).toBeVisible();
});

test('a Guest on a phone sees the sites but is offered no adding or editing', async ({ page }) => {
  const cloudId = await signInAt(page, 'guest@demo.example', 375, (id) => `/v2/cloud/${id}/sites`);
  const table = page.getByRole('table', { name: 'Sites' });
  const first = table.getByRole('link').first();
  await expect(first).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add site', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Site Properties of / })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Site groups' })).toHaveCount(0);
  // The page fits the phone's width (the table scrolls within itself).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);

  const siteId = /\/site\/(\d+)\//.exec((await first.getAttribute('href')) ?? '')?.[1];
  await page.goto(`/v2/cloud/${cloudId}/site/${siteId}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Site Properties' })).toBeVisible();
  await expect(page.getByText(TEXT.forbidden)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await page.goto(`/v2/cloud/${cloudId}/sites/add`);
  await expect(page.getByText(TEXT.forbidden)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create site' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the owner on a phone groups two sites, renames the group and deletes it', async ({ page }) => {
  const name = `E2E group ${Date.now().toString(36)}`;
  await signInAt(page, 'owner@demo.example', 375, (id) => `/v2/cloud/${id}/sites`);
  const groups = page.getByRole('region', { name: 'Site groups' });
  await groups.getByRole('link', { name: 'Add site group' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Site Group' })).toBeVisible();
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText('Enter a name.')).toBeVisible();
  await expect(page.getByText('Choose at least one site.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  const sites = page.getByRole('group', { name: /^Sites in the group/ });
  await sites.getByRole('checkbox').nth(0).check();
  await sites.getByRole('checkbox').nth(1).check();
  await expect(sites).toHaveAccessibleName('Sites in the group: 2');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText(`Site group ${name} created.`)).toBeVisible();

  await groups.getByRole('link', { name: `Edit site group ${name}` }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Site group ${name} renamed saved.`)).toBeVisible();
  await page.getByRole('button', { name: 'Delete group' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete group' }).click();
  await expect(page.getByText(`Site group ${name} renamed deleted.`)).toBeVisible();
  await expect(groups.getByRole('link', { name: `Edit site group ${name} renamed` })).toHaveCount(0);
});
