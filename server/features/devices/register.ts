import { sql } from 'drizzle-orm';
import { deviceMac } from '../../../core/api/device-registration.ts';
import type { RegisterDeviceBody, RegisteredDevice } from '../../../core/api/devices.ts';
import { brandConfigType } from '../../../core/config/config-type.ts';
import { type ProductBrand, productBrand } from '../../../core/product-catalogue.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { errors, type ValidationIssue } from '../../errors.ts';

const issue = (path: string, errorCode: string, message: string): ValidationIssue => ({
  errorCode,
  location: 'body',
  path,
  message,
});

/** A registration whose model and address were checked. */
export type CheckedRegistration = {
  siteId: number;
  brand: ProductBrand;
  mac: string;
  sn: string;
  name: string;
};

/** A device's name when the operator gives none: the model's SKU and the end of the MAC address. */
export const defaultDeviceName = (brand: ProductBrand, mac: string) =>
  `${brand.productBrandSku} ${mac.slice(-5).replace(':', '')}`;

/** Checks the model and MAC address of a registration; a 400 naming each problem otherwise. */
export function checkRegistration(body: RegisterDeviceBody): CheckedRegistration {
  const brand = productBrand(body.product_brand_id);
  const mac = deviceMac(body.mac);
  const problems: ValidationIssue[] = [];
  if (!brand) problems.push(issue('/product_brand_id', 'unknown_product', 'is not a known product'));
  if (!mac) problems.push(issue('/mac', 'invalid_mac', 'is not a MAC address'));
  if (brand?.productType === 'smartnvr') {
    problems.push(
      issue('/product_brand_id', 'not_a_site_device', 'A smart NVR belongs to the cloud, not to a site.'),
    );
  }
  if (!brand || !mac || problems.length > 0) throw errors.validation(problems);
  return {
    siteId: body.site_id,
    brand,
    mac,
    sn: body.sn.toUpperCase(),
    name: body.name?.trim() || defaultDeviceName(brand, mac),
  };
}

// Registrations lock the MAC addresses and serial numbers they add, hashed into this many keys: an import
// of thousands of rows takes a bounded number of locks, and two registrations of one address never pass
// the duplicate check together.
const IDENTITY_LOCKS = 1024;
const IDENTITY_LOCK_CLASS = 7301;

/** Serialises registrations of the same MAC addresses and serial numbers until the transaction ends. */
export async function lockIdentities(tx: Database, identities: readonly string[]): Promise<void> {
  if (identities.length === 0) return;
  // In one order, so two transactions never wait for each other's locks.
  await tx.execute(sql`
    SELECT pg_advisory_xact_lock(${IDENTITY_LOCK_CLASS}, k)
    FROM (SELECT DISTINCT abs(hashtext(x) % ${IDENTITY_LOCKS}) AS k FROM jsonb_array_elements_text(${JSON.stringify(identities)}::jsonb) x) keys
    ORDER BY k`);
}

/** The row the change log keeps of a registered device. */
export const registeredValues = (device: RegisteredDevice) => ({
  name: device.name,
  site_id: device.site_id,
  sn: device.sn,
  mac: device.mac,
  product_brand_id: device.product_brand_id,
});

/**
 * Registers a checked device into a live site of the cloud, inside the caller's transaction, with its
 * change log record. Serial numbers and MAC addresses are unique among the cloud's live devices and smart
 * NVRs. Another cloud's are never looked at, so a registration says nothing about other clouds: two clouds
 * may claim one device, and it adopts into the one whose onboarding key it presents or whose member
 * approves it (docs/security.md, Adoption).
 */
export async function registerIn(
  tx: Database,
  cloudId: number,
  device: CheckedRegistration,
  actor: AuditActor,
): Promise<RegisteredDevice | 'no_site'> {
  const [site] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM sites WHERE id = ${device.siteId} AND cloud_id = ${cloudId} AND deleted_at IS NULL FOR SHARE`,
  );
  if (!site) return 'no_site';
  const { brand, mac, sn, name } = device;
  await lockIdentities(tx, [mac, sn]);
  const taken = await queryRows<{ sn: string; mac: string }>(
    tx,
    sql`SELECT sn, mac FROM devices
      WHERE cloud_id = ${cloudId} AND (mac = ${mac} OR sn = ${sn}) AND deleted_at IS NULL
      UNION ALL SELECT sn, mac FROM smart_nvrs
      WHERE cloud_id = ${cloudId} AND (mac = ${mac} OR sn = ${sn}) AND deleted_at IS NULL`,
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
  const [added] = await queryRows<RegisteredDevice>(
    tx,
    sql`
    INSERT INTO devices (cloud_id, site_id, name, sn, mac, product_brand_id, product_id, product_type,
      config_type)
    VALUES (${cloudId}, ${site.id}, ${name}, ${sn}, ${mac}, ${brand.productBrandId}, ${brand.productId},
      ${brand.productType}, ${brandConfigType(brand)})
    RETURNING id, name, site_id, sn, mac, product_brand_id, product_type`,
  );
  if (!added) throw new Error('device not registered');
  await audit(tx, actor, {
    cloudId,
    action: 'created',
    objectType: 'device',
    objectId: added.id,
    objectName: added.name,
    after: registeredValues(added),
  });
  return added;
}

/** Registers a device into a live site of the cloud; when it calls home (agent API adoption) it gets its credential. */
export async function register(
  db: Database,
  cloudId: number,
  body: RegisterDeviceBody,
  actor: AuditActor,
): Promise<RegisteredDevice | 'no_site'> {
  const device = checkRegistration(body);
  return db.transaction((tx) => registerIn(tx, cloudId, device, actor));
}
