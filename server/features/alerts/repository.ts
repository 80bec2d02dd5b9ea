import { and, count, desc, eq, gt, inArray, isNull, lte, not, type SQL, sql } from 'drizzle-orm';
import { type Alert, DEFAULT_ALERT_PREFERENCE } from '../../../core/api/alerts.ts';
import { alertCameraId } from '../../../core/api/cameras.ts';
import { RECENT_ALERTS_DAYS } from '../../../core/constants.ts';
import { ALERT_TYPES, type AlertType } from '../../../core/domain.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { userAlertPreferences } from '../../db/schema/accounts.ts';
import { alerts } from '../../db/schema/activity.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { devices, sites, smartNvrs } from '../../db/schema/inventory.ts';
import { hasMutesSince, isMuted } from './mutes.ts';

/** Whose alerts: the cloud, the sites the caller may see (null = all) and when they last viewed alerts. */
export type AlertScope = { cloudId: number; siteIds: number[] | null; viewedAt: Date | null };

/**
 * The cloud's alerts of the last 7 days the caller may see, outside maintenance windows
 * (alerts_cloud_problem_idx). An alert within a window stays in the history but raises no badge or toast;
 * windows are checked alert by alert only when one touched those days, which is rare.
 */
async function recentAndVisible(db: Database, scope: AlertScope): Promise<SQL> {
  const since = sql`now() - make_interval(days => ${RECENT_ALERTS_DAYS})`;
  const conditions = [eq(alerts.cloudId, scope.cloudId), sql`${alerts.problemAt} >= ${since}`];
  if (await hasMutesSince(db, scope.cloudId, since)) conditions.push(not(isMuted));
  if (scope.siteIds)
    conditions.push(scope.siteIds.length > 0 ? inArray(alerts.siteId, scope.siteIds) : sql`false`);
  return and(...conditions) as SQL;
}

/** docs/api.md#the-calls recent alerts, newest first; viewed when raised at or before the caller's viewed-at time. */
export async function listRecentAlerts(db: Database, scope: AlertScope, limit: number): Promise<Alert[]> {
  const { viewedAt } = scope;
  const rows = await db
    .select({
      id: alerts.id,
      alertType: alerts.alertType,
      alertData1: alerts.alertData1,
      alertData2: alerts.alertData2,
      alertData3: alerts.alertData3,
      healthId: alerts.healthId,
      // Compared in SQL, like the totals, so both agree to the microsecond.
      isViewed: viewedAt ? sql<boolean>`${lte(alerts.problemAt, viewedAt)}` : sql<boolean>`false`,
      problemAt: alerts.problemAt,
      siteId: alerts.siteId,
      siteName: sites.name,
      deviceId: alerts.deviceId,
      deviceName: devices.name,
      smartNvrId: alerts.smartNvrId,
      smartNvrName: smartNvrs.name,
      alertKey: alerts.alertKey,
      cloudId: alerts.cloudId,
    })
    .from(alerts)
    .leftJoin(sites, eq(sites.id, alerts.siteId))
    .leftJoin(devices, eq(devices.id, alerts.deviceId))
    .leftJoin(smartNvrs, eq(smartNvrs.id, alerts.smartNvrId))
    .where(await recentAndVisible(db, scope))
    .orderBy(desc(alerts.problemAt), desc(alerts.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    alert_type: row.alertType,
    alert_data_1: row.alertData1,
    alert_data_2: row.alertData2,
    alert_data_3: row.alertData3,
    health_id: row.healthId,
    is_viewed: row.isViewed,
    problem_at: row.problemAt.toISOString(),
    site_id: row.siteId,
    site_name: row.siteName,
    attrs: {
      device_id: row.deviceId,
      device_name: row.deviceName,
      snvr_device_id: row.smartNvrId,
      snvr_device_name: row.smartNvrName,
      camera_id: alertCameraId(row.alertType, row.alertKey),
      cloud_id: row.cloudId,
    },
  }));
}

/** Recent visible alerts raised after the caller last viewed alerts (all of them when never viewed). */
export async function countNotViewed(db: Database, scope: AlertScope): Promise<number> {
  const notViewed = scope.viewedAt ? gt(alerts.problemAt, scope.viewedAt) : undefined;
  const [row] = await db
    .select({ total: count() })
    .from(alerts)
    .where(and(await recentAndVisible(db, scope), notViewed));
  return row?.total ?? 0;
}

/** Whether the caller sees exactly one live site of the cloud (sites_cloud_name_idx). */
export async function seesOneSiteOnly(
  db: Database,
  cloudId: number,
  siteIds: number[] | null,
): Promise<boolean> {
  if (siteIds && siteIds.length === 0) return false;
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(
        eq(sites.cloudId, cloudId),
        isNull(sites.deletedAt),
        siteIds ? inArray(sites.id, siteIds) : undefined,
      ),
    )
    .limit(2);
  return rows.length === 1;
}

/** docs/decisions.md: the alerts viewed-at time is the caller's own, per cloud. */
export async function markAlertsViewed(db: Database, userId: number, cloudId: number): Promise<void> {
  await db
    .update(memberships)
    // Whole milliseconds, so the time read back into a JS date is exactly the stored one.
    .set({ alertsViewedAt: sql`date_trunc('milliseconds', now())` })
    .where(and(eq(memberships.userId, userId), eq(memberships.cloudId, cloudId)));
}

export type StoredAlertPreference = { name: AlertType; alertCount: number; displayAlert: boolean };

/** One preference per alert type: the stored one, else the default. */
export async function listAlertPreferences(db: Database, userId: number): Promise<StoredAlertPreference[]> {
  const rows = await db
    .select({
      name: userAlertPreferences.name,
      alertCount: userAlertPreferences.alertCount,
      displayAlert: userAlertPreferences.displayAlert,
    })
    .from(userAlertPreferences)
    .where(eq(userAlertPreferences.userId, userId));
  const stored = new Map(rows.map((row) => [row.name, row]));
  return ALERT_TYPES.map((name) => {
    const row = stored.get(name);
    return row
      ? { name, alertCount: row.alertCount, displayAlert: row.displayAlert }
      : { name, ...DEFAULT_ALERT_PREFERENCE };
  });
}

/**
 * Saves the preference. Hiding or showing a type also decides whether its alerts notify the person, so
 * that change is kept in the change log.
 */
export async function saveAlertPreference(
  db: Database,
  actor: AuditActor & { userId: number },
  preference: StoredAlertPreference,
): Promise<StoredAlertPreference> {
  const { userId } = actor;
  const values = { alertCount: preference.alertCount, displayAlert: preference.displayAlert };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ displayAlert: userAlertPreferences.displayAlert })
      .from(userAlertPreferences)
      .where(and(eq(userAlertPreferences.userId, userId), eq(userAlertPreferences.name, preference.name)))
      .for('update');
    await tx
      .insert(userAlertPreferences)
      .values({ userId, name: preference.name, ...values })
      .onConflictDoUpdate({ target: [userAlertPreferences.userId, userAlertPreferences.name], set: values });
    const was = before?.displayAlert ?? DEFAULT_ALERT_PREFERENCE.displayAlert;
    if (was !== values.displayAlert) {
      await audit(tx, actor, {
        cloudId: null,
        objectType: 'user',
        objectId: userId,
        objectName: preference.name,
        action: 'changed',
        before: { displayAlert: was },
        after: { displayAlert: values.displayAlert },
      });
    }
  });
  return { name: preference.name, ...values };
}
