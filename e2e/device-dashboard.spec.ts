// The device and recorder dashboards of Demo Networks: a device of every family and the smart NVR, as the
// owner (with the actions the owner may take) and as the guest (with none), at phone and desktop widths.
// The simulator is off, so the devices that show readings send their heartbeats through the agent API here.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, startSession } from './support/console.ts';

test.describe.configure({ timeout: 120_000 });

type Listed = {
  id: number;
  name: string;
  sn: string;
  mac: string;
  site: { id: number; name: string } | null;
  product_type: string;
  product_brand_id: number;
  fw: string;
  mgmtd_version: string;
};
type Recorder = { id: number; name: string; sn: string; mac: string; product_brand_id: number };

const NO_READINGS = /^The console holds no readings from this device\. It was last seen .+\.$/;

/** A healthy heartbeat; `fields` add the family's own part. */
const heartbeat = (fields: object) => ({
  seq: 1,
  uptimeS: 3 * 86_400 + 7_200,
  fw: undefined as unknown as string,
  mgmtdVersion: '2.4.1',
  system: { cpuPct: 14, memPct: 41, tempC: 47 },
  timeSync: { synced: true, offsetMs: 2 },
  config: { applied: true, unsyncedFiles: [] },
  actionRequired: null,
  ...fields,
});

const radios = [
  { band: '2.4', channel: 6, widthMhz: 20, txPowerDbm: 17, noiseDbm: -95, utilPct: 31 },
  { band: '5', channel: 36, widthMhz: 80, txPowerDbm: 20, noiseDbm: -101, utilPct: 12 },
];
const client = (n: number) => ({
  mac: `02:ee:00:00:00:0${n}`,
  ssid: 'Demo',
  band: '5',
  rssi: -55,
  rxBytes: 1000,
  txBytes: 2000,
});
const link = (peerMac: string, band: string) => ({
  peerMac,
  band,
  up: true,
  rssi: -52,
  snr: 28,
  capacityMbps: 1200,
});

/**
 * Adopts the device (or recorder) and sends one heartbeat, then waits until its dashboard call shows the
 * report. Another worker may have done it already: its credential is given once (a second call home gets
 * 202 like any other), so then it only waits.
 */
async function report(
  request: APIRequestContext,
  detailPath: string,
  identity: {
    sn: string;
    mac: string;
    productBrandId: number;
    fw: string;
    mgmtdVersion: string;
    onboardingKey: string;
  },
  body: object,
  ready: (detail: { report: Record<string, unknown> | null }) => boolean = (detail) => detail.report !== null,
) {
  const adopted = await request.post('/agent/v1/adopt', { data: identity });
  if (adopted.status() === 200) {
    const credential = (await adopted.json()).credential as string;
    const sent = await request.post('/agent/v1/heartbeat', {
      headers: { authorization: `Bearer ${credential}` },
      data: { ...heartbeat(body), fw: identity.fw, mgmtdVersion: identity.mgmtdVersion },
    });
    expect(sent.status()).toBe(200);
  } else expect(adopted.status()).toBe(202);
  await expect
    .poll(async () => ready(await (await request.get(detailPath)).json()), { timeout: 20_000 })
    .toBe(true);
}

const identityOf = (device: Listed) => ({
  sn: device.sn,
  mac: device.mac,
  productBrandId: device.product_brand_id,
  fw: device.fw,
  mgmtdVersion: device.mgmtd_version || '2.4.1',
});

/** The demo devices the tests open, with heartbeats for all but the point-to-multipoint radio. */
async function prepare(request: APIRequestContext) {
  const me = await (await request.get('/apiv2/auth/me')).json();
  const cloudId = (me.memberships as { cloud_id: number; cloud_name: string }[]).find(
    (membership) => membership.cloud_name === 'Demo Networks',
  )?.cloud_id;
  if (!cloudId) throw new Error('the owner has no Demo Networks');
  // Devices call home with their cloud's onboarding key, as the owner reads it on the Pending devices page.
  const key = await request.get(`/apiv2/cloud/${cloudId}/onboarding-key`);
  expect(key.ok()).toBe(true);
  const onboardingKey = (await key.json()).onboarding_key as string;
  const keyed = <T extends object>(identity: T) => ({ ...identity, onboardingKey });
  const list = async (type: string) => {
    const response = await request.get(`/apiv2/cloud/${cloudId}/devices?type=${type}&limit=100`);
    expect(response.ok()).toBe(true);
    return ((await response.json()).items as Listed[]).filter((device) => device.site !== null);
  };
  const last = async (type: string) => {
    const device = (await list(type)).at(-1);
    if (!device) throw new Error(`no ${type} device in the demo data`);
    return device;
  };
  const detail = (device: { id: number }) => `/apiv2/cloud/${cloudId}/devices/${device.id}`;

  const ap = await last('wifi');
  await report(
    request,
    detail(ap),
    keyed(identityOf(ap)),
    { radios, clients: [client(1), client(2)] },
    (d) => d.report !== null && d.report.clients !== undefined,
  );
  const links = await list('metrolinq');
  const a = links.findLast((device) => / 1A$/.test(device.name));
  const b = links.find((device) => a && device.name === a.name.replace(/A$/, 'B'));
  if (!a || !b) throw new Error('no point-to-point pair in the demo data');
  await report(request, detail(a), keyed(identityOf(a)), { links: [link(b.mac, '60')] });
  await report(request, detail(b), keyed(identityOf(b)), { links: [link(a.mac, '60')] });
  const sw = await last('switch');
  await report(request, detail(sw), keyed(identityOf(sw)), {
    system: { cpuPct: 9, memPct: 30, tempC: 44, powerW: 30, powerBudgetW: 120 },
    ports: Array.from({ length: 8 }, (_, n) => ({
      port: n + 1,
      link: n % 3 !== 2,
      speedMbps: n % 3 !== 2 ? 1000 : 0,
      poeW: n % 3 !== 2 ? 5 : 0,
      errors: 0,
      rxBytes: 1000,
      txBytes: 1000,
    })),
  });
  const gateway = await last('gateway');
  await report(request, detail(gateway), keyed(identityOf(gateway)), {
    wan: [{ name: 'wan1', up: true, ip: '203.0.113.10', latencyMs: 12, lossPct: 0, rxBytes: 1, txBytes: 1 }],
    managedDevices: [{ mac: '02:4c:40:ff:00:01', name: 'Branch device 1', reachable: true }],
  });
  const mesh = await last('mesh');
  await report(request, detail(mesh), keyed(identityOf(mesh)), {
    meshPeers: [{ mac: '02:4c:20:ff:00:01', rssi: -60, snr: 22, capacityMbps: 700, hops: 1 }],
  });
  const glinq = await last('glinq');
  await report(request, detail(glinq), keyed(identityOf(glinq)), { radios, clients: [] });
  const ptmp = await last('ptmp');

  const recorders = await request.get(`/apiv2/cloud/${cloudId}/smartnvrs`);
  const nvr = ((await recorders.json()).items as Recorder[]).find((item) => item.name === 'HQ Smart NVR');
  if (!nvr) throw new Error('no smart NVR in the demo data');
  await report(
    request,
    `/apiv2/cloud/${cloudId}/smartnvrs/${nvr.id}`,
    keyed({
      sn: nvr.sn,
      mac: nvr.mac,
      productBrandId: nvr.product_brand_id,
      fw: '2.3.4-1021',
      mgmtdVersion: '1.0.0',
    }),
    {
      cameras: [
        { id: 'cam-1', name: 'Camera 01', stream: 'streaming', bitrateKbps: 4200 },
        { id: 'cam-2', name: 'Camera 02', stream: 'idle', bitrateKbps: 0 },
      ],
      mediaSync: { ok: true, lagS: 20 },
    },
  );
  return { ap, a, b, sw, gateway, mesh, glinq, ptmp, nvr };
}

let demo: Awaited<ReturnType<typeof prepare>>;

// The owner lists the devices and the recorder (the guest may not list recorders) and they report.
test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const login = await request.post('/apiv2/auth/login', {
    data: { email: 'owner@demo.example', password: 'demo-console' },
  });
  expect(login.ok()).toBe(true);
  demo = await prepare(request);
  await request.dispose();
});

const dashboardOf = (device: Listed) =>
  device.site ? `/site/${device.site.id}/device/${device.id}/dashboard` : `/device/${device.id}`;

/** Axe looks at the page once nothing loads any more: the route's progress bar and the lists' spinners are gone. */
async function expectAccessible(page: Page) {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoAxeViolations(page);
}

async function openDashboard(page: Page, address: string, name: string) {
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Identity' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Status and health' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Open alerts' })).toBeVisible();
}

for (const width of [1440, 375]) {
  test(`the owner at ${width} px sees each family's view and the recorder, with the actions`, async ({
    page,
  }) => {
    await startSession(page, 'owner@demo.example', width);
    const { ap, a, b, sw, gateway, mesh, glinq, ptmp, nvr } = demo;

    await openDashboard(page, dashboardOf(ap), ap.name);
    await expect(page.getByRole('table', { name: 'Radios' }).getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Wireless clients' }).getByRole('link')).toHaveAttribute(
      'href',
      `/site/${ap.site?.id}/device/${ap.id}/clients`,
    );
    const actions = page.getByRole('group', { name: 'Actions' });
    await expect(actions.getByRole('button', { name: 'Reboot' })).toBeVisible();
    await expectAccessible(page);
    // Reboot asks first; nothing starts when the operator cancels.
    await actions.getByRole('button', { name: 'Reboot' }).click();
    const confirm = page.getByRole('dialog', { name: `Reboot ${ap.name}?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    // Rename starts from the device's name.
    await actions.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: `Rename ${ap.name}` });
    await expect(rename.getByRole('textbox', { name: 'Name' })).toHaveValue(ap.name);
    await rename.getByRole('button', { name: 'Cancel' }).click();
    await expect(rename).toBeHidden();
    // The firmware dialog offers the model's catalogue, newest first, the running version disabled.
    await actions.getByRole('button', { name: 'Update firmware' }).click();
    const firmware = page.getByRole('dialog', { name: `Update the firmware of ${ap.name}` });
    await expect(firmware.getByRole('radio').first()).toBeChecked();
    await expect(firmware.getByRole('radio', { name: new RegExp(`${ap.fw}, installed`) })).toBeDisabled();
    await expectAccessible(page);
    await firmware.getByRole('button', { name: 'Cancel' }).click();
    await expect(firmware).toBeHidden();
    await actions.getByRole('button', { name: 'Ping' }).click();
    const ping = page.getByRole('dialog', { name: `Ping from ${ap.name}` });
    await expect(ping.getByRole('textbox', { name: /Host name or IP address/ })).toBeFocused();
    await expectAccessible(page);
    await ping.getByRole('button', { name: 'Cancel' }).click();

    await openDashboard(page, `/device/${a.id}`, a.name);
    const links = page.getByRole('table', { name: 'Radio links' });
    await expect(links.getByRole('link', { name: b.name })).toBeVisible();
    await expect(links.getByRole('row').nth(1)).toContainText('-52 dBm');
    await expectAccessible(page);
    await links.getByRole('link', { name: b.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: b.name })).toBeVisible();

    await openDashboard(page, dashboardOf(sw), sw.name);
    const ports = page.getByRole('region', { name: 'Ports' });
    await expect(ports.getByRole('img')).toHaveCount(8);
    await expect(ports.getByRole('img', { name: 'Port 3: no link' })).toBeVisible();
    await expect(ports.getByRole('link', { name: 'Port details' })).toHaveAttribute(
      'href',
      `/site/${sw.site?.id}/device/${sw.id}/ports`,
    );
    await expectAccessible(page);

    await openDashboard(page, dashboardOf(gateway), gateway.name);
    await expect(page.getByRole('table', { name: 'WAN' })).toContainText('203.0.113.10');
    await expect(page.getByRole('table', { name: 'Managed devices' })).toContainText('Branch device 1');
    await expectAccessible(page);

    await openDashboard(page, dashboardOf(mesh), mesh.name);
    await expect(page.getByRole('table', { name: 'Mesh peers' })).toContainText('02:4c:20:ff:00:01');

    await openDashboard(page, dashboardOf(glinq), glinq.name);
    await expect(page.getByRole('table', { name: 'Radios' })).toBeVisible();

    // The demo seed says when it was last seen, but holds none of its readings.
    await openDashboard(page, dashboardOf(ptmp), ptmp.name);
    await expect(page.getByText(NO_READINGS)).toBeVisible();
    await expectAccessible(page);

    await openDashboard(page, `/smartnvr/${nvr.id}/dashboard`, nvr.name);
    await expect(page.getByRole('table', { name: 'Cameras' }).getByRole('row')).toHaveCount(3);
    await expect(page.getByText('1 of 2 cameras are streaming.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Media sync' })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Reboot' }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test(`the guest at ${width} px sees the dashboards with no action`, async ({ page }) => {
    await startSession(page, 'guest@demo.example', width);
    const { ap, nvr } = demo;
    await openDashboard(page, dashboardOf(ap), ap.name);
    await expect(page.getByRole('table', { name: 'Radios' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Actions' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reboot' })).toHaveCount(0);
    await expectAccessible(page);

    await openDashboard(page, `/smartnvr/${nvr.id}`, nvr.name);
    await expect(page.getByRole('table', { name: 'Cameras' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Actions' })).toHaveCount(0);
    await expectAccessible(page);

    await page.goto('/device/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
}
