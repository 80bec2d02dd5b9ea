// A cloud's onboarding key (docs/security.md, Adoption): the secret a device presents when it calls home,
// which its label does not carry. Members who may register devices read it; a rotation makes a new one at
// once, and the old one stops working.
import { sql } from 'drizzle-orm';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';

export async function readOnboardingKey(db: Database, cloudId: number): Promise<string> {
  const [cloud] = await queryRows<{ onboarding_key: string }>(
    db,
    sql`SELECT onboarding_key FROM clouds WHERE id = ${cloudId}`,
  );
  if (!cloud) throw new Error(`cloud ${cloudId} has no onboarding key`);
  return cloud.onboarding_key;
}

/** Replaces the key with a new random one, with its change log record (which never holds a key). */
export async function rotateOnboardingKey(db: Database, cloudId: number, actor: AuditActor): Promise<string> {
  return db.transaction(async (tx) => {
    const [cloud] = await queryRows<{ onboarding_key: string; name: string }>(
      tx,
      sql`UPDATE clouds SET onboarding_key = DEFAULT, updated_at = now() WHERE id = ${cloudId}
        RETURNING onboarding_key, name`,
    );
    if (!cloud) throw new Error(`cloud ${cloudId} not found`);
    await audit(tx, actor, {
      cloudId,
      action: 'onboarding_key_rotated',
      objectType: 'cloud',
      objectId: cloudId,
      objectName: cloud.name,
    });
    return cloud.onboarding_key;
  });
}
