// A device of a demo cloud speaking the agent API (docs/agent-protocol.md) from a browser test: it calls
// home, sends events and takes its tasks, so what the pages show comes through the console's real paths.
import { expect, type Page } from '@playwright/test';

type Listed = {
  id: number;
  name: string;
  sn: string;
  mac: string;
  product_brand_id: number;
  fw: string;
  mgmtd_version: string;
  site: { id: number } | null;
};

type Demo = Listed & { product_type: string; allowed_tasks: string[] };

/**
 * Adopts the device `pick` chooses from a page of 100 of the cloud's devices (from `offset`, of one site when
 * `siteId` is given): journeys that run at once adopt different devices, as a device gets its credential once.
 */
export async function adoptDemoDevice(
  page: Page,
  cloudId: number,
  pick: (devices: Demo[]) => Demo | undefined,
  offset = 0,
  siteId?: number,
) {
  const site = siteId === undefined ? '' : `&site_id=${siteId}`;
  const list = await page.request.get(`/apiv2/cloud/${cloudId}/devices?limit=100&offset=${offset}${site}`);
  expect(list.ok()).toBe(true);
  const device = pick((await list.json()).items as Demo[]);
  if (!device) throw new Error('no such demo device');
  const mgmtdVersion = device.mgmtd_version || '2.4.1';
  // The device calls home with its cloud's onboarding key, as the signed-in owner reads it.
  const key = await page.request.get(`/apiv2/cloud/${cloudId}/onboarding-key`);
  expect(key.ok()).toBe(true);
  const adopted = await page.request.post('/agent/v1/adopt', {
    data: {
      sn: device.sn,
      mac: device.mac,
      productBrandId: device.product_brand_id,
      fw: device.fw,
      mgmtdVersion,
      onboardingKey: (await key.json()).onboarding_key,
    },
  });
  expect(adopted.status()).toBe(200);
  const credential = String((await adopted.json()).credential);
  const headers = { authorization: `Bearer ${credential}` };
  let seq = 0;
  return {
    ...device,
    /** Its credential, for a call of its own (a tunnel's WebSocket, docs/agent-protocol.md). */
    credential,
    /** Waits until the clock is in the next whole second: the store keeps a device's heartbeats by the second. */
    async nextSecond() {
      const second = Math.floor(Date.now() / 1000);
      await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(second);
    },
    /** A healthy heartbeat with the family's own `fields`. */
    async heartbeat(fields: object) {
      seq += 1;
      const response = await page.request.post('/agent/v1/heartbeat', {
        headers,
        data: {
          seq,
          uptimeS: 3600 + seq * 60,
          fw: device.fw,
          mgmtdVersion,
          system: { cpuPct: 10 + seq, memPct: 40, tempC: 45 + seq },
          timeSync: { synced: true },
          config: { applied: true, unsyncedFiles: [] },
          actionRequired: null,
          ...fields,
        },
      });
      expect(response.status(), await response.text()).toBe(200);
    },
    async event(type: string, data: object) {
      seq += 1;
      const response = await page.request.post('/agent/v1/events', {
        headers,
        data: { seq, events: [{ type, at: new Date().toISOString(), data }] },
      });
      expect(response.status()).toBe(200);
    },
    /** The commands waiting for the device, holding the channel open up to waitS seconds. */
    async commands(waitS = 10): Promise<{ id: number; type: string }[]> {
      const response = await page.request.get(`/agent/v1/commands?waitS=${waitS}`, { headers });
      expect(response.status()).toBe(200);
      return (await response.json()).commands;
    },
    async report(id: number, body: object) {
      const response = await page.request.post(`/agent/v1/commands/${id}`, { headers, data: body });
      expect(response.status()).toBe(200);
      return (await response.json()).state as string;
    },
  };
}
