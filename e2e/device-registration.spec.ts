// Registering devices (issue 13): one by serial number and MAC from the device list, many from a CSV file
// with a row-by-row report, adopting a device that called home with the cloud's onboarding key, and
// approving a registered one that called without it (issue 21); a Guest is offered none of it.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signInAt } from './support/console.ts';

// A site no other journey counts devices on.
const SITE = 'Sunset Clinic';

/** Serial numbers and MAC addresses no other run has used. */
function identities() {
  const stamp = (Date.now() % 0xffffff).toString(16).padStart(6, '0');
  return (n: number) => ({
    sn: `E2E${stamp.toUpperCase()}${n}`,
    mac: `02:e2:${stamp.slice(0, 2)}:${stamp.slice(2, 4)}:${stamp.slice(4, 6)}:0${n}`,
  });
}

async function chooseSite(page: Page, dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByRole('combobox', { name: 'Site' }).fill('Sunset');
  await page.getByRole('option', { name: SITE }).click();
}

test('the owner registers a device, imports a file of good and bad rows, and adopts a pending device', async ({
  page,
}) => {
  // Three journeys in one, each checked with axe.
  test.setTimeout(90_000);
  const id = identities();
  const cloudId = await signInAt(page, 'owner@demo.example', 1440, (id) => `/v2/cloud/${id}/devices`);

  // One device by serial number and MAC.
  await page.getByRole('button', { name: 'Register device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register a device' });
  await chooseSite(page, dialog);
  await dialog.getByRole('textbox', { name: 'Serial number' }).fill(id(1).sn);
  await dialog.getByRole('textbox', { name: 'MAC address' }).fill('not a mac');
  await dialog.getByRole('combobox', { name: 'Model' }).fill('AP-WIFI6-2x2-IN');
  await page.getByRole('option', { name: /\(AP-WIFI6-2x2-IN\)/ }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E Clinic AP');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('Enter a MAC address of 12 hexadecimal digits')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('textbox', { name: 'MAC address' }).fill(id(1).mac);
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(`E2E Clinic AP is registered on ${SITE}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Many from a CSV file: one good row, and rows refused for a duplicate, a bad MAC and an unknown site.
  await page.getByRole('link', { name: 'Import from CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import devices' })).toBeVisible();
  const csv = [
    'name,serial,mac,model,site',
    `E2E Clinic Switch,${id(2).sn},${id(2).mac},SW-8P-GE,${SITE}`,
    `Again,${id(1).sn},${id(3).mac},AP-WIFI6-2x2-IN,${SITE}`,
    `Broken,${id(4).sn},02:e2,AP-WIFI6-2x2-IN,${SITE}`,
    `Nowhere,${id(5).sn},${id(5).mac},AP-WIFI6-2x2-IN,Moon Base`,
  ].join('\n');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'devices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(page.getByRole('region', { name: 'Import devices' }).getByRole('status')).toHaveText(
    'Devices added: 1. Rows refused: 3.',
  );
  const report = page.getByRole('table', { name: 'Import report' });
  const rows = report.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('Added');
  await expect(rows.nth(1)).toContainText(
    'Refused. A device with this MAC address or serial number is already registered.',
  );
  await expect(rows.nth(2)).toContainText('Refused. Not a MAC address.');
  await expect(rows.nth(3)).toContainText('Refused. No such site.');
  await expectNoAxeViolations(page);

  // A device that called home unregistered with the cloud's onboarding key, adopted into a site with the
  // serial number on its label.
  await page.goto(`/v2/cloud/${cloudId}/devices`);
  await page.getByRole('link', { name: 'Pending devices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pending devices' })).toBeVisible();
  const keyField = page
    .getByRole('region', { name: 'Onboarding key' })
    .getByRole('textbox', { name: 'Onboarding key' });
  await expect(keyField).toHaveValue(/^[0-9a-f]{32}$/);
  const pending = {
    sn: id(6).sn,
    mac: id(6).mac,
    productBrandId: 13,
    fw: '7.2.0-3988',
    mgmtdVersion: '2.4.1',
    onboardingKey: await keyField.inputValue(),
  };
  expect((await page.request.post('/agent/v1/adopt', { data: pending })).status()).toBe(202);
  await page.reload();
  const adopt = page.getByRole('button', { name: `Adopt ${pending.mac}` });
  await expect(adopt).toBeVisible();
  await expectNoAxeViolations(page);
  await adopt.click();
  const adoption = page.getByRole('dialog', { name: `Adopt ${pending.mac}` });
  await chooseSite(page, adoption);
  await adoption.getByRole('textbox', { name: 'Serial number' }).fill(pending.sn);
  await adoption.getByRole('textbox', { name: 'Name' }).fill('E2E Clinic Gate');
  await adoption.getByRole('button', { name: 'Adopt' }).click();
  await expect(page.getByText(`E2E Clinic Gate is adopted into ${SITE}.`)).toBeVisible();
  await expect(adopt).toBeHidden();
  // On its next call the device gets its credential.
  const called = await page.request.post('/agent/v1/adopt', { data: pending });
  expect(called.status()).toBe(200);
  expect((await called.json()).status).toBe('adopted');

  await page.goto(`/v2/cloud/${cloudId}/devices?search=E2E Clinic`);
  for (const name of ['E2E Clinic AP', 'E2E Clinic Switch', 'E2E Clinic Gate'])
    await expect(page.getByRole('link', { name })).toBeVisible();
});

test('the owner approves a registered device that called without the key, then resets its credential', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const id = identities();
  const cloudId = await signInAt(page, 'owner@demo.example', 1440, (id) => `/v2/cloud/${id}/devices`);
  await page.getByRole('button', { name: 'Register device' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register a device' });
  await chooseSite(page, dialog);
  await dialog.getByRole('textbox', { name: 'Serial number' }).fill(id(7).sn);
  await dialog.getByRole('textbox', { name: 'MAC address' }).fill(id(7).mac);
  await dialog.getByRole('combobox', { name: 'Model' }).fill('AP-WIFI6-2x2-IN');
  await page.getByRole('option', { name: /\(AP-WIFI6-2x2-IN\)/ }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E Clinic Porch');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(`E2E Clinic Porch is registered on ${SITE}.`)).toBeVisible();

  // Its label alone gets it nothing: it waits for a member's approval.
  const label = { sn: id(7).sn, mac: id(7).mac, productBrandId: 13, fw: '7.2.0-3988', mgmtdVersion: '2.4.1' };
  const keyless = await page.request.post('/agent/v1/adopt', { data: label });
  expect(keyless.status()).toBe(202);
  await page.goto(`/v2/cloud/${cloudId}/devices/pending`);
  // The list comes after the sites the owner may register into: give a busy machine time for both.
  await expect(page.getByRole('table', { name: 'Pending devices' })).toBeVisible({ timeout: 20_000 });
  const row = page.getByRole('row', { name: new RegExp(id(7).mac) });
  await expect(row).toContainText('Approval as E2E Clinic Porch');
  await expect(row).toContainText('127.0.0.1');
  await expectNoAxeViolations(page);
  await row.getByRole('button', { name: `Approve ${id(7).mac}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve E2E Clinic Porch?' });
  await expect(confirm).toContainText('from 127.0.0.1');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('E2E Clinic Porch is approved.', { exact: false })).toBeVisible();
  await expect(row).toContainText('Its next call, approved as E2E Clinic Porch');

  const adopted = await page.request.post('/agent/v1/adopt', { data: label });
  expect(adopted.status()).toBe(200);
  const credential = (await adopted.json()).credential as string;
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Onboarding key' })).toBeVisible();
  await expect(row).toBeHidden();

  // Its credential lost: the owner resets it on the device's dashboard, and the old one stops working.
  await page.goto(`/v2/cloud/${cloudId}/devices?search=E2E Clinic Porch`);
  await page.getByRole('link', { name: 'E2E Clinic Porch' }).click();
  await page.getByRole('button', { name: 'Reset credential' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset the credential of E2E Clinic Porch?' });
  await reset.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('The credential of E2E Clinic Porch is reset.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset credential' })).toBeHidden();
  const refused = await page.request.post('/agent/v1/heartbeat', {
    headers: { authorization: `Bearer ${credential}` },
    data: {
      seq: 1,
      uptimeS: 60,
      fw: '7.2.0-3988',
      mgmtdVersion: '2.4.1',
      system: { cpuPct: 10, memPct: 40, tempC: 45 },
      timeSync: { synced: true },
      config: { applied: true, unsyncedFiles: [] },
      actionRequired: null,
    },
  });
  expect(refused.status()).toBe(401);
});

test('a Guest on a phone is offered no way to register devices', async ({ page }) => {
  const cloudId = await signInAt(page, 'guest@demo.example', 375, (id) => `/v2/cloud/${id}/devices`);
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register device' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Import from CSV' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pending devices' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto(`/v2/cloud/${cloudId}/devices/pending`);
  await expect(page.getByText('Your role does not allow registering devices in this cloud.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
