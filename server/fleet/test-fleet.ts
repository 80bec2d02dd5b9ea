import { sql } from 'drizzle-orm';
import type { AgentEvent, HeartbeatRequest } from '../../core/fleet/protocol.ts';
import { queryRows } from '../db/rows.ts';
import type { TestApp } from '../test/app.ts';
import { createCloud, createDevice, createSite } from '../test/factories.ts';

/** A heartbeat with every field an access point sends, all well; `fields` override. */
export function heartbeat(seq: number, fields: Partial<HeartbeatRequest> = {}): HeartbeatRequest {
  return {
    seq,
    uptimeS: 1000 + seq * 60,
    fw: '7.2.1-4012',
    mgmtdVersion: '2.4.1',
    ip: '10.0.0.10',
    hostname: 'ap-lobby-01',
    system: { cpuPct: 12, memPct: 40, tempC: 48, powerW: 9.5, powerBudgetW: 25 },
    timeSync: { synced: true, offsetMs: 3 },
    config: { applied: true, unsyncedFiles: [] },
    actionRequired: null,
    radios: [
      { band: '2.4', channel: 6, widthMhz: 20, txPowerDbm: 17, noiseDbm: -95, utilPct: 31 },
      { band: '5', channel: 36, widthMhz: 80, txPowerDbm: 20, noiseDbm: -101, utilPct: 12 },
    ],
    clients: [],
    ...fields,
  };
}

export const event = <T extends AgentEvent['type']>(
  type: T,
  data: Extract<AgentEvent, { type: T }>['data'],
): AgentEvent => ({ type, at: new Date().toISOString(), data }) as AgentEvent;

/** A cloud with a site and a registered access point that has not called home yet. */
export async function createFleetCloud(t: TestApp) {
  const db = t.database.db;
  const cloud = await createCloud(db);
  const site = await createSite(db, cloud.id);
  const device = await createDevice(db, cloud.id, site.id, { fw: '7.2.0-3988', productBrandId: 13 });
  return { cloud, site, device };
}

/** An adoption call without an onboarding key, unless `onboardingKey` is given. */
export const adoptBody = (
  device: { sn: string; mac: string },
  productBrandId = 13,
  onboardingKey?: string,
) => ({
  sn: device.sn,
  mac: device.mac,
  productBrandId,
  fw: '7.2.0-3988',
  mgmtdVersion: '2.4.1',
  ...(onboardingKey === undefined ? {} : { onboardingKey }),
});

/** The cloud's onboarding key, as its members read it. */
export async function onboardingKeyOf(t: TestApp, cloudId: number): Promise<string> {
  const [cloud] = await queryRows<{ onboarding_key: string }>(
    t.database.db,
    sql`SELECT onboarding_key FROM clouds WHERE id = ${cloudId}`,
  );
  if (!cloud) throw new Error(`no cloud ${cloudId}`);
  return cloud.onboarding_key;
}

/** Adopts the device through the agent API with its cloud's onboarding key and returns its credential. */
export async function adoptDevice(
  t: TestApp,
  device: { sn: string; mac: string; cloudId: number },
  productBrandId = 13,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/agent/v1/adopt',
    payload: adoptBody(device, productBrandId, await onboardingKeyOf(t, device.cloudId)),
  });
  if (response.statusCode !== 200)
    throw new Error(`adoption failed: ${response.statusCode} ${response.body}`);
  return response.json().credential as string;
}

export const bearer = (credential: string) => ({ authorization: `Bearer ${credential}` });

export const sendHeartbeat = (t: TestApp, credential: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/agent/v1/heartbeat',
    headers: bearer(credential),
    payload: body as object,
  });

export const sendEvents = (t: TestApp, credential: string, seq: number, events: AgentEvent[]) =>
  t.app.inject({
    method: 'POST',
    url: '/agent/v1/events',
    headers: bearer(credential),
    payload: { seq, events },
  });

export type AlertRow = {
  alert_type: string;
  alert_key: string | null;
  alert_data1: string | null;
  alert_data2: string | null;
  alert_data3: string | null;
  health_id: string;
  resolved: boolean;
};

export const alertsOf = (t: TestApp, deviceId: number) =>
  queryRows<AlertRow>(
    t.database.db,
    sql`SELECT alert_type, alert_key, alert_data1, alert_data2, alert_data3, health_id,
      resolved_at IS NOT NULL AS resolved FROM alerts WHERE device_id = ${deviceId} ORDER BY id`,
  );

export const deviceRow = async (t: TestApp, deviceId: number) =>
  (
    await queryRows<{ status_id: string; health_id: string; fw: string; ip: string; hostname: string }>(
      t.database.db,
      sql`SELECT status_id, health_id, fw, ip, hostname FROM devices WHERE id = ${deviceId}`,
    )
  )[0];

/**
 * A registered access point that was adopted and, when `firstSeq` is given, sent one heartbeat with it
 * on the firmware it registered with.
 */
export async function createAdoptedDevice(t: TestApp, firstSeq?: number) {
  const fleet = await createFleetCloud(t);
  const credential = await adoptDevice(t, fleet.device);
  if (firstSeq !== undefined) {
    const answer = await sendHeartbeat(t, credential, heartbeat(firstSeq, { fw: '7.2.0-3988' }));
    if (answer.statusCode !== 200) throw new Error(`first heartbeat refused: ${answer.body}`);
  }
  return { ...fleet, credential };
}
