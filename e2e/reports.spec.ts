// docs/reports.md: the owner schedules a report, runs one now, sees it pending until the background job
// has made it, and downloads the PDF; the page is axe-clean at 1440 and 375 px.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';

test('the owner schedules a report, runs one now and downloads its PDF', async ({ page }) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  const unique = Date.now() % 100_000;
  await page.goto(`/v2/cloud/${cloudId}/report`);
  await expect(page.getByRole('heading', { level: 1, name: 'Report management' })).toBeVisible();
  // The demo's weekly schedule and the file it made.
  await expect(page.getByRole('table', { name: 'Schedules' }).getByText('Weekly inventory')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'New schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New report schedule' });
  await dialog.getByLabel('Name').fill(`Alerts ${unique}`);
  await dialog.getByRole('combobox', { name: 'Report' }).click();
  await page.getByRole('option', { name: 'Alerts summary' }).click();
  await dialog.getByRole('combobox', { name: 'Repeat' }).click();
  await page.getByRole('option', { name: 'Daily' }).click();
  await dialog.getByLabel('Time', { exact: true }).fill('02:30');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const scheduleRow = page
    .getByRole('table', { name: 'Schedules' })
    .getByRole('row')
    .filter({ hasText: `Alerts ${unique}` });
  await expect(scheduleRow).toContainText('every day at 02:30 (Europe/Vilnius)');

  await page.getByRole('button', { name: 'Run a report' }).click();
  const run = page.getByRole('dialog', { name: 'Run a report' });
  await run.getByLabel('Name').fill(`Inventory ${unique}`);
  await run.getByRole('button', { name: 'Run' }).click();
  await expect(run).toHaveCount(0);
  const runRow = page
    .getByRole('table', { name: 'Generated reports' })
    .getByRole('row')
    .filter({ hasText: `Inventory ${unique}` });
  await expect(runRow).toContainText(/Pending|Running|Ready/);
  await expect(runRow).toContainText('Ready', { timeout: 30_000 });

  const download = page.waitForEvent('download');
  await runRow.getByRole('link', { name: /^Download Inventory-\d+/ }).click();
  const pdf = readFileSync(await (await download).path()).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { level: 1, name: 'Report management' })).toBeVisible();
  await expectNoAxeViolations(page);
});
