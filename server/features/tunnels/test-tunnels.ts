// Shared steps of the tunnel tests: a listening console, an adopted device that is online, its owner
// signed in, and the device taking TASK_TUNNEL_OPEN with the simulator's own tunnel client.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Command } from '../../../core/fleet/protocol.ts';
import type { TunnelOpenParams } from '../../../core/fleet/tunnel-protocol.ts';
import { createDevice as simulatedDevice } from '../../../sim/device.ts';
import { generateFleet } from '../../../sim/identity.ts';
import { createPlaces } from '../../../sim/places.ts';
import { DEFAULT_RATES, type Rates } from '../../../sim/rates.ts';
import { runCommand } from '../../../sim/tasks.ts';
import { openTunnel } from '../../../sim/tunnel.ts';
import '../../../sim/device-web.ts';
import { queryRows } from '../../db/rows.ts';
import { adoptDevice, bearer, heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

/** A console on a port of its own, for WebSockets; app.inject still reaches it. */
export async function listeningApp(env: NodeJS.ProcessEnv = {}) {
  const t = await createTestApp({}, env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  return { ...t, url: `http://127.0.0.1:${port}`, port };
}

const QUIET = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;

/** A cloud whose owner is signed in, with an adopted access point that is online and its simulated twin. */
export async function onlineDevice(t: TestApp) {
  const db = t.database.db;
  const owner = await createUser(db);
  const cloud = await createCloud(db);
  await addMember(db, owner.id, cloud.id, 'ROLE_OWNER');
  const site = await createSite(db, cloud.id);
  const [identity] = generateFleet(Math.floor(Math.random() * 1e6), 1);
  if (!identity) throw new Error('no identity');
  const device = await createDevice(db, cloud.id, site.id, {
    sn: identity.sn,
    mac: identity.mac,
    productBrandId: 13,
    productType: 'wifi',
    fw: '7.2.0-3988',
  });
  const credential = await adoptDevice(t, device);
  const answer = await sendHeartbeat(t, credential, heartbeat(1, { fw: '7.2.0-3988' }));
  if (answer.statusCode !== 200) throw new Error(`heartbeat refused: ${answer.body}`);
  const twin = simulatedDevice(
    { ...identity, productBrandId: 13, productType: 'wifi', hostname: 'ap-lobby-01', fw: '7.2.0-3988' },
    1,
    QUIET,
    createPlaces()(identity.place),
  );
  const session = await login(t.app, owner.email, TEST_PASSWORD);
  return { owner, cloud, site, device, credential, twin, session };
}

/** Opens remote web access to the device as the signed-in member. */
export const openWebAccess = (
  t: TestApp,
  session: Session,
  cloudId: number,
  deviceId: number,
  body: object = { duration_min: 15 },
) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/devices/${deviceId}/tunnels`,
    headers: as(session),
    payload: body,
  });

/** The device's waiting TASK_TUNNEL_OPEN command, as its command channel gives it. */
export async function tunnelCommand(
  t: TestApp,
  credential: string,
): Promise<Command & { params: TunnelOpenParams }> {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/agent/v1/commands?waitS=0',
    headers: bearer(credential),
  });
  const command = (answer.json().commands as Command[]).find((c) => c.type === 'TASK_TUNNEL_OPEN');
  if (!command) throw new Error(`no tunnel command: ${answer.body}`);
  return command as Command & { params: TunnelOpenParams };
}

/** The device takes its tunnel command as the simulator does: connects, then reports. */
export async function deviceConnects(
  t: TestApp & { url: string },
  device: { credential: string; twin: ReturnType<typeof simulatedDevice> },
) {
  const command = await tunnelCommand(t, device.credential);
  let error: string | null = null;
  await runCommand(
    device.twin,
    command,
    async (report) => {
      if (report.state === 'failed') error = report.error ?? '';
      const answer = await t.app.inject({
        method: 'POST',
        url: `/agent/v1/commands/${command.id}`,
        headers: bearer(device.credential),
        payload: report,
      });
      if (answer.statusCode !== 200) throw new Error(`report refused: ${answer.body}`);
      return String(answer.json().state);
    },
    { speed: 0, sleep: async () => {} },
    {
      openTunnel: (params) => openTunnel(device.twin, { url: t.url, credential: device.credential }, params),
    },
  );
  return { command, error };
}

/** The tunnel host's part of an address: its Host header and the path with the grant. */
export function hostOf(url: string) {
  const parsed = new URL(url);
  return { host: parsed.host, path: `${parsed.pathname}${parsed.search}` };
}

/** The tunnel's row as the console keeps it. */
export async function tunnelRow(t: TestApp, id: number) {
  const [row] = await queryRows<{
    state: string;
    close_reason: string | null;
    bytes_in: string;
    bytes_out: string;
    closed_by: number | null;
  }>(
    t.database.db,
    sql`SELECT state, close_reason, bytes_in, bytes_out, closed_by FROM tunnels WHERE id = ${id}`,
  );
  return row;
}

/** Trades the grant of an open call's address for the tunnel host's cookie, as a browser's new tab does. */
export async function exchangeGrant(t: TestApp, url: string) {
  const { host, path } = hostOf(url);
  const answer = await t.app.inject({ method: 'GET', url: path, headers: { host } });
  const cookie = answer.cookies.find((c) => c.name === 'tunnel_access');
  return { answer, host, cookie: cookie ? `tunnel_access=${cookie.value}` : null };
}
