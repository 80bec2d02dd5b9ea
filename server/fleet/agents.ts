import { sql } from 'drizzle-orm';
import type { HealthId, StatusId } from '../../core/domain.ts';
import type { AgentState } from '../../core/fleet/agent-state.ts';
import type { DeviceBefore } from '../../core/fleet/rules.ts';
import type { Database } from '../db/connect.ts';
import { intArray, queryRows } from '../db/rows.ts';
import { errors } from '../errors.ts';
import { type Credential, sameHash } from './credentials.ts';

/** An adopted device or smart NVR as the agent API reads it before applying a message. */
export type Agent = DeviceBefore & {
  id: number;
  cloudId: number;
  deviceId: number | null;
  smartNvrId: number | null;
  siteId: number | null;
  productBrandId: number;
  /** Null once a member reset the credential. */
  credentialHash: string | null;
  seq: number;
  version: number;
  /** When its last heartbeat was taken: the pace of the next one counts from here. */
  lastHeartbeatAt: Date | null;
  /** The device's health as stored, so an unchanged one is not written again. */
  healthBefore: HealthId;
  /** Deleted, decommissioned or blocked: its credential no longer works. */
  revoked: boolean;
};

type AgentRow = {
  id: number;
  cloud_id: number;
  device_id: number | null;
  smart_nvr_id: number | null;
  site_id: number | null;
  product_brand_id: number;
  credential_hash: string | null;
  seq: string | number;
  version: number;
  status_id: StatusId;
  health_id: HealthId;
  reported: boolean;
  last_heartbeat_at: Date | string | null;
  state: AgentState;
  fw: string;
  mgmtd_version: string;
  ip: string | null;
  hostname: string;
  blocked: boolean;
  decomm: boolean;
  deleted: boolean;
};

/** Reads agents with the device or recorder they stand for; `lock` takes their rows for this transaction. */
export async function loadAgents(
  db: Database,
  ids: readonly number[],
  lock = false,
): Promise<Map<number, Agent>> {
  const rows = await queryRows<AgentRow>(
    db,
    sql`
    SELECT a.id, a.cloud_id, a.device_id, a.smart_nvr_id, d.site_id,
      coalesce(d.product_brand_id, n.product_brand_id) AS product_brand_id, a.credential_hash, a.seq, a.version,
      a.status_id, coalesce(d.health_id, n.health_id) AS health_id, a.last_heartbeat_at IS NOT NULL AS reported,
      a.last_heartbeat_at, a.state,
      coalesce(d.fw, n.fw) AS fw, coalesce(d.mgmtd_version, '') AS mgmtd_version, coalesce(d.ip, n.ip) AS ip,
      coalesce(d.hostname, '') AS hostname, coalesce(d.blocked, false) AS blocked,
      coalesce(d.decomm, false) AS decomm, coalesce(d.deleted_at, n.deleted_at) IS NOT NULL AS deleted
    FROM device_agents a
    LEFT JOIN devices d ON d.id = a.device_id
    LEFT JOIN smart_nvrs n ON n.id = a.smart_nvr_id
    WHERE a.id = ANY(${intArray(ids)})
    ${lock ? sql`FOR UPDATE OF a` : sql``}`,
  );
  const agents = new Map<number, Agent>();
  for (const row of rows) {
    agents.set(row.id, {
      id: row.id,
      cloudId: row.cloud_id,
      deviceId: row.device_id,
      smartNvrId: row.smart_nvr_id,
      siteId: row.site_id,
      productBrandId: row.product_brand_id,
      credentialHash: row.credential_hash,
      seq: Number(row.seq),
      version: row.version,
      lastHeartbeatAt: row.last_heartbeat_at === null ? null : new Date(row.last_heartbeat_at),
      statusId: row.status_id,
      healthBefore: row.health_id,
      reported: row.reported,
      state: row.state,
      fw: row.fw,
      mgmtdVersion: row.mgmtd_version,
      ip: row.ip,
      hostname: row.hostname,
      blocked: row.blocked,
      decomm: row.decomm,
      revoked: row.deleted || row.blocked || row.decomm,
    });
  }
  return agents;
}

/**
 * The agent a message may act for: its credential must be current and its sequence number newer than the
 * last one taken. Anything else changes nothing.
 */
export function authorise(agent: Agent | undefined, credential: Credential, seq: number): Agent {
  const known = authenticate(agent, credential);
  if (seq <= known.seq) {
    throw errors.validation([
      {
        errorCode: 'stale_sequence',
        location: 'body',
        path: '/seq',
        message: `must be greater than ${known.seq}, the last sequence number taken (a replayed or out-of-order message)`,
      },
    ]);
  }
  return known;
}

/** The agent a credential stands for, when it is current; messages that change nothing need no sequence. */
export function authenticate(agent: Agent | undefined, credential: Credential): Agent {
  if (!agent?.credentialHash || !sameHash(agent.credentialHash, credential.secretHash) || agent.revoked) {
    throw errors.unauthorized('Unknown or revoked device credential.');
  }
  return agent;
}
