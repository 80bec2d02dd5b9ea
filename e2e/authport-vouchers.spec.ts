// docs/guest-access.md#service-plans and #accounts-and-vouchers: the owner makes a service plan, makes a
// batch of vouchers on it and prints the batch: the download is a PDF of one card per voucher, ten to an A4
// page. Both pages are axe-clean at 1440 and 375 px.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';

test('the owner makes a plan and a voucher batch, and prints the batch', async ({ page }) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  const stamp = Date.now() % 100_000;
  const planName = `Lobby pass ${stamp}`;
  const batchName = `Front desk ${stamp}`;

  await page.goto(`/v2/cloud/${cloudId}/authport/service-plans`);
  await expect(page.getByRole('heading', { level: 1, name: 'AuthPort Service Plans' })).toBeVisible();
  await page.getByRole('button', { name: 'New plan' }).click();
  const planDialog = page.getByRole('dialog', { name: 'New service plan' });
  await planDialog.getByRole('button', { name: 'Create' }).click();
  await expect(planDialog.getByText('Enter a name.')).toBeVisible();
  await planDialog.getByLabel('Name').fill(planName);
  await planDialog.getByLabel('Price label').fill('€5');
  await planDialog.getByLabel('Valid for').fill('2');
  await planDialog.getByLabel('Download (Mbit/s)').fill('0.01');
  await planDialog.getByRole('button', { name: 'Create' }).click();
  await expect(planDialog.getByText('Enter a value from 1 to 10000.')).toBeVisible();
  await planDialog.getByLabel('Download (Mbit/s)').fill('10');
  await expectNoAxeViolations(page);
  await planDialog.getByRole('button', { name: 'Create' }).click();
  await expect(planDialog).toHaveCount(0);
  const planRow = page.getByRole('row').filter({ hasText: planName });
  await expect(planRow).toContainText('2 days from first use');
  await expectNoAxeViolations(page);

  await page.goto(`/v2/cloud/${cloudId}/authport/accounts`);
  await expect(page.getByRole('heading', { level: 1, name: 'AuthPort Accounts' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'New voucher batch' }).click();
  const batchDialog = page.getByRole('dialog', { name: 'New voucher batch' });
  await batchDialog.getByRole('combobox', { name: 'Service plan' }).click();
  await page.getByRole('option', { name: `${planName} · €5` }).click();
  await batchDialog.getByLabel('Batch name').fill(batchName);
  await batchDialog.getByLabel('How many').fill('12');
  await batchDialog.getByLabel('Prefix').fill('lp-');
  await expect(batchDialog.getByLabel('Prefix')).toHaveValue('LP-');
  await batchDialog.getByRole('button', { name: 'Make vouchers' }).click();
  await expect(batchDialog).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Batches' })).toHaveAttribute('aria-selected', 'true');
  const batchRow = page.getByRole('row').filter({ hasText: batchName });
  await expect(batchRow).toContainText('0 of 12');
  await expectNoAxeViolations(page);

  const download = page.waitForEvent('download');
  await batchRow.getByRole('link', { name: `Print ${batchName} (PDF)` }).click();
  const file = await (await download).path();
  const pdf = readFileSync(file).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  // Twelve cards: a full page of ten and a second page of two.
  expect(pdf).toMatch(/\/Count 2\b/);

  await batchRow.getByRole('button', { name: `Show the vouchers of ${batchName}` }).click();
  await expect(page.getByRole('tab', { name: 'Vouchers' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row').filter({ hasText: /LP-[A-Z0-9]{8}/ })).toHaveCount(12);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { level: 1, name: 'AuthPort Accounts' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`/v2/cloud/${cloudId}/authport/service-plans`);
  await expect(page.getByRole('row').filter({ hasText: planName })).toBeVisible();
  await expectNoAxeViolations(page);
});
