import { describe, expect, it } from 'vitest';
import { metricSample } from './metric-sample.ts';
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
const client = (band: '2.4' | '5', rxBytes: number) => ({
  mac: '02:00:00:00:00:01',
  ssid: 'x',
  band,
  rssi: -50,
  rxBytes,
  txBytes: 1,
});

describe('metricSample', () => {
  it('counts clients per band and sums their traffic on access points', () => {
    const sample = metricSample({
      ...base,
      radios: [{ band: '5', channel: 36, widthMhz: 80, txPowerDbm: 20, noiseDbm: -99, utilPct: 14 }],
      clients: [client('5', 100), client('5', 50), client('2.4', 7)],
    });
    expect(sample).toMatchObject({
      clients: 3,
      clients5: 2,
      clients24: 1,
      clients60: 0,
      rxBytes: 157,
      txBytes: 3,
    });
    expect(sample).toMatchObject({ util5: 14, noise5: -99, util24: null, temp: null, linkRssi: null });
  });

  it('takes the weakest up link of a radio link or mesh and the traffic of ports and WAN', () => {
    const sample = metricSample({
      ...base,
      links: [
        { peerMac: '02:00:00:00:00:02', band: '60', up: true, rssi: -55, snr: 20, capacityMbps: 1800 },
        { peerMac: '02:00:00:00:00:03', band: '60', up: true, rssi: -61, snr: 25, capacityMbps: 900 },
        { peerMac: '02:00:00:00:00:04', band: '60', up: false },
      ],
      ports: [{ port: 1, link: true, speedMbps: 1000, poeW: 5, errors: 0, rxBytes: 10, txBytes: 20 }],
    });
    expect(sample).toMatchObject({
      linkRssi: -61,
      linkSnr: 20,
      linkCapacity: 900,
      rxBytes: 10,
      txBytes: 20,
      clients: null,
    });
  });
});
