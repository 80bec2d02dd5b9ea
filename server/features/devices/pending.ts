// Devices that called home without being registered (server/fleet/adopt.ts keeps them), and adopting one
// into a site: a registration with the address and model it reported.
import { sql } from 'drizzle-orm';
import type { AdoptPendingBody, PendingDevicesResponse } from '../../../core/api/device-registration.ts';
import type { RegisteredDevice } from '../../../core/api/devices.ts';
import { PRODUCT_CATALOGUE, productBrand } from '../../../core/product-catalogue.ts';
import type { AuditActor } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { errors } from '../../errors.ts';
import { checkRegistration, registerIn } from './register.ts';

// A smart NVR belongs to the cloud, not to a site: it cannot be adopted into one.
const RECORDER_BRANDS = PRODUCT_CATALOGUE.filter((brand) => brand.productType === 'smartnvr').map(
  (brand) => brand.productBrandId,
);

// Pending devices whose MAC address an operator has since registered are no longer waiting.
const WAITING = sql`p.product_brand_id <> ALL(${`{${RECORDER_BRANDS.join(',')}}`}::int[])
  AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.mac = p.mac AND d.deleted_at IS NULL)`;

type PendingRow = Omit<PendingDevicesResponse['items'][number], 'product_name'>;

/** One page of the devices waiting to be adopted, the most recent callers first. */
export async function listPendingDevices(
  db: Database,
  page: { offset: number; limit: number },
): Promise<PendingDevicesResponse> {
  const rows = await queryRows<PendingRow>(
    db,
    sql`
    SELECT p.id, p.mac, p.product_brand_id, p.fw, p.mgmtd_version, p.calls,
      to_char(p.first_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS first_seen_at,
      to_char(p.last_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_seen_at
    FROM pending_devices p WHERE ${WAITING}
    ORDER BY p.last_seen_at DESC, p.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  // The table keeps 10,000 callers at most (PENDING_DEVICES_KEPT), so counting them all is cheap.
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM pending_devices p WHERE ${WAITING}`,
  );
  return {
    items: rows.map((row) => ({ ...row, product_name: productBrand(row.product_brand_id)?.name ?? null })),
    total: count?.n ?? 0,
    totalCapped: false,
  };
}

/**
 * Registers a pending device into a site with the MAC address and model it reported, once the serial
 * number typed matches the one it reported; it gets its credential when it next calls home.
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
      sql`SELECT sn, mac, product_brand_id FROM pending_devices p WHERE id = ${body.pendingId} AND ${WAITING} FOR UPDATE`,
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
      siteId: body.siteId,
      sn: pending.sn,
      mac: pending.mac,
      productBrandId: pending.product_brand_id,
      name: body.name,
    });
    const registered = await registerIn(tx, cloudId, device, actor);
    if (registered !== 'no_site')
      await tx.execute(sql`DELETE FROM pending_devices WHERE id = ${body.pendingId}`);
    return registered;
  });
}
