// A simulated recorder's cameras (docs/cameras.md#the-simulators-recorders): the full camera model in its
// heartbeats, a scan that finds only the cameras it does not record, and each camera task showing in the
// next heartbeat.

import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { TaskType } from '../core/domain.ts';
import { type Command, HeartbeatRequest, type TaskReport } from '../core/fleet/protocol.ts';
import { createDevice } from './device.ts';
import { generateFleet } from './identity.ts';
import { createPlaces } from './places.ts';
import { DEFAULT_RATES, type Rates } from './rates.ts';
import { runCommand } from './tasks.ts';

const validHeartbeat = addFormats
  .default(new Ajv({ allErrors: true, coerceTypes: false }))
  .compile(HeartbeatRequest);
const QUIET = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;

function recorder() {
  const [first] = generateFleet(5, 40);
  if (!first) throw new Error('no fleet');
  const identity = { ...first, productType: 'smartnvr' as const, productBrandId: 190 };
  return createDevice(identity, 5, QUIET, createPlaces()(identity.place));
}

async function run(device: ReturnType<typeof recorder>, type: TaskType, params: Record<string, unknown>) {
  const reports: TaskReport[] = [];
  const command: Command = { id: 1, taskId: 1, type, params, timeoutS: 300 };
  const collect = async (report: TaskReport) => {
    reports.push(report);
    return 'TASK_RUNNING';
  };
  await runCommand(device, command, collect, { speed: 0, sleep: async () => {} });
  return reports.at(-1);
}

const camerasOf = (device: ReturnType<typeof recorder>) => {
  const heartbeat = device.step(60).heartbeat;
  // The agent client numbers each message as it sends it.
  expect(validHeartbeat({ ...heartbeat, seq: 1 }), JSON.stringify(validHeartbeat.errors)).toBe(true);
  return heartbeat?.cameras ?? [];
};

describe('a simulated recorder’s cameras', () => {
  it('lists each camera whole, every main stream H.264 but one in H.265, every sub stream H.264', () => {
    const cameras = camerasOf(recorder());
    expect(cameras).toHaveLength(8);
    expect(cameras.filter((camera) => camera.main?.codec === 'h265').map((camera) => camera.id)).toEqual([
      'cam-2',
    ]);
    expect(cameras.every((camera) => camera.sub?.codec === 'h264')).toBe(true);
    expect(cameras[0]).toMatchObject({
      id: 'cam-1',
      name: 'Camera 01',
      model: expect.any(String),
      ip: '192.168.50.11',
      firmware: expect.any(String),
      recording: true,
      profile: 'continuous',
      retentionDays: 30,
      storageUsedBytes: expect.any(Number),
      lastFrameAt: expect.any(String),
      stream: 'streaming',
    });
  });

  it('finds by its scan only the cameras it does not record, and adds one the next heartbeat lists', async () => {
    const device = recorder();
    const scanned = (await run(device, 'TASK_ONVIF_SCAN_AND_COLLECT', {}))?.result?.cameras ?? [];
    const recorded = new Set(camerasOf(device).map((camera) => camera.ip));
    expect(scanned.length).toBeGreaterThan(0);
    expect(scanned.filter((camera) => recorded.has(camera.ip))).toEqual([]);

    const [found] = scanned;
    expect(await run(device, 'TASK_CAMERA_ADOPT', { ip: found?.ip, name: 'Front desk' })).toEqual({
      state: 'success',
    });
    const added = camerasOf(device).find((camera) => camera.ip === found?.ip);
    expect(added).toMatchObject({ id: 'cam-9', name: 'Front desk', model: found?.model, recording: true });
    const again = (await run(device, 'TASK_ONVIF_SCAN_AND_COLLECT', {}))?.result?.cameras ?? [];
    expect(again.map((camera) => camera.ip)).not.toContain(found?.ip);
    // Nothing waits at that address any more.
    expect(await run(device, 'TASK_CAMERA_ADOPT', { ip: found?.ip, name: 'Twice' })).toMatchObject({
      state: 'failed',
    });
  });

  it('renames, stops recording, changes the profile and removes a camera, each in the next heartbeat', async () => {
    const device = recorder();
    await run(device, 'TASK_CAMERA_RENAME', { cameraId: 'cam-3', name: 'Gate' });
    await run(device, 'TASK_CAMERA_RECORDING', { cameraId: 'cam-3', enabled: false });
    await run(device, 'TASK_CAMERA_PROFILE', { cameraId: 'cam-4', profile: 'motion', retentionDays: 7 });
    const cameras = camerasOf(device);
    expect(cameras.find((camera) => camera.id === 'cam-3')).toMatchObject({ name: 'Gate', recording: false });
    expect(cameras.find((camera) => camera.id === 'cam-4')).toMatchObject({
      profile: 'motion',
      retentionDays: 7,
    });

    expect(await run(device, 'TASK_CAMERA_REMOVE', { cameraId: 'cam-3' })).toEqual({ state: 'success' });
    expect(camerasOf(device).map((camera) => camera.id)).not.toContain('cam-3');
    // Still on the network: the next scan finds it.
    const scanned = (await run(device, 'TASK_ONVIF_SCAN_AND_COLLECT', {}))?.result?.cameras ?? [];
    expect(scanned.map((camera) => camera.name)).toContain('Gate');
    expect(await run(device, 'TASK_CAMERA_RENAME', { cameraId: 'cam-3', name: 'Gone' })).toMatchObject({
      state: 'failed',
      error: 'No camera cam-3',
    });
  });
});
