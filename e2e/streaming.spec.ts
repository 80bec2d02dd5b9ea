// docs/streaming.md: the owner watches a camera of a recorder play live in the browser and exports a clip.
// The recorder is the demo's Warehouse Smart NVR, calling home from the test and taking its media tunnel
// with the simulator's own client (sim/tunnel.ts) and media service (sim/recorder-media.ts, ffmpeg).
import { expect, type Page, test } from '@playwright/test';
import type { TunnelOpenParams } from '../core/fleet/tunnel-protocol.ts';
import { createDevice } from '../sim/device.ts';
import { createPlaces } from '../sim/places.ts';
import { DEFAULT_RATES, type Rates } from '../sim/rates.ts';
import '../sim/recorder-media-service.ts';
import { openTunnel } from '../sim/tunnel.ts';
import { expectNoAxeViolations, startSession } from './support/console.ts';

const QUIET = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;

type Recorder = { id: number; name: string; sn: string; mac: string; product_brand_id: number };

/** The Warehouse Smart NVR adopted, reporting its cameras, and taking every tunnel the console asks for. */
async function runRecorder(page: Page, cloudId: number, baseURL: string) {
  const list = await page.request.get(`/apiv2/cloud/${cloudId}/smartnvrs`);
  const recorder = ((await list.json()).items as Recorder[]).find(
    (item) => item.name === 'Warehouse Smart NVR',
  );
  if (!recorder) throw new Error('no Warehouse Smart NVR in the demo data');
  const identity = {
    sn: recorder.sn,
    mac: recorder.mac,
    productBrandId: recorder.product_brand_id,
    productType: 'smartnvr' as const,
    place: 'streaming',
    fw: '2.3.4-1021',
    mgmtdVersion: '1.0.0',
  };
  const key = await (await page.request.get(`/apiv2/cloud/${cloudId}/onboarding-key`)).json();
  const adopted = await page.request.post('/agent/v1/adopt', {
    data: {
      sn: identity.sn,
      mac: identity.mac,
      productBrandId: identity.productBrandId,
      fw: identity.fw,
      mgmtdVersion: identity.mgmtdVersion,
      onboardingKey: key.onboarding_key,
    },
  });
  expect(adopted.status()).toBe(200);
  const credential = String((await adopted.json()).credential);
  const headers = { authorization: `Bearer ${credential}` };
  const twin = createDevice(identity, 1, QUIET, createPlaces()('streaming'));
  const { heartbeat } = twin.step(60);
  const beat = await page.request.post('/agent/v1/heartbeat', { headers, data: { ...heartbeat, seq: 1 } });
  expect(beat.status(), await beat.text()).toBe(200);

  let running = true;
  const taking = (async () => {
    while (running) {
      const answer = await page.request.get('/agent/v1/commands?waitS=2', { headers }).catch(() => null);
      if (!answer?.ok()) continue;
      const commands = (await answer.json()).commands as { id: number; type: string; params: unknown }[];
      for (const command of commands.filter((one) => one.type === 'TASK_TUNNEL_OPEN')) {
        await page.request.post(`/agent/v1/commands/${command.id}`, { headers, data: { state: 'running' } });
        const error = await openTunnel(
          twin,
          { url: baseURL, credential },
          command.params as TunnelOpenParams,
        );
        await page.request.post(`/agent/v1/commands/${command.id}`, {
          headers,
          data: error === null ? { state: 'success' } : { state: 'failed', error },
        });
      }
    }
  })();
  return {
    recorder,
    async stop() {
      running = false;
      await taking;
    },
  };
}

/** The first video on the page really plays: its time runs on and it has a picture. */
async function expectPlaying(page: Page) {
  const video = page.locator('video').first();
  await expect(video).toBeVisible({ timeout: 30_000 });
  const played = async () =>
    video.evaluate((element: HTMLVideoElement) => ({ time: element.currentTime, width: element.videoWidth }));
  await expect.poll(async () => (await played()).width, { timeout: 45_000 }).toBeGreaterThan(0);
  const start = (await played()).time;
  // Past the end of the first segment (2 s): the stream carries on from segment to segment.
  await expect.poll(async () => (await played()).time, { timeout: 30_000 }).toBeGreaterThan(start + 3);
}

test('the owner watches a camera play live and exports a clip, at 1440 and 375 px', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const cloudId = await startSession(page, 'owner@demo.example', 1440);
  const recorder = await runRecorder(page, cloudId, baseURL ?? '');
  try {
    await page.goto(`/v2/cloud/${cloudId}/smartnvr/${recorder.recorder.id}/streaming`);
    await expect(page.getByRole('heading', { level: 1, name: 'Streaming' })).toBeVisible();
    await expectPlaying(page);
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: 'Playback and export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export clip' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.ts$/);
    expect((await download.failure()) ?? null).toBeNull();

    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('tab', { name: 'Live' }).click();
    await expectPlaying(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  } finally {
    await recorder.stop();
  }
});
