// The simulated devices' flash: each one's credential, last sequence number and the configuration it runs,
// kept across restarts.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { RunningConfig } from './device.ts';

export type StoredDevice = {
  credential: string | null;
  seq: number;
  /** The configuration it runs; none saved yet in a file of an older simulator. */
  config?: RunningConfig;
};

export function openStateFile(path: string | null) {
  const devices = new Map<string, StoredDevice>();
  if (path) {
    try {
      const saved = JSON.parse(readFileSync(path, 'utf8')) as { devices: Record<string, StoredDevice> };
      for (const [mac, device] of Object.entries(saved.devices)) devices.set(mac, device);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new Error(`cannot read the state file ${path}: ${(error as Error).message}`);
    }
  }
  let dirty = false;
  return {
    get: (mac: string): StoredDevice => {
      let device = devices.get(mac);
      if (!device) {
        device = { credential: null, seq: 0 };
        devices.set(mac, device);
      }
      return device;
    },
    changed: () => {
      dirty = true;
    },
    /** Written to a temporary file first, so a crash never leaves half a file. */
    save: () => {
      if (!path || !dirty) return;
      writeFileSync(`${path}.tmp`, JSON.stringify({ devices: Object.fromEntries(devices) }));
      renameSync(`${path}.tmp`, path);
      dirty = false;
    },
  };
}

export type StateFile = ReturnType<typeof openStateFile>;
