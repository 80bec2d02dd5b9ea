import { aliasedTable, and, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import {
  type AlertHistory,
  type AlertHistoryItem,
  type AlertHistoryQuery,
  healthsOf,
} from '../../../core/api/activity.ts';
import { alertCameraId } from '../../../core/api/cameras.ts';
import { toCsv } from '../../../core/csv.ts';
import { type Access, canHandleAlerts, visibleSiteIds } from '../../../core/policy.ts';
import { type AuditActor, auditEach } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { users } from '../../db/schema/accounts.ts';
import { alerts } from '../../db/schema/activity.ts';
import { devices, sites, smartNvrs } from '../../db/schema/inventory.ts';
import { isMuted } from './mutes.ts';

/** The cloud's alerts the caller may see, narrowed by the history's filters. */
function matching(
  cloudId: number,
  access: Access,
  query: AlertHistoryQuery,
  sitesIn: readonly number[] | undefined,
): SQL | undefined {
  const visible = visibleSiteIds(access);
  const healths = healthsOf(query.health);
  const state = {
    open: and(isNull(alerts.resolvedAt), isNull(alerts.acknowledgedAt)),
    acknowledged: and(isNull(alerts.resolvedAt), isNotNull(alerts.acknowledgedAt)),
    resolved: isNotNull(alerts.resolvedAt),
  };
  return and(
    eq(alerts.cloudId, cloudId),
    visible ? (visible.length > 0 ? inArray(alerts.siteId, visible) : sql`false`) : undefined,
    query.type ? eq(alerts.alertType, query.type) : undefined,
    healths && inArray(alerts.healthId, healths),
    query.state && state[query.state],
    query.site_id ? eq(alerts.siteId, query.site_id) : undefined,
    sitesIn ? (sitesIn.length > 0 ? inArray(alerts.siteId, [...sitesIn]) : sql`false`) : undefined,
    query.device_id ? eq(alerts.deviceId, query.device_id) : undefined,
    query.snvr_device_id ? eq(alerts.smartNvrId, query.snvr_device_id) : undefined,
    query.from ? gte(alerts.problemAt, new Date(query.from)) : undefined,
    query.to ? lt(alerts.problemAt, new Date(query.to)) : undefined,
  );
}

const named = (id: number | null, name: string | null) =>
  id === null || name === null ? null : { id, name };
const acknowledger = aliasedTable(users, 'acknowledger');

/**
 * One page of the alert history, newest first (alerts_cloud_problem_idx); `sitesIn` narrows it to those
 * sites (an active site grouping's).
 */
export async function listAlertHistory(
  db: Database,
  cloudId: number,
  access: Access,
  query: AlertHistoryQuery,
  sitesIn?: readonly number[],
): Promise<AlertHistory> {
  const where = matching(cloudId, access, query, sitesIn);
  const rows = await db
    .select({
      id: alerts.id,
      alertType: alerts.alertType,
      healthId: alerts.healthId,
      alertData1: alerts.alertData1,
      alertData2: alerts.alertData2,
      alertData3: alerts.alertData3,
      problemAt: alerts.problemAt,
      resolvedAt: alerts.resolvedAt,
      siteId: alerts.siteId,
      siteName: sites.name,
      deviceId: alerts.deviceId,
      deviceName: devices.name,
      smartNvrId: alerts.smartNvrId,
      smartNvrName: smartNvrs.name,
      alertKey: alerts.alertKey,
      acknowledgedAt: alerts.acknowledgedAt,
      acknowledgedBy: sql<
        string | null
      >`nullif(trim(${acknowledger.firstname} || ' ' || ${acknowledger.lastname}), '')`,
      acknowledgerEmail: acknowledger.email,
      acknowledgeComment: alerts.acknowledgeComment,
      muted: isMuted,
    })
    .from(alerts)
    .leftJoin(sites, eq(sites.id, alerts.siteId))
    .leftJoin(devices, eq(devices.id, alerts.deviceId))
    .leftJoin(smartNvrs, eq(smartNvrs.id, alerts.smartNvrId))
    .leftJoin(acknowledger, eq(acknowledger.id, alerts.acknowledgedByUserId))
    .where(where)
    .orderBy(desc(alerts.problemAt), desc(alerts.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    items: rows.map((row) => ({
      id: row.id,
      alert_type: row.alertType,
      health_id: row.healthId,
      alert_data_1: row.alertData1,
      alert_data_2: row.alertData2,
      alert_data_3: row.alertData3,
      problem_at: row.problemAt.toISOString(),
      resolved_at: row.resolvedAt?.toISOString() ?? null,
      site: named(row.siteId, row.siteName),
      device: named(row.deviceId, row.deviceName),
      smartnvr: named(row.smartNvrId, row.smartNvrName),
      camera_id: alertCameraId(row.alertType, row.alertKey),
      acknowledged: row.acknowledgedAt && {
        at: row.acknowledgedAt.toISOString(),
        by: row.acknowledgedBy ?? row.acknowledgerEmail,
        comment: row.acknowledgeComment ?? '',
      },
      can_acknowledge: !row.acknowledgedAt && canHandleAlerts(access, row.siteId),
      can_mute: (row.deviceId !== null || row.smartNvrId !== null) && canHandleAlerts(access, row.siteId),
      muted: row.muted,
    })),
    ...(await countCapped(db, alerts, where, query)),
  };
}

/**
 * Acknowledges the alerts the caller may acknowledge among those asked (the others are left alone and
 * not counted); one already acknowledged keeps its first acknowledgement.
 */
export async function acknowledgeAlerts(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  access: Access & { userId: number },
  alertIds: number[],
  comment: string,
): Promise<number> {
  const candidates = await db
    .select({ id: alerts.id, siteId: alerts.siteId })
    .from(alerts)
    .where(and(eq(alerts.cloudId, cloudId), inArray(alerts.id, alertIds), isNull(alerts.acknowledgedAt)));
  const allowed = candidates
    .filter((alert) => canHandleAlerts(access, alert.siteId))
    .map((alert) => alert.id);
  if (allowed.length === 0) return 0;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(alerts)
      .set({
        acknowledgedAt: sql`now()`,
        acknowledgedByUserId: access.userId,
        acknowledgeComment: comment.trim(),
      })
      .where(and(inArray(alerts.id, allowed), isNull(alerts.acknowledgedAt)))
      .returning({ id: alerts.id, type: alerts.alertType });
    await auditEach(
      tx,
      actor,
      updated.map((alert) => ({
        cloudId,
        action: 'changed' as const,
        objectType: 'alert' as const,
        objectId: alert.id,
        objectName: alert.type,
        after: { acknowledged: true, comment: comment.trim() },
      })),
    );
    return updated.length;
  });
}

/** The history as a spreadsheet reads it: one alert per line, names rather than ids where there are names. */
export function alertsCsv(items: AlertHistoryItem[]): string {
  return toCsv(
    [
      'id',
      'raised_at',
      'resolved_at',
      'health',
      'type',
      'site',
      'device',
      'smart_nvr',
      'data_1',
      'data_2',
      'data_3',
      'acknowledged_at',
      'acknowledged_by',
      'comment',
      'muted',
    ],
    items.map((alert) => [
      alert.id,
      alert.problem_at,
      alert.resolved_at,
      alert.health_id,
      alert.alert_type,
      alert.site?.name ?? null,
      alert.device?.name ?? null,
      alert.smartnvr?.name ?? null,
      alert.alert_data_1,
      alert.alert_data_2,
      alert.alert_data_3,
      alert.acknowledged?.at ?? null,
      alert.acknowledged?.by ?? null,
      alert.acknowledged?.comment ?? null,
      alert.muted ? 'yes' : 'no',
    ]),
  );
}
