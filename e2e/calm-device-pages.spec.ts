// Expected states are calm messages on the page: every device page of each family, the ones in its menu and
// the ones that do not apply to it (a Files page for an access point, Ports for a gateway), opened by
// address, shows no error notice and no red banner. The simulator is off, so no demo device has reported:
// "never reported" is one of the states each page must take calmly.
import { expect, type Page, test } from '@playwright/test';
import { keepsFiles } from '../core/navigation/versions.ts';
import { openInApp, startSession, TEXT } from './support/console.ts';

test.describe.configure({ timeout: 150_000 });

type Listed = {
  id: number;
  name: string;
  site: { id: number } | null;
  product_type: string;
  mgmtd_version: string;
};

const DEVICE_PAGES = [
  'dashboard',
  'statistics/wireless',
  'statistics/networks',
  'statistics/system',
  'clients',
  'activity',
  'ports',
];

/** The page is drawn and done loading, with no error notice (the policy's toast) and no red banner. */
async function expectCalm(page: Page, path: string): Promise<void> {
  if (page.url().startsWith('http')) await openInApp(page, path);
  else await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
  for (const text of [TEXT.generic, TEXT.server, TEXT.forbidden]) {
    await expect(page.getByText(text), `${path}: ${text}`).toHaveCount(0);
  }
  await expect(page.locator('.MuiAlert-colorError'), `${path}: a red banner`).toHaveCount(0);
}

async function demoDevices(page: Page, cloudId: number): Promise<Listed[]> {
  const devices: Listed[] = [];
  for (const offset of [0, 100, 200, 300]) {
    const response = await page.request.get(`/apiv2/cloud/${cloudId}/devices?limit=100&offset=${offset}`);
    expect(response.ok()).toBe(true);
    devices.push(...((await response.json()).items as Listed[]));
  }
  return devices;
}

const FAMILIES: [string, (device: Listed) => boolean][] = [
  ['an access point', (device) => device.product_type === 'wifi'],
  ['a point-to-point radio', (device) => device.product_type === 'metrolinq'],
  ['a gateway', (device) => device.product_type === 'gateway'],
  [
    'a switch that keeps files',
    (device) => device.product_type === 'switch' && keepsFiles('switch', device.mgmtd_version),
  ],
  [
    'a switch that keeps none',
    (device) => device.product_type === 'switch' && !keepsFiles('switch', device.mgmtd_version),
  ],
];

for (const [family, isOfFamily] of FAMILIES) {
  test(`every page of ${family} is calm, the ones that do not apply to it too`, async ({ page }) => {
    const cloudId = await startSession(page, 'owner@demo.example', 1440);
    const device = (await demoDevices(page, cloudId)).find((one) => one.site !== null && isOfFamily(one));
    if (!device?.site) throw new Error(`no demo device is ${family}`);
    const siteId = device.site.id;
    for (const suffix of DEVICE_PAGES) {
      await expectCalm(page, `/site/${siteId}/device/${device.id}/${suffix}`);
    }
    await expectCalm(page, `/v2/cloud/${cloudId}/site/${siteId}/device/${device.id}/device-files`);
    if (!keepsFiles(device.product_type, device.mgmtd_version)) {
      await expect(page.getByRole('main').getByRole('status')).toHaveText(
        'This device keeps no files the console can read. Switches with management daemon 1.5.0 or newer do.',
      );
    }
  });
}

test('every page of the smart NVR is calm', async ({ page }) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  const response = await page.request.get(`/apiv2/cloud/${cloudId}/smartnvrs`);
  const [recorder] = (await response.json()).items as { id: number }[];
  if (!recorder) throw new Error('the demo cloud has no smart NVR');
  for (const path of [`/smartnvr/${recorder.id}/dashboard`, `/smartnvr/${recorder.id}/activity`]) {
    await expectCalm(page, path);
  }
});
