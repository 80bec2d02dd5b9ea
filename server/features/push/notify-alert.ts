import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AlertType } from '../../../core/domain.ts';
import { visibleSiteIds } from '../../../core/policy.ts';
import type { Database } from '../../db/connect.ts';
import { userAlertPreferences, users } from '../../db/schema/accounts.ts';
import { clouds, membershipSites, memberships } from '../../db/schema/clouds.ts';
import { devices, sites, smartNvrs } from '../../db/schema/inventory.ts';
import { alertPushMessage } from './alert-message.ts';
import { type PushContext, type PushOutcome, sendPush } from './send-push.ts';

/** The alert as the pipeline stored it (a row of the alerts table). */
export type NewAlert = {
  id: number;
  cloudId: number;
  siteId: number | null;
  deviceId: number | null;
  smartNvrId: number | null;
  alertType: AlertType;
};

/**
 * Members of the alert's cloud with push alerts on who may see it: the recent-alerts rule (core/policy.ts
 * visibleSiteIds: a Site User only sees alerts of assigned sites) and not for a type they chose to hide.
 */
export async function alertRecipients(db: Database, alert: NewAlert): Promise<number[]> {
  const members = await db
    .select({
      userId: memberships.userId,
      roleId: memberships.roleId,
      permissions: memberships.permissions,
      displayAlert: userAlertPreferences.displayAlert,
    })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.userId), isNull(users.deletedAt)))
    .leftJoin(
      userAlertPreferences,
      and(
        eq(userAlertPreferences.userId, memberships.userId),
        eq(userAlertPreferences.name, alert.alertType),
      ),
    )
    .where(and(eq(memberships.cloudId, alert.cloudId), eq(memberships.pushAlerts, true)));
  const siteUserIds = members.filter((m) => m.roleId === 'ROLE_USER').map((m) => m.userId);
  const assignments =
    siteUserIds.length === 0
      ? []
      : await db
          .select({
            userId: membershipSites.userId,
            siteId: membershipSites.siteId,
            permissions: membershipSites.permissions,
          })
          .from(membershipSites)
          .where(
            and(eq(membershipSites.cloudId, alert.cloudId), inArray(membershipSites.userId, siteUserIds)),
          );
  return members
    .filter((member) => member.displayAlert !== false)
    .filter((member) => {
      const siteIds = visibleSiteIds({
        ...member,
        sites: assignments.filter((assignment) => assignment.userId === member.userId),
      });
      return siteIds === null || (alert.siteId !== null && siteIds.includes(alert.siteId));
    })
    .map((member) => member.userId);
}

/** Joins the row the alert names; an alert without one joins nothing. */
const named = (column: AnyPgColumn, id: number | null): SQL => (id === null ? sql`false` : eq(column, id));

async function alertFacts(db: Database, alert: NewAlert) {
  const [row] = await db
    .select({
      cloudName: clouds.name,
      siteName: sites.name,
      deviceName: devices.name,
      nvrName: smartNvrs.name,
    })
    .from(clouds)
    .leftJoin(sites, named(sites.id, alert.siteId))
    .leftJoin(devices, named(devices.id, alert.deviceId))
    .leftJoin(smartNvrs, named(smartNvrs.id, alert.smartNvrId))
    .where(eq(clouds.id, alert.cloudId));
  return row ?? null;
}

/** Called by the alert pipeline for each new alert: a push to every member who wants it and may see it. */
export async function notifyAlert(ctx: PushContext, alert: NewAlert): Promise<PushOutcome> {
  const recipients = await alertRecipients(ctx.db, alert);
  const facts = recipients.length > 0 ? await alertFacts(ctx.db, alert) : null;
  if (!facts) return { sent: 0, failed: 0, removed: 0 };
  const message = alertPushMessage({
    id: alert.id,
    cloudId: alert.cloudId,
    alertType: alert.alertType,
    cloudName: facts.cloudName,
    siteName: facts.siteName,
    objectName: facts.deviceName ?? facts.nvrName,
  });
  return sendPush(ctx, recipients, message);
}
