// What the ingest benchmark's devices send, shared by its load generator and its floor.
import { createHash } from 'node:crypto';

/** The credential bench/ingest.ts gives the device at index i (agent id i + 1). */
export const benchCredential = (index: number) =>
  `${index + 1}.${createHash('sha256')
    .update(`bench-device-${index + 1}`)
    .digest('base64url')}`;

const clientMac = (device: number, n: number) =>
  `3a:${[device >> 16, device >> 8, device, n, 0].map((b) => (b & 255).toString(16).padStart(2, '0')).join(':')}`;

/** An access point's heartbeat with two radios and up to 15 clients, the fleet's most common message. */
export function benchHeartbeat(index: number, seq: number) {
  const clients = Array.from({ length: index % 16 }, (_, n) => ({
    mac: clientMac(index, n),
    ip: `10.${(index >> 8) & 255}.${index & 255}.${n + 10}`,
    hostname: `phone-${n}`,
    ssid: 'Bench',
    band: n % 3 === 0 ? '2.4' : '5',
    rssi: -50 - (n % 30),
    rxBytes: 1000 * n + seq,
    txBytes: 400 * n + seq,
  }));
  return {
    seq,
    uptimeS: 100_000 + seq * 60,
    fw: '7.2.1-4012',
    mgmtdVersion: '2.4.1',
    ip: `10.200.${(index >> 8) & 255}.${index & 255}`,
    hostname: `bench-ap-${index}`,
    system: { cpuPct: 10 + (seq % 50), memPct: 40, tempC: 50, powerW: 12, powerBudgetW: 25 },
    timeSync: { synced: true, offsetMs: 2 },
    config: { applied: true, unsyncedFiles: [] },
    actionRequired: null,
    radios: [
      { band: '2.4', channel: 6, widthMhz: 20, txPowerDbm: 17, noiseDbm: -95, utilPct: 20 + (seq % 30) },
      { band: '5', channel: 36, widthMhz: 80, txPowerDbm: 20, noiseDbm: -100, utilPct: 10 + (seq % 20) },
    ],
    clients,
  };
}
