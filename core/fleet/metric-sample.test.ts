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

  it('reads the 6 GHz radio, retries, both ends of the weakest link, its MCS and the links up', () => {
    const sample = metricSample({
      ...base,
      radios: [
        { band: '5', channel: 36, widthMhz: 80, txPowerDbm: 20, noiseDbm: -99, utilPct: 14, retryPct: 4 },
        { band: '6', channel: 37, widthMhz: 160, txPowerDbm: 18, noiseDbm: -104, utilPct: 6, retryPct: 2 },
      ],
      clients: [client('5', 1), { ...client('5', 1), band: '6' }],
      links: [
        {
          peerMac: '02:00:00:00:00:02',
          band: '60',
          up: true,
          rssi: -52,
          snr: 30,
          mcs: 9,
          remoteRssi: -50,
          remoteSnr: 31,
        },
        {
          peerMac: '02:00:00:00:00:03',
          band: '60',
          up: true,
          rssi: -63,
          snr: 21,
          mcs: 6,
          remoteRssi: -65,
          remoteSnr: 19,
        },
        { peerMac: '02:00:00:00:00:04', band: '60', up: false },
        { peerMac: '02:00:00:00:00:05', band: '60', up: false },
      ],
    });
    expect(sample).toMatchObject({
      clients6: 1,
      util6: 6,
      noise6: -104,
      retries: 3,
      linkRemoteRssi: -65,
      linkRemoteSnr: 19,
      linkMcs: 6,
      linkUp: 0.5,
      wanLatency: null,
      errors: null,
    });
  });

  it("takes the worst WAN that is up, the ports' errors and the power budget", () => {
    const sample = metricSample({
      ...base,
      system: { cpuPct: 5, memPct: 20, powerW: 120, powerBudgetW: 370 },
      wan: [
        { name: 'wan1', up: true, latencyMs: 12, lossPct: 0.5, rxBytes: 1, txBytes: 1 },
        { name: 'wan2', up: true, latencyMs: 48, lossPct: 0, rxBytes: 1, txBytes: 1 },
        { name: 'lte', up: false, latencyMs: 900, lossPct: 100, rxBytes: 0, txBytes: 0 },
      ],
      ports: [
        { port: 1, link: true, speedMbps: 1000, poeW: 5, errors: 3, rxBytes: 10, txBytes: 20 },
        { port: 2, link: true, speedMbps: 1000, poeW: 5, errors: 4, rxBytes: 10, txBytes: 20 },
      ],
    });
    expect(sample).toMatchObject({ wanLatency: 48, wanLoss: 0.5, errors: 7, powerBudget: 370, linkUp: null });
  });
});
