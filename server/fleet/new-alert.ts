// The alert model of the fleet pipeline: what each stored alert is called by everything that follows it
// (live events, push and mail notification, task and device changes that raise alerts).
import { sql } from 'drizzle-orm';
import type { AlertType } from '../../core/domain.ts';

/** The alert as the pipeline stored it (a row of the alerts table). */
export type NewAlert = {
  id: number;
  cloudId: number;
  siteId: number | null;
  deviceId: number | null;
  smartNvrId: number | null;
  alertType: AlertType;
};

/** The RETURNING list of an alerts INSERT that answers NewAlert rows. */
export const ALERT_RETURNING = sql`id, cloud_id AS "cloudId", site_id AS "siteId", device_id AS "deviceId",
  smart_nvr_id AS "smartNvrId", alert_type AS "alertType"`;
