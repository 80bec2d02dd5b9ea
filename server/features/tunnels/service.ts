// Tunnels as the console keeps them (docs/remote-access.md): who may open and close which, the row and the
// task that asks the device to connect, the change log of every open, first use and close.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tunnel, TunnelListQuery } from '../../../core/api/tunnels.ts';
import type { ProductType } from '../../../core/domain.ts';
import { isOnline } from '../../../core/fleet/status.ts';
import { allowsService, type TunnelService } from '../../../core/fleet/tunnel-protocol.ts';
import { type Access, canSeeSite, isOwnerOrAdmin } from '../../../core/policy.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import { newToken, tokenHash } from '../../auth/tokens.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { errors } from '../../errors.ts';
import type { NewAlert } from '../../fleet/new-alert.ts';
import { insertTask, launchTask } from '../tasks/create.ts';
import type { CloseReason } from './transport.ts';

/** A one-time grant is exchanged for the tunnel host's cookie within this time. */
export const GRANT_TTL_MS = 60_000;
/** A device that has not connected this long after it was asked never will: the tunnel failed. */
export const OPENING_TIMEOUT_MS = 130_000;
/** A recorder's media tunnel lasts at most this long, idleness closing it far sooner. */
export const MEDIA_TUNNEL_MS = 8 * 60 * 60 * 1000;

/** The device or recorder a tunnel reaches. */
export type TunnelTarget = {
  cloudId: number;
  deviceId: number | null;
  smartNvrId: number | null;
  siteId: number | null;
  name: string;
  productType: ProductType;
  online: boolean;
};

/** A device of the cloud the caller sees, or 404. */
export async function deviceTarget(db: Database, access: Access, cloudId: number, deviceId: number) {
  const [row] = await queryRows<{
    id: number;
    name: string;
    site_id: number | null;
    product_type: ProductType;
    status_id: string;
    blocked: boolean;
    decomm: boolean;
  }>(
    db,
    sql`
    SELECT id, name, site_id, product_type, status_id, blocked, decomm FROM devices
    WHERE id = ${deviceId} AND cloud_id = ${cloudId} AND deleted_at IS NULL`,
  );
  if (!row) throw errors.notFound('No such device in this cloud.');
  if (row.site_id !== null ? !canSeeSite(access, row.site_id) : !isOwnerOrAdmin(access))
    throw errors.notFound('No such device in this cloud.');
  return {
    cloudId,
    deviceId: row.id,
    smartNvrId: null,
    siteId: row.site_id,
    name: row.name,
    productType: row.product_type,
    online: isOnline({ blocked: row.blocked, decomm: row.decomm, statusId: row.status_id as never }),
  } satisfies TunnelTarget;
}

/** A recorder of the cloud, or 404. */
export async function recorderTarget(db: Database, cloudId: number, smartNvrId: number) {
  const [row] = await queryRows<{ id: number; name: string; status_id: string }>(
    db,
    sql`
    SELECT id, name, status_id FROM smart_nvrs
    WHERE id = ${smartNvrId} AND cloud_id = ${cloudId} AND deleted_at IS NULL`,
  );
  if (!row) throw errors.notFound('No such smart NVR in this cloud.');
  return {
    cloudId,
    deviceId: null,
    smartNvrId: row.id,
    siteId: null,
    name: row.name,
    productType: 'smartnvr',
    online: isOnline({ blocked: false, decomm: false, statusId: row.status_id as never }),
  } satisfies TunnelTarget;
}

export type OpenRequest = {
  target: TunnelTarget;
  service: TunnelService;
  expiresAt: Date;
  /** The member who opens it and the session it is bound to; null when the console opens it (media). */
  userId: number | null;
  sessionHash: string | null;
};

/**
 * Writes the tunnel (opening) and the TASK_TUNNEL_OPEN task that asks the device to connect, with the
 * change log record, then hands the task to the device. Answers the tunnel's id, host key and, for a
 * member's tunnel, the one-time grant.
 */
export async function openTunnel(
  db: Database,
  actor: AuditActor,
  open: OpenRequest,
  now = new Date(),
): Promise<{ id: number; hostKey: string; grant: string | null; alerts: NewAlert[] }> {
  const { target, service } = open;
  if (!allowsService(target.productType, service))
    throw errors.validation([
      {
        errorCode: 'service_not_allowed',
        location: 'body',
        path: '/service',
        message: `a ${target.productType} device serves no ${service} through a tunnel`,
      },
    ]);
  if (!target.online) throw errors.conflict('The device is offline: it cannot open a tunnel now.');
  const hostKey = randomBytes(10).toString('hex');
  const grant = open.userId === null ? null : newToken();
  const { id, taskId } = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`
      INSERT INTO tunnels (cloud_id, device_id, smart_nvr_id, service, opened_by, session_hash, host_key,
        grant_hash, grant_expires_at, state, opened_at, expires_at)
      VALUES (${target.cloudId}, ${target.deviceId}, ${target.smartNvrId}, ${service}, ${open.userId},
        ${open.sessionHash}, ${hostKey}, ${grant === null ? null : tokenHash(grant)},
        ${grant === null ? null : new Date(now.getTime() + GRANT_TTL_MS).toISOString()}, 'opening',
        ${now.toISOString()}, ${open.expiresAt.toISOString()})
      RETURNING id`,
    );
    const tunnelId = (row as { id: number }).id;
    const task = await insertTask(tx, actor, {
      cloudId: target.cloudId,
      userId: open.userId,
      type: 'TASK_TUNNEL_OPEN',
      params: { tunnelId, service },
      executeAt: now,
      rolling: false,
      targets: [
        { device_id: target.deviceId, smart_nvr_id: target.smartNvrId, site_id: target.siteId, batch: null },
      ],
    });
    await audit(tx, actor, {
      cloudId: target.cloudId,
      action: 'tunnel_opened',
      objectType: 'tunnel',
      objectId: tunnelId,
      objectName: target.name,
      after: {
        service,
        ...(target.deviceId === null ? { smartNvrId: target.smartNvrId } : { deviceId: target.deviceId }),
        expiresAt: open.expiresAt.toISOString(),
      },
    });
    return { id: tunnelId, taskId: task };
  });
  const alerts = await launchTask(db, taskId, now, now);
  return { id, hostKey, grant, alerts };
}

/** Who closed a tunnel: a member (from the console), or the console itself for any other reason. */
export type Closer = { actor: AuditActor; reason: CloseReason };

/** Closes the row unless it already is, with its change log record; false when it was closed already. */
export async function closeTunnelRow(db: Database, tunnelId: number, closer: Closer): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ cloud_id: number; name: string; bytes_in: string; bytes_out: string }>(
      tx,
      sql`
      UPDATE tunnels t SET state = 'closed', closed_at = now(), close_reason = ${closer.reason},
        closed_by = ${closer.reason === 'closed' ? closer.actor.userId : null}
      WHERE t.id = ${tunnelId} AND t.state <> 'closed'
      RETURNING t.cloud_id, t.bytes_in, t.bytes_out,
        coalesce((SELECT name FROM devices WHERE id = t.device_id),
          (SELECT name FROM smart_nvrs WHERE id = t.smart_nvr_id), '') AS name`,
    );
    if (!row) return false;
    await audit(tx, closer.actor, {
      cloudId: row.cloud_id,
      action: 'tunnel_closed',
      objectType: 'tunnel',
      objectId: tunnelId,
      objectName: row.name,
      after: { reason: closer.reason, bytesIn: Number(row.bytes_in), bytesOut: Number(row.bytes_out) },
    });
    return true;
  });
}

/** The console acting on its own (expiry, idleness, a device gone): no person, no address. */
export const CONSOLE_ACTOR: AuditActor = { userId: null, ip: null };

/** Beyond a tunnel's idle time, how long its bytes may wait to be counted (transport.ts flushes them). */
const SWEEP_MARGIN_S = 60;

/**
 * Tunnels whose device never connected, tunnels past their time that no process holds open, and open
 * tunnels unused for longer than a holder would keep them idle (their process stopped), closed (the change
 * log says why). A held tunnel closes itself at its time, or when idle for idleS.
 */
export async function sweepTunnels(db: Database, held: readonly number[], idleS: number): Promise<void> {
  const stale = await queryRows<{ id: number; reason: CloseReason }>(
    db,
    sql`
    SELECT id, CASE WHEN expires_at <= now() THEN 'expired' WHEN state = 'open' THEN 'idle' ELSE 'failed' END AS reason
    FROM tunnels
    WHERE (state = 'opening' AND opened_at < now() - make_interval(secs => ${OPENING_TIMEOUT_MS / 1000}))
      OR (state <> 'closed' AND expires_at <= now())
      OR (state = 'open' AND coalesce(last_used_at, opened_at) < now() - make_interval(secs => ${idleS + SWEEP_MARGIN_S}))`,
  );
  for (const { id, reason } of stale) {
    if (!held.includes(id)) await closeTunnelRow(db, id, { actor: CONSOLE_ACTOR, reason });
  }
}

type TunnelRow = {
  id: number;
  service: TunnelService;
  device_id: number | null;
  device_name: string | null;
  smart_nvr_id: number | null;
  smart_nvr_name: string | null;
  site_id: number | null;
  opened_by: number | null;
  opener_email: string | null;
  opener_name: string | null;
  state: Tunnel['state'];
  opened_at: Date | string;
  expires_at: Date | string;
  closed_at: Date | string | null;
  close_reason: Tunnel['close_reason'];
  bytes_in: string | number;
  bytes_out: string | number;
  last_used_at: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** Closing a tunnel: owners and administrators any, others those they opened themselves. */
export const mayClose = (access: Access & { userId: number }, openedBy: number | null) =>
  isOwnerOrAdmin(access) || (openedBy !== null && openedBy === access.userId);

function tunnelOf(row: TunnelRow, access: Access & { userId: number }): Tunnel {
  return {
    id: row.id,
    service: row.service,
    device: row.device_id === null ? null : { id: row.device_id, name: row.device_name ?? '' },
    smart_nvr: row.smart_nvr_id === null ? null : { id: row.smart_nvr_id, name: row.smart_nvr_name ?? '' },
    opened_by:
      row.opened_by === null
        ? null
        : { id: row.opened_by, email: row.opener_email ?? '', name: row.opener_name ?? '' },
    state: row.state,
    opened_at: iso(row.opened_at),
    expires_at: iso(row.expires_at),
    closed_at: isoOrNull(row.closed_at),
    close_reason: row.close_reason,
    bytes_in: Number(row.bytes_in),
    bytes_out: Number(row.bytes_out),
    last_used_at: isoOrNull(row.last_used_at),
    can_close: row.state !== 'closed' && mayClose(access, row.opened_by),
  };
}

const SELECT_TUNNELS = sql`
  SELECT t.id, t.service, t.device_id, d.name AS device_name, t.smart_nvr_id, n.name AS smart_nvr_name,
    d.site_id, t.opened_by, u.email AS opener_email,
    trim(u.firstname || ' ' || u.lastname) AS opener_name, t.state, t.opened_at,
    t.expires_at, t.closed_at, t.close_reason, t.bytes_in, t.bytes_out, t.last_used_at
  FROM tunnels t
  LEFT JOIN devices d ON d.id = t.device_id
  LEFT JOIN smart_nvrs n ON n.id = t.smart_nvr_id
  LEFT JOIN users u ON u.id = t.opened_by`;

/** One tunnel of the cloud, as the list shows it. */
export async function findTunnel(
  db: Database,
  access: Access & { userId: number; cloudId: number },
  tunnelId: number,
): Promise<Tunnel & { openedBy: number | null }> {
  const [row] = await queryRows<TunnelRow>(
    db,
    sql`${SELECT_TUNNELS} WHERE t.id = ${tunnelId} AND t.cloud_id = ${access.cloudId}`,
  );
  if (!row || !(isOwnerOrAdmin(access) || row.opened_by === access.userId))
    throw errors.notFound('No such tunnel in this cloud.');
  return { ...tunnelOf(row, access), openedBy: row.opened_by };
}

/**
 * A page of the cloud's tunnels, newest first: owners and administrators see every one, other members
 * those they opened.
 */
export async function listTunnels(
  db: Database,
  access: Access & { userId: number; cloudId: number },
  query: TunnelListQuery,
): Promise<{ items: Tunnel[]; total: number; total_capped: boolean }> {
  const where = sql`t.cloud_id = ${access.cloudId}
    ${isOwnerOrAdmin(access) ? sql`` : sql`AND t.opened_by = ${access.userId}`}
    ${query.device_id === undefined ? sql`` : sql`AND t.device_id = ${query.device_id}`}
    ${query.smart_nvr_id === undefined ? sql`` : sql`AND t.smart_nvr_id = ${query.smart_nvr_id}`}
    ${query.state === 'all' ? sql`` : sql`AND t.state <> 'closed'`}`;
  const rows = await queryRows<TunnelRow>(
    db,
    sql`${SELECT_TUNNELS} WHERE ${where} ORDER BY t.opened_at DESC, t.id DESC
      LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM tunnels t WHERE ${where}`,
  );
  return { items: rows.map((row) => tunnelOf(row, access)), total: count?.n ?? 0, total_capped: false };
}

/** Records the tunnel's first use through its host, once. */
export async function markFirstUse(db: Database, tunnelId: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ cloud_id: number; name: string }>(
      tx,
      sql`
      UPDATE tunnels t SET first_used_at = now() WHERE t.id = ${tunnelId} AND t.first_used_at IS NULL
      RETURNING t.cloud_id, coalesce((SELECT name FROM devices WHERE id = t.device_id),
        (SELECT name FROM smart_nvrs WHERE id = t.smart_nvr_id), '') AS name`,
    );
    if (!row) return;
    await audit(tx, actor, {
      cloudId: row.cloud_id,
      action: 'tunnel_used',
      objectType: 'tunnel',
      objectId: tunnelId,
      objectName: row.name,
    });
  });
}
