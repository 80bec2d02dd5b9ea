// docs/configuration.md: the site's and the device's Configuration pages of Demo Networks. The owner edits a
// WLAN and applies it, a Guest reads a site's configuration, a device override is reverted and the demo's
// drifted access point is settled. Each journey changes a site or a device no other journey reads: Data
// Center West's Wi-Fi 6 document, Retail Store 14's first floor access point, and the drifted access point
// of Headquarters (docs/demo.md#configuration), which the Guest only reads the site document of.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { SECRET_MASK } from '../core/config/secrets.ts';
import { expectNoAxeViolations, startSession } from './support/console.ts';

// The site page holds a form per kind of device, and the apply dialog a diff and a dry run: two scans of it.
test.describe.configure({ timeout: 90_000 });

type Named = { id: number; name: string };

async function siteId(page: Page, cloudId: number, name: string): Promise<number> {
  const response = await page.request.get(`/apiv2/cloud/${cloudId}/sites?limit=100`);
  expect(response.ok()).toBe(true);
  const site = ((await response.json()).items as Named[]).find((one) => one.name === name);
  if (!site) throw new Error(`no site ${name}`);
  return site.id;
}

async function deviceId(page: Page, cloudId: number, site: number, name: string): Promise<number> {
  const response = await page.request.get(`/apiv2/cloud/${cloudId}/devices?limit=100&site_id=${site}`);
  expect(response.ok()).toBe(true);
  const device = ((await response.json()).items as Named[]).find((one) => one.name === name);
  if (!device) throw new Error(`no device ${name}`);
  return device.id;
}

/** A kind's card on the site page, by its title. */
const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The field frame that holds a control and says where its value comes from (a device's page). */
const leafOf = (control: Locator) =>
  control.locator('xpath=ancestor::div[.//*[text()="Device override" or text()="Inherited from site"]][1]');

test('the owner changes the guest WLAN of a site, reviews the diff, previews and applies it', async ({
  page,
}) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  const site = await siteId(page, cloudId, 'Data Center West');
  await page.goto(`/site/${site}/config`);
  await expect(page.getByRole('heading', { level: 1, name: 'Site Configuration' })).toBeVisible();
  const wifi6 = card(page, 'Wi-Fi 6 Wireless');
  const ssid = wifi6
    .getByRole('group', { name: 'guest', exact: true })
    .getByRole('textbox', { name: 'SSID' });
  const before = await ssid.inputValue();
  const after = `E2E Guest ${Date.now().toString(36)}`;
  expect(before).not.toBe('');
  await ssid.fill(after);
  await wifi6.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft of Wi-Fi 6 Wireless saved.', { exact: false })).toBeVisible();
  const banner = page.getByRole('alert').filter({ hasText: 'Drafts not applied yet: Wi-Fi 6 Wireless.' });
  await expect(banner).toBeVisible();
  await expect(wifi6.getByText('Draft', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Review: the diff names the SSID with its old and new value.
  await banner.getByRole('button', { name: 'Review and apply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review and apply' });
  const diff = dialog.getByRole('table', { name: 'Wi-Fi 6 Wireless' });
  const row = diff.getByRole('row').filter({ hasText: 'guest › SSID' });
  await expect(row.getByRole('cell')).toHaveText([/guest › SSID$/, before, after]);

  // Preview (a dry run): the batches of the inheriting access points, the standalone one skipped.
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('heading', { name: 'Devices that would take it, in batches' })).toBeVisible();
  await expect(dialog.getByText(/^Batch 1: DCW /)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Skipped devices' })).toBeVisible();
  await expect(
    dialog.getByText('DCW Reception AP 02: standalone: keeps a document of its own', { exact: true }),
  ).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeViolations(page);

  // Apply: the result leads to the task; the banner is gone and the history has the new revision first.
  const applied = page.waitForResponse(
    (response) => response.url().endsWith(`/sites/${site}/config/apply`) && response.ok(),
  );
  await dialog.getByRole('button', { name: 'Apply', exact: true }).click();
  const { revision_ids: revisions, task_ids: tasks } = (await (await applied).json()) as {
    revision_ids: number[];
    task_ids: number[];
  };
  expect(revisions).toHaveLength(1);
  await expect(dialog.getByRole('status')).toHaveText(
    'The configuration is on its way to the devices. Follow each task:',
  );
  const task = dialog.getByRole('link', { name: `Task ${tasks[0]}`, exact: true });
  await expect(task).toHaveAttribute(
    'href',
    `/cloud/${cloudId}/activity?status=RUNNING%2BPENDING&id=${tasks[0]}`,
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(banner).toHaveCount(0);
  const history = page.getByRole('list', { name: 'Revision history' });
  await expect(history.getByRole('listitem').first()).toContainText(
    `Revision ${revisions[0]}: Wi-Fi 6 Wireless, applied`,
  );
  await expect(ssid).toHaveValue(after);

  // Devices: the site's devices with where each stands, the access points that took it pending or applied.
  const devices = page.getByRole('region', { name: 'Devices', exact: true });
  const states = devices.getByRole('group', { name: 'Filter by state' });
  await expect(states.getByRole('button', { name: /^(Pending|Applied): [1-9]\d*$/ }).first()).toBeVisible();
  await expect(
    devices.getByRole('table', { name: 'Devices' }).getByRole('link', { name: /^DCW / }).first(),
  ).toBeVisible();
});

test('a Guest reads a site configuration without changing it, its secrets masked', async ({ page }) => {
  const cloudId = await startSession(page, 'guest@demo.example', 375);
  const site = await siteId(page, cloudId, 'Headquarters');
  await page.goto(`/site/${site}/config`);
  await expect(page.getByRole('heading', { level: 1, name: 'Site Configuration' })).toBeVisible();
  await expect(page.getByText('You may view this configuration but not change it.')).toBeVisible();
  await expect(
    page.getByText('Passphrases, keys and passwords are hidden: you may not view them.'),
  ).toBeVisible();
  // Headquarters' draft is announced, but only a member who may change it reviews it.
  await expect(page.getByText(/^Drafts not applied yet: /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review and apply' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Discard draft' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save variables' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Roll back' })).toHaveCount(0);

  const guest = card(page, 'Wi-Fi 6 Wireless').getByRole('group', { name: 'guest', exact: true });
  await expect(guest.getByRole('textbox', { name: 'SSID' })).toBeDisabled();
  await expect(guest.getByRole('textbox', { name: 'SSID' })).toHaveValue('Guest {{site_code}}');
  await expect(guest.getByRole('textbox', { name: 'Passphrase' })).toBeDisabled();
  await expect(guest.getByRole('textbox', { name: 'Passphrase' })).toHaveValue(SECRET_MASK);
  await expect(guest.getByRole('switch', { name: 'Client isolation' })).toBeDisabled();
  await expectNoAxeViolations(page);
});

test("the owner overrides a device's 5 GHz channel and reverts it to the site's", async ({ page }) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  const site = await siteId(page, cloudId, 'Retail Store 14');
  const device = await deviceId(page, cloudId, site, 'RS Floor 1 AP 03');
  await page.goto(`/site/${site}/device/${device}/config`);
  await expect(page.getByRole('heading', { level: 1, name: 'Device Configuration' })).toBeVisible();
  const radio = page.getByRole('group', { name: '5 GHz', exact: true });
  const channel = radio.getByRole('textbox', { name: 'Channel', exact: true });
  const leaf = leafOf(channel);
  await expect(leaf).toContainText('Inherited from site');

  await radio.getByRole('checkbox', { name: 'Channel: automatic' }).uncheck();
  await channel.fill('44');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Device configuration saved.')).toBeVisible();
  await expect(channel).toHaveValue('44');
  await expect(leaf).toContainText('Device override');
  await expect(page.getByText('The device has changes not applied yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  await leaf.getByRole('button', { name: 'Revert to site (Channel)' }).click();
  await expect(page.getByText("The site's value is back.")).toBeVisible();
  await expect(leaf).toContainText('Inherited from site');
  await expect(leaf).not.toContainText('Device override');
  await expect(radio.getByRole('checkbox', { name: 'Channel: automatic' })).toBeChecked();
  await expect(radio.getByRole('button', { name: /^Revert to site/ })).toHaveCount(0);
});

test("the owner takes the drifted access point's own Tx power as its override", async ({ page }) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  // docs/demo.md#configuration: the first online inheriting access point of Headquarters has drifted.
  const site = await siteId(page, cloudId, 'Headquarters');
  const listed = await page.request.get(
    `/apiv2/cloud/${cloudId}/devices?type=wifi&limit=100&site_id=${site}`,
  );
  const ids = ((await listed.json()).items as Named[]).map((one) => one.id).sort((a, b) => a - b);
  let drifted: number | undefined;
  for (const id of ids) {
    const config = await (await page.request.get(`/apiv2/cloud/${cloudId}/devices/${id}/config`)).json();
    if (config.drift !== null) {
      drifted = id;
      break;
    }
  }
  if (drifted === undefined) throw new Error('no drifted access point in Headquarters');

  await page.goto(`/site/${site}/device/${drifted}/config`);
  await expect(page.getByRole('heading', { level: 1, name: 'Device Configuration' })).toBeVisible();
  const drift = page.getByRole('alert').filter({ hasText: 'Changed on the device' });
  const row = drift.getByRole('table', { name: 'Changed on the device' }).getByRole('row');
  await expect(row.filter({ hasText: '2.4 GHz › Tx power (dBm)' }).getByRole('cell')).toHaveText([
    /Radios › 2\.4 GHz › Tx power \(dBm\)$/,
    'auto',
    '9',
  ]);
  await expectNoAxeViolations(page);

  await drift.getByRole('button', { name: "Take the device's" }).click();
  await expect(page.getByText("The device's settings are now the console's.")).toBeVisible();
  await expect(drift).toHaveCount(0);
  const txPower = page
    .getByRole('group', { name: '2.4 GHz', exact: true })
    .getByRole('textbox', { name: 'Tx power (dBm)', exact: true });
  await expect(txPower).toHaveValue('9');
  await expect(leafOf(txPower)).toContainText('Device override');
});
