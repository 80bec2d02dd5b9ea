import { sql } from 'drizzle-orm';
import type { RegisterDeviceBody, RegisteredDevice } from '../../../core/api/devices.ts';
import { productBrand } from '../../../core/product-catalogue.ts';
import { normalizeMac } from '../../../core/search.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { errors, type ValidationIssue } from '../../errors.ts';

const issue = (path: string, errorCode: string, message: string): ValidationIssue => ({
  errorCode,
  location: 'body',
  path,
  message,
});

/**
 * Registers a device into a live site of the cloud. Serial numbers and MAC addresses are unique among
 * live devices of every cloud: a device belongs to one cloud at a time. When the device calls home
 * (agent API adoption) it gets its credential.
 */
export async function register(
  db: Database,
  cloudId: number,
  body: RegisterDeviceBody,
): Promise<RegisteredDevice | 'no_site'> {
  const brand = productBrand(body.productBrandId);
  const mac = normalizeMac(body.mac);
  const problems: ValidationIssue[] = [];
  if (!brand) problems.push(issue('/productBrandId', 'unknown_product', 'is not a known product'));
  if (!mac) problems.push(issue('/mac', 'invalid_mac', 'is not a MAC address'));
  if (brand?.productType === 'smartnvr') {
    problems.push(
      issue('/productBrandId', 'not_a_site_device', 'A smart NVR belongs to the cloud, not to a site.'),
    );
  }
  if (!brand || !mac || problems.length > 0) throw errors.validation(problems);
  const sn = body.sn.toUpperCase();
  const name = body.name?.trim() || `${brand.productBrandSku} ${mac.slice(-5).replace(':', '')}`;
  return db.transaction(async (tx) => {
    const [site] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM sites WHERE id = ${body.siteId} AND cloud_id = ${cloudId} AND deleted_at IS NULL FOR SHARE`,
    );
    if (!site) return 'no_site' as const;
    // Serialises registrations of one address or serial number, so two at once cannot both pass the check.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${mac})), pg_advisory_xact_lock(hashtext(${sn}))`,
    );
    const taken = await queryRows<{ sn: string; mac: string }>(
      tx,
      sql`SELECT sn, mac FROM devices WHERE (mac = ${mac} OR sn = ${sn}) AND deleted_at IS NULL
        UNION ALL SELECT sn, mac FROM smart_nvrs WHERE (mac = ${mac} OR sn = ${sn}) AND deleted_at IS NULL`,
    );
    if (taken.some((row) => row.mac === mac)) {
      throw errors.validation([
        issue('/mac', 'duplicate', 'A device with this MAC address is already registered.'),
      ]);
    }
    if (taken.length > 0) {
      throw errors.validation([
        issue('/sn', 'duplicate', 'A device with this serial number is already registered.'),
      ]);
    }
    const [device] = await queryRows<RegisteredDevice>(
      tx,
      sql`
      INSERT INTO devices (cloud_id, site_id, name, sn, mac, product_brand_id, product_id, product_type)
      VALUES (${cloudId}, ${site.id}, ${name}, ${sn}, ${mac}, ${brand.productBrandId}, ${brand.productId}, ${brand.productType})
      RETURNING id, name, site_id, sn, mac, product_brand_id, product_type`,
    );
    return device as RegisteredDevice;
  });
}
