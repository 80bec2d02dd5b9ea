import { and, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AlertMute, CreateMuteBody } from '../../../core/api/activity.ts';
import { type Access, canHandleAlerts, isOwnerOrAdmin, visibleSiteIds } from '../../../core/policy.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { intArray } from '../../db/rows.ts';
import { users } from '../../db/schema/accounts.ts';
import { alertMutes, alerts } from '../../db/schema/activity.ts';
import { devices, smartNvrs } from '../../db/schema/inventory.ts';
import { errors } from '../../errors.ts';

/**
 * Whether a maintenance window covers the alert: its cloud, raised within the window, and the device,
 * recorder and type the window names (any, where it names none).
 */
export const isMuted: SQL<boolean> = sql<boolean>`EXISTS (
  SELECT 1 FROM ${alertMutes} m
  WHERE m.cloud_id = ${alerts.cloudId} AND ${alerts.problemAt} >= m.starts_at AND ${alerts.problemAt} < m.ends_at
    AND (m.device_id IS NULL OR m.device_id = ${alerts.deviceId})
    AND (m.smart_nvr_id IS NULL OR m.smart_nvr_id = ${alerts.smartNvrId})
    AND (m.alert_type IS NULL OR m.alert_type = ${alerts.alertType}))`;

/** Whether a window of the cloud was open at some time since then (alert_mutes_cloud_ends_idx). */
export async function hasMutesSince(db: Database, cloudId: number, since: SQL): Promise<boolean> {
  const [row] = await db
    .select({ id: alertMutes.id })
    .from(alertMutes)
    .where(and(eq(alertMutes.cloudId, cloudId), gt(alertMutes.endsAt, since)))
    .limit(1);
  return row !== undefined;
}

/** The alerts among these that a window covers: they notify nobody. */
export async function mutedAlertIds(db: Database, alertIds: number[]): Promise<Set<number>> {
  if (alertIds.length === 0) return new Set();
  const rows = await db
    .select({ id: alerts.id })
    .from(alerts)
    // One array parameter: a mass outage hands over more alerts than a statement takes parameters.
    .where(and(sql`${alerts.id} = ANY(${intArray(alertIds)})`, isMuted));
  return new Set(rows.map((row) => row.id));
}

/**
 * The site a window's device is on, once the device or recorder is known to be in the cloud; null for a
 * recorder (recorders belong to no site) or a window on a type alone.
 */
async function siteOf(db: Database, cloudId: number, what: { device_id?: number; snvr_device_id?: number }) {
  const [row] = what.device_id
    ? await db
        .select({ siteId: devices.siteId })
        .from(devices)
        .where(and(eq(devices.id, what.device_id), eq(devices.cloudId, cloudId)))
    : what.snvr_device_id
      ? await db
          .select({ siteId: sql<null>`null` })
          .from(smartNvrs)
          .where(and(eq(smartNvrs.id, what.snvr_device_id), eq(smartNvrs.cloudId, cloudId)))
      : [{ siteId: null }];
  if (!row) throw errors.notFound();
  return row.siteId;
}

/**
 * Who may open or end a window: for a device or recorder, whoever may handle its site's alerts; for a type
 * across the cloud, owners and administrators.
 */
function mayMute(access: Access, siteId: number | null, deviceWide: boolean) {
  return deviceWide ? canHandleAlerts(access, siteId) : isOwnerOrAdmin(access);
}

export async function createMute(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  access: Access & { userId: number },
  body: CreateMuteBody,
): Promise<number> {
  const deviceWide = Boolean(body.device_id || body.snvr_device_id);
  const siteId = await siteOf(db, cloudId, body);
  const visible = visibleSiteIds(access);
  if (deviceWide && visible && !(siteId !== null && visible.includes(siteId))) throw errors.notFound();
  if (!mayMute(access, siteId, deviceWide)) throw errors.forbidden();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(alertMutes)
      .values({
        cloudId,
        deviceId: body.device_id ?? null,
        smartNvrId: body.snvr_device_id ?? null,
        alertType: body.alert_type ?? null,
        endsAt: sql`now() + make_interval(mins => ${body.minutes})`,
        comment: body.comment.trim(),
        createdByUserId: access.userId,
      })
      .returning({ id: alertMutes.id });
    if (!row) throw new Error('mute not stored');
    await audit(tx, actor, {
      cloudId,
      action: 'created',
      objectType: 'maintenance_window',
      objectId: row.id,
      objectName: body.alert_type ?? '',
      after: {
        deviceId: body.device_id,
        smartNvrId: body.snvr_device_id,
        alertType: body.alert_type,
        minutes: body.minutes,
        comment: body.comment.trim(),
      },
    });
    return row.id;
  });
}

/** Windows still open, soonest to end first; a Site User sees those of their sites' devices and of types. */
export async function listMutes(db: Database, cloudId: number, access: Access): Promise<AlertMute[]> {
  const visible = visibleSiteIds(access);
  const siteId = devices.siteId;
  const rows = await db
    .select({
      id: alertMutes.id,
      deviceId: alertMutes.deviceId,
      deviceName: devices.name,
      smartNvrId: alertMutes.smartNvrId,
      smartNvrName: smartNvrs.name,
      siteId,
      alertType: alertMutes.alertType,
      startsAt: alertMutes.startsAt,
      endsAt: alertMutes.endsAt,
      comment: alertMutes.comment,
      createdBy: sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.lastname}), '')`,
    })
    .from(alertMutes)
    .leftJoin(devices, eq(devices.id, alertMutes.deviceId))
    .leftJoin(smartNvrs, eq(smartNvrs.id, alertMutes.smartNvrId))
    .leftJoin(users, eq(users.id, alertMutes.createdByUserId))
    .where(
      and(
        eq(alertMutes.cloudId, cloudId),
        gt(alertMutes.endsAt, sql`now()`),
        visible
          ? or(
              and(isNull(alertMutes.deviceId), isNull(alertMutes.smartNvrId)),
              visible.length > 0 ? inArray(siteId, visible) : sql`false`,
            )
          : undefined,
      ),
    )
    .orderBy(alertMutes.endsAt, desc(alertMutes.id));
  return rows.map((row) => ({
    id: row.id,
    device: row.deviceId && row.deviceName ? { id: row.deviceId, name: row.deviceName } : null,
    smartnvr: row.smartNvrId && row.smartNvrName ? { id: row.smartNvrId, name: row.smartNvrName } : null,
    alert_type: row.alertType,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    comment: row.comment,
    created_by: row.createdBy,
    can_end: mayMute(access, row.siteId, Boolean(row.deviceId || row.smartNvrId)),
  }));
}

/** Closes a window now: alerts raised from now on notify again. */
export async function endMute(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  access: Access,
  muteId: number,
): Promise<void> {
  const mute = (await listMutes(db, cloudId, access)).find((item) => item.id === muteId);
  if (!mute) throw errors.notFound();
  if (!mute.can_end) throw errors.forbidden();
  await db.transaction(async (tx) => {
    await tx.update(alertMutes).set({ endsAt: sql`now()` }).where(eq(alertMutes.id, muteId));
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'maintenance_window',
      objectId: muteId,
      after: { ended: true },
    });
  });
}
