// Devices that called home without getting a credential (server/fleet/adopt.ts keeps them), as one cloud
// sees them (docs/security.md, Adoption): those that named its onboarding key, to adopt into a site, and
// the keyless callers it registered, to approve. No cloud sees the keyless rest.
import { type SQL, sql } from 'drizzle-orm';
import type {
  AdoptPendingBody,
  ApprovePendingBody,
  PendingDevice,
  PendingDevicesResponse,
} from '../../../core/api/device-registration.ts';
import type { RegisteredDevice } from '../../../core/api/devices.ts';
import { type Access, can, visibleSiteIds } from '../../../core/policy.ts';
import { PRODUCT_CATALOGUE, productBrand } from '../../../core/product-catalogue.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { errors } from '../../errors.ts';
import { checkRegistration, registerIn } from './register.ts';

// A smart NVR belongs to the cloud, not to a site: it cannot be adopted into one.
const RECORDER_BRANDS = PRODUCT_CATALOGUE.filter((brand) => brand.productType === 'smartnvr').map(
  (brand) => brand.productBrandId,
);

/** How long an approval holds: the device calls again within a minute; later, the address may be another's. */
const APPROVAL_HOURS = 1;

/** Callers that named the cloud's key and whose MAC address the cloud has not registered since. */
const unregistered = (cloudId: number) => sql`
  p.cloud_id = ${cloudId}
  AND p.product_brand_id <> ALL(${`{${RECORDER_BRANDS.join(',')}}`}::int[])
  AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.cloud_id = ${cloudId} AND d.mac = p.mac AND d.deleted_at IS NULL)`;

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * The cloud's registrations (not blocked, holding no credential) that keyless callers match by MAC address
 * and serial number; the caller's own sites only, and smart NVRs for those who manage them.
 */
function claims(cloudId: number, access: Access) {
  const visible = visibleSiteIds(access);
  const deviceSites = visible === null ? sql`` : sql`AND d.site_id = ANY(${intArray(visible)})`;
  const recorders = can(access, 'manage_snvr')
    ? sql`UNION ALL
      SELECT n.id, n.name, n.mac, upper(n.sn) AS sn, true AS smart_nvr FROM smart_nvrs n
      WHERE n.cloud_id = ${cloudId} AND n.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM device_agents a WHERE a.smart_nvr_id = n.id AND a.credential_hash IS NOT NULL)`
    : sql``;
  return sql`
    SELECT d.id, d.name, d.mac, upper(d.sn) AS sn, false AS smart_nvr FROM devices d
    WHERE d.cloud_id = ${cloudId} AND d.deleted_at IS NULL AND NOT d.blocked AND NOT d.decomm ${deviceSites}
      AND NOT EXISTS (SELECT 1 FROM device_agents a WHERE a.device_id = d.id AND a.credential_hash IS NOT NULL)
    ${recorders}`;
}

/** Every pending device the cloud sees, as list rows. */
function pendingRows(cloudId: number, access: Access) {
  const common = sql`p.id, p.mac, p.product_brand_id, p.fw, p.mgmtd_version, p.calls, p.remote_address,
    ${iso(sql`p.first_seen_at`)} AS first_seen_at, ${iso(sql`p.last_seen_at`)} AS last_seen_at, p.last_seen_at AS seen`;
  return sql`
    SELECT ${common}, 'unregistered' AS state, NULL::jsonb AS registration, NULL AS approved_until
    FROM pending_devices p WHERE ${unregistered(cloudId)}
    UNION ALL
    SELECT ${common}, CASE WHEN a.id IS NULL THEN 'awaiting_approval' ELSE 'approved' END AS state,
      jsonb_build_object('id', r.id, 'name', r.name, 'smart_nvr', r.smart_nvr) AS registration,
      ${iso(sql`a.expires_at`)} AS approved_until
    FROM pending_devices p
    JOIN (${claims(cloudId, access)}) r ON r.mac = p.mac AND r.sn = upper(p.sn)
    LEFT JOIN adoption_approvals a ON a.cloud_id = ${cloudId} AND a.mac = p.mac AND a.sn = r.sn
      AND a.remote_address = p.remote_address AND a.expires_at > now()
    WHERE p.cloud_id IS NULL`;
}

type PendingRow = Omit<PendingDevice, 'product_name'>;

const present = (row: PendingRow): PendingDevice => ({
  id: row.id,
  mac: row.mac,
  product_brand_id: row.product_brand_id,
  product_name: productBrand(row.product_brand_id)?.name ?? null,
  fw: row.fw,
  mgmtd_version: row.mgmtd_version,
  calls: row.calls,
  first_seen_at: row.first_seen_at,
  last_seen_at: row.last_seen_at,
  state: row.state,
  remote_address: row.remote_address,
  registration: row.registration,
  approved_until: row.approved_until,
});

/** One page of the devices waiting in the cloud, the most recent callers first. */
export async function listPendingDevices(
  db: Database,
  cloudId: number,
  access: Access,
  page: { offset: number; limit: number },
): Promise<PendingDevicesResponse> {
  const rows = await queryRows<PendingRow>(
    db,
    sql`SELECT * FROM (${pendingRows(cloudId, access)}) r
      ORDER BY r.seen DESC, r.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  // Keyed callers are kept 10,000 at most per cloud (PENDING_DEVICES_KEPT), so counting them is cheap.
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (${pendingRows(cloudId, access)}) r`,
  );
  return { items: rows.map(present), total: count?.n ?? 0, total_capped: false };
}

/**
 * Registers a device that named the cloud's key into a site with the MAC address and model it reported,
 * once the serial number typed matches the one it reported; it gets its credential when it next calls home.
 */
export async function adoptPending(
  db: Database,
  cloudId: number,
  body: AdoptPendingBody,
  actor: AuditActor,
): Promise<RegisteredDevice | 'no_site' | 'no_device'> {
  return db.transaction(async (tx) => {
    const [pending] = await queryRows<{ sn: string; mac: string; product_brand_id: number }>(
      tx,
      sql`SELECT sn, mac, product_brand_id FROM pending_devices p
        WHERE id = ${body.pending_id} AND ${unregistered(cloudId)} FOR UPDATE`,
    );
    if (!pending) return 'no_device' as const;
    if (pending.sn.toUpperCase() !== body.sn.toUpperCase()) {
      throw errors.validation([
        {
          errorCode: 'serial_mismatch',
          location: 'body',
          path: '/sn',
          message: 'is not the serial number the device reported',
        },
      ]);
    }
    const device = checkRegistration({
      site_id: body.site_id,
      sn: pending.sn,
      mac: pending.mac,
      product_brand_id: pending.product_brand_id,
      name: body.name,
    });
    const registered = await registerIn(tx, cloudId, device, actor);
    if (registered !== 'no_site')
      await tx.execute(sql`DELETE FROM pending_devices WHERE id = ${body.pending_id}`);
    return registered;
  });
}

/** The registration an approval is for, so the route can check the caller's right to it. */
export type Claimed = { id: number; name: string; siteId: number | null; smartNvr: boolean };

/**
 * Approves a keyless caller the cloud registered: calls from the address the member saw get the credential
 * within the hour. `allow` throws when the caller may not approve this registration. 'moved' when the
 * device called from another address since the list was read.
 */
export async function approvePending(
  db: Database,
  cloudId: number,
  access: Access,
  body: ApprovePendingBody,
  actor: AuditActor,
  allow: (claimed: Claimed) => void,
): Promise<PendingDevice | 'no_device' | 'moved'> {
  return db.transaction(async (tx) => {
    const [claimed] = await queryRows<{
      id: number;
      name: string;
      site_id: number | null;
      smart_nvr: boolean;
      mac: string;
      sn: string;
      remote_address: string | null;
    }>(
      tx,
      sql`
      SELECT r.id, r.name, r.site_id, r.smart_nvr, p.mac, r.sn, p.remote_address
      FROM pending_devices p
      JOIN (
        SELECT d.id, d.name, s.id AS site_id, d.mac, upper(d.sn) AS sn, false AS smart_nvr FROM devices d
        LEFT JOIN sites s ON s.id = d.site_id AND s.cloud_id = d.cloud_id AND s.deleted_at IS NULL
        WHERE d.cloud_id = ${cloudId} AND d.deleted_at IS NULL AND NOT d.blocked AND NOT d.decomm
          AND NOT EXISTS (SELECT 1 FROM device_agents a WHERE a.device_id = d.id AND a.credential_hash IS NOT NULL)
        UNION ALL
        SELECT n.id, n.name, NULL, n.mac, upper(n.sn), true FROM smart_nvrs n
        WHERE n.cloud_id = ${cloudId} AND n.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM device_agents a WHERE a.smart_nvr_id = n.id AND a.credential_hash IS NOT NULL)
      ) r ON r.mac = p.mac AND r.sn = upper(p.sn)
      WHERE p.id = ${body.pending_id} AND p.cloud_id IS NULL
      LIMIT 1 FOR UPDATE OF p`,
    );
    if (!claimed) return 'no_device' as const;
    allow({ id: claimed.id, name: claimed.name, siteId: claimed.site_id, smartNvr: claimed.smart_nvr });
    if (claimed.remote_address !== body.remote_address) return 'moved' as const;
    await tx.execute(sql`
      INSERT INTO adoption_approvals (cloud_id, mac, sn, remote_address, approved_by, expires_at)
      VALUES (${cloudId}, ${claimed.mac}, ${claimed.sn}, ${claimed.remote_address}, ${actor.userId},
        now() + make_interval(hours => ${APPROVAL_HOURS}))
      ON CONFLICT (cloud_id, mac) DO UPDATE SET sn = excluded.sn, remote_address = excluded.remote_address,
        approved_by = excluded.approved_by, approved_at = now(), expires_at = excluded.expires_at`);
    await audit(tx, actor, {
      cloudId,
      action: 'adoption_approved',
      objectType: claimed.smart_nvr ? 'smart_nvr' : 'device',
      objectId: claimed.id,
      objectName: claimed.name,
      after: { mac: claimed.mac, remote_address: claimed.remote_address },
    });
    const [row] = await queryRows<PendingRow>(
      tx,
      sql`SELECT * FROM (${pendingRows(cloudId, access)}) r WHERE r.id = ${body.pending_id}`,
    );
    if (!row) throw new Error('approved pending device not listed');
    return present(row);
  });
}
