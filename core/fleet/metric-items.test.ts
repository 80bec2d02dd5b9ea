import { describe, expect, it } from 'vitest';
import { activeWan, bitRate, metricItems } from './metric-items.ts';
import type { HeartbeatRequest } from './protocol.ts';

const base: HeartbeatRequest = {
  seq: 1,
  uptimeS: 10,
  fw: '1.0.0-1',
  mgmtdVersion: '1.0.0',
  system: { cpuPct: 20, memPct: 30 },
  timeSync: { synced: true },
  config: { applied: true, unsyncedFiles: [] },
  actionRequired: null,
};
const radio = (band: '2.4' | '5' | '6', retryPct?: number) => ({
  band,
  channel: 36,
  widthMhz: 80 as const,
  txPowerDbm: 20,
  noiseDbm: -99,
  utilPct: 14,
  ...(retryPct === undefined ? {} : { retryPct }),
});
const client = (ssid: string, band: '2.4' | '5', rxBytes: number) => ({
  mac: '02:00:00:00:00:01',
  ssid,
  band,
  rssi: -50,
  rxBytes,
  txBytes: 10,
});
const wan = (name: string, up: boolean) => ({ name, up, rxBytes: 5, txBytes: 6 });

describe('metricItems', () => {
  it("adds an access point's clients up per radio and per SSID", () => {
    const items = metricItems({
      ...base,
      radios: [radio('2.4', 3), radio('5'), radio('6', 1.5)],
      clients: [client('Office', '5', 100), client('Office', '2.4', 7), client('Guests', '5', 50)],
    });
    expect(items).toEqual({
      radio: {
        '2.4': { rx: 7, tx: 10, retries: 3 },
        '5': { rx: 150, tx: 20 },
        '6': { rx: 0, tx: 0, retries: 1.5 },
      },
      ssid: { Office: { rx: 107, tx: 20, clients: 2 }, Guests: { rx: 50, tx: 10, clients: 1 } },
    });
  });

  it('keeps the ports with link, power or errors, and nothing for a device that reports no items', () => {
    const port = (n: number, link: boolean, poeW: number, errors: number) => ({
      port: n,
      link,
      speedMbps: link ? 1000 : 0,
      poeW,
      errors,
      rxBytes: 9,
      txBytes: 3,
    });
    const items = metricItems({
      ...base,
      ports: [port(1, true, 0, 0), port(2, false, 0, 0), port(3, false, 4.567, 0), port(4, false, 0, 2)],
    });
    expect(items?.port).toEqual({
      '1': { rx: 9, tx: 3, errors: 0, poe: 0 },
      '3': { rx: 9, tx: 3, errors: 0, poe: 4.57 },
      '4': { rx: 9, tx: 3, errors: 2, poe: 0 },
    });
    expect(metricItems(base)).toBeNull();
    expect(metricItems({ ...base, clients: [] })).toBeNull();
  });

  it("keeps a WAN port's latency and loss only while it is up, a camera's stream and the storage", () => {
    const items = metricItems({
      ...base,
      wan: [
        { ...wan('wan1', true), latencyMs: 12, lossPct: 0.1 },
        { ...wan('lte', false), latencyMs: 90 },
      ],
      cameras: [{ id: 'cam-1', name: 'Gate', stream: 'idle', bitrateKbps: 0 }],
      storage: { usedBytes: 10, totalBytes: 40 },
    });
    expect(items).toEqual({
      wan: { wan1: { rx: 5, tx: 6, up: 1, latency: 12, loss: 0.1 }, lte: { rx: 5, tx: 6, up: 0 } },
      camera: { 'cam-1': { name: 'Gate', kbps: 0, streaming: 0 } },
      storage: { recordings: { used: 10, total: 40 } },
    });
  });
});

describe('bitRate', () => {
  it('turns bytes over seconds into bits per second, and nothing into null', () => {
    expect(bitRate(450_000_000, 3600)).toBe(1_000_000);
    expect(bitRate(0, 60)).toBe(0);
    expect(bitRate(null, 60)).toBeNull();
    expect(bitRate(100, 0)).toBeNull();
    expect(bitRate(100, null)).toBeNull();
  });
});

describe('activeWan', () => {
  it('is the first WAN port that is up, in the order the gateway reports them', () => {
    expect(activeWan({ wan: [wan('wan1', true), wan('wan2', true)] })).toBe('wan1');
    expect(activeWan({ wan: [wan('wan1', false), wan('lte', true)] })).toBe('lte');
    expect(activeWan({ wan: [wan('wan1', false)] })).toBeNull();
    expect(activeWan({})).toBeNull();
  });
});
