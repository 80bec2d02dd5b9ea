// docs/navigation.md#navigation-drawer device menu: an access point's Statistics (Wireless, Networks, System) over a time range, and
// a switch's Ports, as the owner of Demo Networks at phone and desktop widths, and as a guest and a Site User.
// Each journey's devices call home through the agent API first (devices no other journey adopts), so the
// charts show what their heartbeats reported.
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';
import { adoptDemoDevice } from './support/device.ts';

test.describe.configure({ timeout: 90_000 });

type Listed = {
  id: number;
  sn: string;
  mac: string;
  product_type: string;
  product_brand_id: number;
  fw: string;
  mgmtd_version: string;
  site: { id: number } | null;
};

/**
 * Adopts the `nth` device of a family from the far end of the cloud's second page of devices, or of a site's
 * devices (other journeys adopt from the start of the list, and a device calls home only once).
 */
async function callHome(page: Page, cloudId: number, family: string, nth: number, siteId?: number) {
  const device = await adoptDemoDevice(
    page,
    cloudId,
    (devices) => devices.filter((item) => item.product_type === family && item.site !== null).at(-1 - nth),
    siteId === undefined ? 100 : 0,
    siteId,
  );
  if (!device.site) throw new Error(`no ${family} in the demo data`);
  return { ...device, siteId: device.site.id, deviceId: device.id };
}

const client = (n: number, band: '2.4' | '5') => ({
  mac: `02:5e:00:00:00:${String(n).padStart(2, '0')}`,
  ssid: 'Demo Guests',
  band,
  rssi: -55 - n,
  rxBytes: 250_000 * n,
  txBytes: 900_000 * n,
});

const port = (n: number, link: boolean) => ({
  port: n,
  link,
  speedMbps: link ? 1000 : 0,
  poeW: link && n % 2 === 1 ? 6.5 : 0,
  errors: n === 3 ? 7 : 0,
  rxBytes: link ? 1_000_000 * n : 0,
  txBytes: link ? 400_000 * n : 0,
});

const chart = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

// At 1440 px; the guest below reads the statistics at 375 px.
test("the owner at 1440 px reads an access point's statistics over two ranges and a switch's ports", async ({
  page,
}) => {
  const cloudId = await startSession(page, 'owner@demo.example', 1440);

  const accessPoint = await callHome(page, cloudId, 'wifi', 0);
  for (let beat = 0; beat < 4; beat += 1) {
    if (beat > 0) await accessPoint.nextSecond();
    await accessPoint.heartbeat({
      radios: [
        { band: '2.4', channel: 6, widthMhz: 20, txPowerDbm: 17, noiseDbm: -95, utilPct: 30 + beat },
        { band: '5', channel: 36, widthMhz: 80, txPowerDbm: 20, noiseDbm: -101, utilPct: 12 },
      ],
      clients: [client(1, '2.4'), client(2, '5'), client(3, '5')].slice(0, 1 + (beat % 3)),
    });
  }
  const base = `/site/${accessPoint.siteId}/device/${accessPoint.deviceId}/statistics`;

  // Wireless: the bands of the access point; then the last 7 days, which only hourly averages draw.
  await page.goto(`${base}/wireless`);
  await expect(page.getByRole('heading', { level: 1, name: 'Wireless Statistics' })).toBeVisible();
  await expect(chart(page, 'Clients per band').locator('svg').first()).toBeVisible();
  await expect(chart(page, 'Channel utilisation')).toBeVisible();
  await expect(chart(page, 'Noise floor')).toBeVisible();
  await expectNoAxeViolations(page);
  const ranges = page.getByRole('group', { name: 'Time range' });
  // The week is drawn from hourly averages, which the heartbeats' hour gets once it is over: whether it is
  // depends on the clock, so the page is held to what the server answered for the week.
  const week = page.waitForResponse(
    (response) => /\/metrics\?(.*&)?range=7d/.test(response.url()) && response.ok(),
  );
  await ranges.getByRole('button', { name: '7 days' }).click();
  const { points } = (await (await week).json()) as { points: unknown[] };
  await expect(page).toHaveURL(/[?&]range=7d/);
  await expect(ranges.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(
    points.length > 0
      ? chart(page, 'Clients per band')
      : page.getByRole('status').filter({ hasText: 'The device sent no statistics in this time range.' }),
  ).toBeVisible();
  await ranges.getByRole('button', { name: '24 hours' }).click();
  await expect(page).toHaveURL(/[?&]range=24h/);
  await expect(chart(page, 'Clients per band')).toBeVisible();

  // Networks: the clients' traffic.
  await page.goto(`${base}/networks`);
  await expect(page.getByRole('heading', { level: 1, name: 'Network Statistics' })).toBeVisible();
  await expect(chart(page, 'Traffic').locator('svg').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // System: CPU load, with its data table as the chart's text alternative.
  await page.goto(`${base}/system?range=24h`);
  await expect(page.getByRole('heading', { level: 1, name: 'System Statistics' })).toBeVisible();
  const cpu = chart(page, 'CPU');
  await cpu.getByRole('button', { name: 'Show data table' }).click();
  const table = cpu.getByRole('table', { name: 'CPU' });
  await expect(table).toBeVisible();
  // The hours before its first heartbeat come from the demo's history (docs/telemetry.md#demo-history);
  // its four heartbeats are the last rows.
  const rows = table.getByRole('row');
  await expect(rows.last()).toContainText('14%');
  await expect(rows.nth((await rows.count()) - 4)).toContainText('11%');
  await expectNoAxeViolations(page);

  // Ports: every port of the switch's last heartbeat, sorted by errors on demand.
  const switchDevice = await callHome(page, cloudId, 'switch', 0);
  const switchPorts = [port(1, true), port(2, false), port(3, true), port(4, true)];
  await switchDevice.heartbeat({ ports: switchPorts });
  await switchDevice.nextSecond();
  await switchDevice.heartbeat({ ports: switchPorts });
  await page.goto(`/site/${switchDevice.siteId}/device/${switchDevice.deviceId}/ports`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ports' })).toBeVisible();
  const ports = page.getByRole('table', { name: 'Ports' });
  await expect(ports.getByRole('row')).toHaveCount(5);
  await expect(page.getByText('3 of 4 ports up · PoE 13 W')).toBeVisible();
  await ports.getByRole('button', { name: 'Errors' }).click();
  await expect(ports.getByRole('columnheader', { name: 'Errors' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(ports.getByRole('row').nth(1).getByRole('rowheader')).toHaveText('3');
  await expectNoAxeViolations(page);
});

// A guest and a Site User read the statistics of an access point they see, which the owner has made call
// home first; the Site User one on their own sites.
for (const [index, email, width] of [
  [2, 'guest@demo.example', 375],
  [0, 'siteuser@demo.example', 1440],
] as const) {
  test(`${email} at ${width} px reads a device's statistics`, async ({ page, browser }) => {
    const cloudId = await startSession(page, email, width);
    const list = await page.request.get(`/apiv2/cloud/${cloudId}/devices?type=wifi&limit=1`);
    const [seen] = (await list.json()).items as Listed[];
    if (!seen?.site) throw new Error('no access point this account sees');
    const owner = await browser.newPage();
    await startSession(owner, 'owner@demo.example', 1440);
    const siteId = email === 'guest@demo.example' ? undefined : seen.site.id;
    const accessPoint = await callHome(owner, cloudId, 'wifi', index, siteId);
    await accessPoint.heartbeat({ radios: [], clients: [] });
    await owner.close();

    await page.goto(`/site/${accessPoint.siteId}/device/${accessPoint.deviceId}/statistics/system?range=24h`);
    await expect(page.getByRole('heading', { level: 1, name: 'System Statistics' })).toBeVisible();
    const ranges = page.getByRole('group', { name: 'Time range' });
    await expect(ranges.getByRole('button', { name: '24 hours' })).toHaveAttribute('aria-pressed', 'true');
    await expect(chart(page, 'CPU').locator('svg').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
