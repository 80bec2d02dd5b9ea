// Clouds and licenses (issue 13): the owner creates a cloud, sets its properties (which ends the billing
// country reminder) and deletes it by typing its name; the owner reads the licenses of Demo Networks; a
// Guest is offered no deleting, no editing and no license changes. Each page is checked with axe.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAt } from './support/console.ts';

const REMINDER = 'The billing address of this cloud has no country. Please add it in the cloud properties.';

test('the owner creates a cloud, edits its properties and deletes it', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `E2E Cloud ${Date.now().toString(36)}`;
  const homeId = await signInAt(page, 'owner@demo.example', 1440, (id) => `/v2/cloud/${id}/clouds`);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Clouds' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Create: the name typed in the prompt.
  await page.getByRole('button', { name: 'Create cloud' }).click();
  const create = page.getByRole('dialog', { name: 'Create a cloud' });
  await create.getByRole('textbox', { name: 'Cloud name' }).fill(name);
  await expectNoAxeViolations(page);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Cloud ${name} created.`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Search clouds' }).fill(name);
  await page.getByRole('textbox', { name: 'Search clouds' }).press('Enter');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Trial');
  await expect(row).toContainText('Owner');

  // Open it: the owner of a cloud without a billing country is reminded to add one.
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/cloud\/\d+\/dashboard$/);
  const cloudId = Number(/\/cloud\/(\d+)\//.exec(page.url())?.[1]);
  await expect(page.getByText(REMINDER)).toBeVisible();
  await page.goto(`/v2/cloud/${cloudId}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cloud Properties' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cloud name' })).toHaveValue(name);
  await page.getByRole('textbox', { name: 'Cloud name' }).fill(`${name} HQ`);
  await page.getByRole('textbox', { name: 'Company' }).fill('E2E Wireless Ltd');
  await page.getByRole('combobox', { name: 'Billing address country' }).fill('Portug');
  await page.getByRole('option', { name: 'Portugal' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Cloud ${name} HQ saved.`)).toBeVisible();
  await expect(page.getByText(REMINDER)).toBeHidden();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Company' })).toHaveValue('E2E Wireless Ltd');
  await expect(page.getByRole('combobox', { name: 'Billing address country' })).toHaveValue('Portugal');

  // Delete it from its own Manage Clouds page: only the exact name deletes it, then the app moves on.
  await page.goto(`/v2/cloud/${cloudId}/clouds?search=${encodeURIComponent(`${name} HQ`)}`);
  await page.getByRole('button', { name: `Delete ${name} HQ` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name} HQ?` });
  await dialog.getByRole('textbox', { name: 'Cloud name' }).fill(name);
  await dialog.getByRole('button', { name: 'Delete cloud' }).click();
  await expect(dialog).toContainText("Type the cloud's name exactly as it is shown.");
  await expectNoAxeViolations(page);
  await dialog.getByRole('textbox', { name: 'Cloud name' }).fill(`${name} HQ`);
  await dialog.getByRole('button', { name: 'Delete cloud' }).click();
  await expect(page.getByText(`Cloud ${name} HQ deleted.`)).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/v2/cloud/${cloudId}/`));
  await page.goto(`/v2/cloud/${homeId}/clouds?search=${encodeURIComponent(name)}`);
  await expect(
    page.getByText('Nothing found. Please refine your search phrase and try again.'),
  ).toBeVisible();
});

test('the owner reads the plan and the device licenses of Demo Networks', async ({ page }) => {
  const cloudId = await signInAt(page, 'owner@demo.example', 1440, (id) => `/cloud/${id}/licenses`);
  await expect(page.getByRole('heading', { level: 1, name: 'Licenses & Billing' })).toBeVisible();
  await expect(page.getByText('Licenses in use')).toBeVisible();
  const table = page.getByRole('table', { name: 'Device licenses' });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await expect(table.getByRole('button', { name: /^Release the license of / }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Without a license' }).click();
  await expect(table.getByRole('button', { name: /^Assign a license to / }).first()).toBeVisible();
  await page.goto(`/cloud/${cloudId}/addons`);
  await expect(page.getByRole('list', { name: 'Add-ons', exact: true })).toContainText('AuthPort');
  await expectNoAxeViolations(page);
});

test('a Guest on a phone is offered no deleting, editing or license changes', async ({ page }) => {
  const cloudId = await signInAt(page, 'guest@demo.example', 375, (id) => `/v2/cloud/${id}/clouds`);
  const table = page.getByRole('table', { name: 'Manage Clouds' });
  await expect(table.getByRole('link', { name: 'Demo Networks' })).toBeVisible();
  await expect(table.getByRole('button', { name: 'Leave Demo Networks' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto(`/v2/cloud/${cloudId}/edit`);
  await expect(
    page.getByText('Access denied: your account does not have sufficient permissions.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Cloud name' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto(`/cloud/${cloudId}/licenses`);
  await expect(
    page.getByText('Access denied: your account does not have sufficient permissions.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Assign|Release)/ })).toHaveCount(0);
});
