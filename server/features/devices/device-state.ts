// Unblocking and recommissioning a device: a blocked device's credential is refused and a decommissioned
// one leaves the device list; either takes no task until a member who may change its state brings it back.
// Each change is one change log record, which the dashboard reads to say who changed it and when.
import { sql } from 'drizzle-orm';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';

/** The flag a change clears: `blocked` for unblock, `decomm` for recommission. */
export type DeviceStateFlag = 'blocked' | 'decomm';

/**
 * Clears the flag on a live device of the cloud, with a change log record; nothing is written when it is
 * not set (the call may be repeated). `allow` throws when the caller may not (it is given the device's site
 * first); 'no_object' when there is no such device.
 */
export async function clearDeviceFlag(
  db: Database,
  cloudId: number,
  deviceId: number,
  flag: DeviceStateFlag,
  actor: AuditActor,
  allow: (siteId: number | null) => void,
): Promise<'changed' | 'unchanged' | 'no_object'> {
  return db.transaction(async (tx) => {
    const [device] = await queryRows<{ name: string; site_id: number | null; set: boolean }>(
      tx,
      sql`SELECT d.name, s.id AS site_id, d.${sql.raw(flag)} AS set FROM devices d
        LEFT JOIN sites s ON s.id = d.site_id AND s.cloud_id = d.cloud_id AND s.deleted_at IS NULL
        WHERE d.id = ${deviceId} AND d.cloud_id = ${cloudId} AND d.deleted_at IS NULL FOR UPDATE OF d`,
    );
    if (!device) return 'no_object' as const;
    allow(device.site_id);
    if (!device.set) return 'unchanged' as const;
    await tx.execute(
      sql`UPDATE devices SET ${sql.raw(flag)} = false, updated_at = now() WHERE id = ${deviceId}`,
    );
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'device',
      objectId: deviceId,
      objectName: device.name,
      before: { [flag]: true },
      after: { [flag]: false },
    });
    return 'changed' as const;
  });
}

/** Who set the flag and when, by the latest change log record that set it; null when none says. */
export async function flagSetBy(
  db: Database,
  cloudId: number,
  deviceId: number,
  flag: DeviceStateFlag,
): Promise<{ by: string | null; at: string } | null> {
  // audit_records_object_idx finds the device's records; a device has few.
  const [record] = await queryRows<{ actor_email: string; at: Date | string }>(
    db,
    sql`SELECT actor_email, at FROM audit_records
      WHERE cloud_id = ${cloudId} AND object_type = 'device' AND object_id = ${String(deviceId)}
        AND after ->> ${flag} = 'true'
      ORDER BY at DESC, id DESC LIMIT 1`,
  );
  if (!record) return null;
  // A change the console made on its own names nobody.
  return { by: record.actor_email || null, at: new Date(record.at).toISOString() };
}
