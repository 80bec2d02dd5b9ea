// docs/remote-access.md: the owner opens a device's own web page through a tunnel from its dashboard, signs
// in on it, finds the tunnel in Tunnel Management and closes it; a member who is not an owner or an
// administrator is offered neither. The device is a demo device that calls home from the test, and takes
// its tunnel with the simulator's own client (sim/tunnel.ts), serving the simulator's page.
import { expect, type Page, test } from '@playwright/test';
import type { TunnelOpenParams } from '../core/fleet/tunnel-protocol.ts';
import { createDevice } from '../sim/device.ts';
import { DEVICE_WEB_PASSWORD, DEVICE_WEB_USER } from '../sim/device-web.ts';
import { createPlaces } from '../sim/places.ts';
import { DEFAULT_RATES, type Rates } from '../sim/rates.ts';
import { openTunnel } from '../sim/tunnel.ts';
import { expectNoAxeViolations, startSession } from './support/console.ts';
import { adoptDemoDevice } from './support/device.ts';

const QUIET = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;

async function recorderId(page: Page, cloudId: number): Promise<number> {
  const list = await page.request.get(`/apiv2/cloud/${cloudId}/smartnvrs`);
  expect(list.ok()).toBe(true);
  const recorder = ((await list.json()).items as { id: number; name: string }[]).find(
    (item) => item.name === 'HQ Smart NVR',
  );
  if (!recorder) throw new Error('no HQ Smart NVR in the demo data');
  return recorder.id;
}

for (const [nth, width] of [1440, 375].entries()) {
  test(`the owner opens a device's web page through a tunnel and closes it at ${width} px`, async ({
    page,
    context,
    baseURL,
  }) => {
    const cloudId = await startSession(page, 'owner@demo.example', width);
    const device = await adoptDemoDevice(
      page,
      cloudId,
      (devices) => devices.filter((item) => item.product_type === 'wifi' && item.site !== null).at(nth),
      200,
    );
    await device.heartbeat({ radios: [], clients: [] });
    const hostname = `remote-ap-${width}`;
    const twin = createDevice(
      {
        sn: device.sn,
        mac: device.mac,
        productBrandId: device.product_brand_id,
        productType: 'wifi',
        place: 'remote-access',
        fw: device.fw,
        hostname,
      },
      1,
      QUIET,
      createPlaces()('remote-access'),
    );
    // The device takes its tunnel command when it comes, as firmware does.
    const deviceSide = (async () => {
      for (;;) {
        const command = (await device.commands(20)).find((one) => one.type === 'TASK_TUNNEL_OPEN') as
          | { id: number; params: TunnelOpenParams }
          | undefined;
        if (!command) continue;
        await device.report(command.id, { state: 'running', progress: 0 });
        const error = await openTunnel(
          twin,
          { url: baseURL ?? '', credential: device.credential },
          command.params,
        );
        await device.report(command.id, error === null ? { state: 'success' } : { state: 'failed', error });
        return error;
      }
    })();

    await page.goto(`/device/${device.id}`);
    await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible();
    await page.getByRole('button', { name: 'Remote web access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remote web access' });
    await expect(dialog.getByRole('combobox', { name: 'Open for' })).toHaveText('1 hour');
    await expectNoAxeViolations(page);
    const opening = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Open', exact: true }).click();
    const tab = await opening;
    expect(await deviceSide).toBeNull();

    // The device's own page, on the tunnel's own host.
    await expect(tab.getByRole('heading', { level: 1, name: hostname })).toBeVisible();
    expect(new URL(tab.url()).hostname).toMatch(/^t\d+-[0-9a-f]{20}\.localhost$/);
    await expect(tab.getByText(device.fw)).toBeVisible();
    await tab.getByRole('link', { name: 'Sign in to change settings' }).click();
    await tab.getByLabel('User name').fill(DEVICE_WEB_USER);
    await tab.getByLabel('Password').fill(DEVICE_WEB_PASSWORD);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await expect(tab.getByText(`Signed in as ${DEVICE_WEB_USER}.`)).toBeVisible();
    // Its cookie stayed on the tunnel's host, the console's never came there.
    const tunnelCookies = await context.cookies(tab.url());
    expect(tunnelCookies.map((cookie) => cookie.name).sort()).toEqual(['device_session', 'tunnel_access']);
    expect(tunnelCookies.every((cookie) => cookie.domain === new URL(tab.url()).hostname)).toBe(true);

    // Tunnel Management lists it; closing it ends the device's page.
    const recorder = await recorderId(page, cloudId);
    await page.goto(`/v2/cloud/${cloudId}/smartnvr/${recorder}/tunnels`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tunnel Management' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: device.name });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Web page')).toBeVisible();
    // At phone width the table scrolls within the page, which keeps the screen's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: `Close the tunnel to ${device.name}` }).click();
    await expect(page.getByText('Tunnel closed.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await tab.reload();
    await expect(tab.getByRole('heading', { name: 'Remote web access is closed' })).toBeVisible();
  });
}

test('a member who is not an owner or an administrator is offered no tunnel', async ({
  page,
  browser,
  baseURL,
}) => {
  // The demo recorder, as its owner reads it (a Guest may not list recorders).
  const owner = await (await browser.newContext({ baseURL })).newPage();
  const cloudId = await startSession(owner, 'owner@demo.example', 1440);
  const recorder = await recorderId(owner, cloudId);
  await owner.context().close();

  await startSession(page, 'guest@demo.example', 1440);
  const list = await page.request.get(`/apiv2/cloud/${cloudId}/devices?limit=1`);
  const [device] = (await list.json()).items as { id: number; name: string }[];
  if (!device) throw new Error('no demo device');
  await page.goto(`/device/${device.id}`);
  await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reboot' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remote web access' })).toHaveCount(0);
  await page.goto(`/smartnvr/${recorder}/dashboard`);
  await expect(page.getByRole('link', { name: 'Streaming' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tunnel Management' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remote web access' })).toHaveCount(0);
  await page.goto(`/v2/cloud/${cloudId}/smartnvr/${recorder}/tunnels`);
  await expect(
    page.getByText('Access denied: your account does not have sufficient permissions.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
