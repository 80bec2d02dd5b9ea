import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { licenses } from '../../db/schema/clouds.ts';
import { smartNvrs } from '../../db/schema/inventory.ts';

/** A live smart NVR of the cloud holding an unexpired smart NVR license, lowest id first (licenses_cloud_idx). */
export async function findLicensedSmartNvr(db: Database, cloudId: number, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ id: smartNvrs.id })
    .from(licenses)
    .innerJoin(smartNvrs, eq(smartNvrs.id, licenses.smartNvrId))
    .where(
      and(
        eq(licenses.cloudId, cloudId),
        eq(licenses.kind, 'smartnvr'),
        or(isNull(licenses.expiresAt), gt(licenses.expiresAt, now)),
        eq(smartNvrs.cloudId, cloudId),
        isNull(smartNvrs.deletedAt),
      ),
    )
    .orderBy(asc(smartNvrs.id))
    .limit(1);
  return row?.id ?? null;
}
