// Resetting a device's or smart NVR's credential (docs/security.md, Adoption): its agent keeps its history
// but holds no credential, so the old one is refused at once and the device can be adopted again, with the
// cloud's onboarding key or a member's approval.
import { sql } from 'drizzle-orm';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';

export type ResetTarget = { kind: 'device' | 'smart_nvr'; id: number };

/** What the route checks before the reset: where the object is and whether it holds a credential. */
export type ResetSubject = { name: string; siteId: number | null; adopted: boolean };

/**
 * Revokes the credential of a live device or smart NVR of the cloud. `allow` throws when the caller may not
 * (it is given the object first); 'no_object' when there is none, 'no_credential' when it holds none.
 */
export async function resetCredential(
  db: Database,
  cloudId: number,
  target: ResetTarget,
  actor: AuditActor,
  allow: (subject: ResetSubject) => void,
): Promise<'reset' | 'no_object' | 'no_credential'> {
  return db.transaction(async (tx) => {
    const device = target.kind === 'device';
    const [subject] = await queryRows<{ name: string; site_id: number | null; agent_id: number | null }>(
      tx,
      device
        ? sql`SELECT d.name, s.id AS site_id, a.id AS agent_id FROM devices d
            LEFT JOIN sites s ON s.id = d.site_id AND s.cloud_id = d.cloud_id AND s.deleted_at IS NULL
            LEFT JOIN device_agents a ON a.device_id = d.id AND a.credential_hash IS NOT NULL
            WHERE d.id = ${target.id} AND d.cloud_id = ${cloudId} AND d.deleted_at IS NULL FOR UPDATE OF d`
        : sql`SELECT n.name, NULL::int AS site_id, a.id AS agent_id FROM smart_nvrs n
            LEFT JOIN device_agents a ON a.smart_nvr_id = n.id AND a.credential_hash IS NOT NULL
            WHERE n.id = ${target.id} AND n.cloud_id = ${cloudId} AND n.deleted_at IS NULL FOR UPDATE OF n`,
    );
    if (!subject) return 'no_object' as const;
    allow({ name: subject.name, siteId: subject.site_id, adopted: subject.agent_id !== null });
    if (subject.agent_id === null) return 'no_credential' as const;
    await tx.execute(sql`
      UPDATE device_agents SET credential_hash = NULL, version = version + 1 WHERE id = ${subject.agent_id}`);
    await audit(tx, actor, {
      cloudId,
      action: 'credential_reset',
      objectType: device ? 'device' : 'smart_nvr',
      objectId: target.id,
      objectName: subject.name,
    });
    return 'reset' as const;
  });
}
