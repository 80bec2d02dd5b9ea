import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoredDevice } from '../sim/state-file.ts';

const SIMULATOR = fileURLToPath(new URL('../sim/main.ts', import.meta.url));

/**
 * Runs the fleet simulator for the demo clouds' devices in its own process, talking to this server over
 * HTTP like real devices: it reads each demo cloud's onboarding key as that cloud's owner and gives it to
 * the cloud's devices, which call home with it (docs/agent-protocol.md). Their credentials live in the
 * data folder, beside the embedded database, with the configuration each runs.
 */
export async function startDemoSimulator(
  url: string,
  dataDir: string,
  firstFlash: () => Promise<Record<string, StoredDevice>>,
  onExit: (code: number | null) => void,
  /** The ports the console's RADIUS service bound (null: off), where the demo's guests sign in. */
  radius: { authPort: number | null; acctPort: number | null } = { authPort: null, acctPort: null },
) {
  const state = join(dataDir, 'simulator.json');
  // The first time, the devices start with what the demo says they run (server/db/seed/demo-config.ts).
  if (!existsSync(state)) writeFileSync(state, JSON.stringify({ devices: await firstFlash() }));
  const ports = [
    '--radius-auth-port',
    String(radius.authPort ?? 0),
    '--radius-acct-port',
    String(radius.acctPort ?? 0),
  ];
  const child: ChildProcess = spawn(
    process.execPath,
    [SIMULATOR, '--demo', '--url', url, '--state', state, ...ports],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  child.on('exit', onExit);
  return {
    /** Stops it and waits, so it can save its state. */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Where a local process reaches the server that listens on `address`. */
export function localUrl(address: { address: string; port: number }): string {
  const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
