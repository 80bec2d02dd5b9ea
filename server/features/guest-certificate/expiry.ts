// docs/guest-access.md#certificate-and-nas: once a cloud's certificate has 30 days or fewer left, the
// console raises GUEST_CERT_EXPIRING once for it (expiry_alerted_at); a new certificate is due again.
import { sql } from 'drizzle-orm';
import { CERTIFICATE_WARN_DAYS } from '../../../core/api/guest-certificate.ts';
import { certificateExpiringAlertData } from '../../../core/fleet/alert-rules.ts';
import type { PeriodicJob } from '../../background/runner.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { publishLive } from '../../events/publish.ts';
import type { Fleet } from '../../fleet/fleet.ts';
import { ALERT_RETURNING, type NewAlert } from '../../fleet/new-alert.ts';
import { alertEvent } from '../../fleet/store-outcomes.ts';

/** How often the certificates are looked at: a day's warning either way is an hour late at most. */
export const CERTIFICATE_CHECK_EVERY_MS = 60 * 60_000;

/**
 * Raises the expiry alert of each certificate of a cloud with AuthPort on that ends within 30 days and has
 * not had it yet, and marks it raised in the same transaction: each certificate raises it once.
 */
export async function raiseCertificateExpiry(db: Database, now: Date): Promise<NewAlert[]> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{ cloud_id: number; subject: string; not_after: string | Date }>(
      tx,
      sql`
      UPDATE guest_certificates c SET expiry_alerted_at = ${now.toISOString()}
      FROM clouds
      WHERE clouds.id = c.cloud_id AND clouds.authport_enabled AND c.expiry_alerted_at IS NULL
        AND c.not_after <= ${now.toISOString()}::timestamptz + make_interval(days => ${CERTIFICATE_WARN_DAYS})
      RETURNING c.cloud_id, c.subject, c.not_after`,
    );
    const alerts: NewAlert[] = [];
    for (const certificate of due) {
      const [data1, data2, data3] = certificateExpiringAlertData(
        { subject: certificate.subject, notAfter: new Date(certificate.not_after) },
        now,
      );
      // An event of the cloud, on no site or device: stored resolved, as it holds no health down.
      const [alert] = await queryRows<NewAlert>(
        tx,
        sql`
        INSERT INTO alerts (cloud_id, alert_type, alert_data1, alert_data2, alert_data3, health_id,
          problem_at, resolved_at)
        VALUES (${certificate.cloud_id}, 'GUEST_CERT_EXPIRING', ${data1}, ${data2}, ${data3}, 'HEALTH_WARNING',
          ${now.toISOString()}, ${now.toISOString()})
        RETURNING ${ALERT_RETURNING}`,
      );
      if (alert) alerts.push(alert);
    }
    await publishLive(
      tx,
      alerts.map((alert) => alertEvent(alert, 'raised')),
    );
    return alerts;
  });
}

/** The certificate check, its alerts pushed and mailed as the fleet's are. */
export function guestCertificateJobs(db: Database, fleet: Pick<Fleet, 'notify'>): PeriodicJob[] {
  return [
    {
      name: 'guest-certificate-expiry',
      everyMs: CERTIFICATE_CHECK_EVERY_MS,
      run: async (now) => {
        const alerts = await raiseCertificateExpiry(db, now);
        if (alerts.length > 0) fleet.notify(alerts);
      },
    },
  ];
}
