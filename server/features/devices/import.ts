// Registering many devices from a CSV file: every row is checked, the good ones are added in one
// transaction with their change log records, and each refused row says why.

import { sql } from 'drizzle-orm';
import {
  deviceMac,
  IMPORT_COLUMNS,
  IMPORT_ROWS_MAX,
  type ImportColumn,
  type ImportDevicesResponse,
  type ImportRefusal,
  type ImportRow,
  REQUIRED_IMPORT_COLUMNS,
} from '../../../core/api/device-registration.ts';
import { brandConfigType } from '../../../core/config/config-type.ts';
import { parseCsv } from '../../../core/csv-parse.ts';
import { DEVICE_NAME_MAX_LENGTH } from '../../../core/limits.ts';
import { type Access, canSeeSite, sitePermissions } from '../../../core/policy.ts';
import { PRODUCT_CATALOGUE, type ProductBrand } from '../../../core/product-catalogue.ts';
import type { AuditActor } from '../../audit/record.ts';
import { auditEach } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { jsonRows, queryRows } from '../../db/rows.ts';
import { errors } from '../../errors.ts';
import { defaultDeviceName, lockIdentities } from './register.ts';

const SERIAL = /^[A-Za-z0-9-]{4,40}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused in a name
const CONTROL = /[\u0000-\u001f\u007f]/;

// Models by SKU and by name as the device list shows them, case ignored.
const MODELS = new Map<string, ProductBrand>();
for (const brand of PRODUCT_CATALOGUE) {
  MODELS.set(brand.productBrandSku.toLowerCase(), brand);
  MODELS.set(brand.name.toLowerCase(), brand);
}

const csvIssue = (errorCode: string, message: string) =>
  errors.validation([{ errorCode, location: 'body', path: '/csv', message }]);

/** Where each known column is in the header; a 400 when a required one is missing. */
function readHeader(header: readonly string[]): Partial<Record<ImportColumn, number>> {
  const names = header.map((name) => name.trim().toLowerCase());
  const at: Partial<Record<ImportColumn, number>> = {};
  for (const [column, aliases] of Object.entries(IMPORT_COLUMNS) as [ImportColumn, readonly string[]][]) {
    const index = names.findIndex((name) => aliases.includes(name));
    if (index >= 0) at[column] = index;
  }
  const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => at[column] === undefined);
  if (missing.length > 0) {
    throw csvIssue('missing_columns', `The header lacks the columns: ${missing.join(', ')}.`);
  }
  return at;
}

type Candidate = ImportRow & { brand: ProductBrand | null; siteId: number | null };

/** The rows of an import file as the report lists them, checked against the file itself. */
export function readImportFile(csv: string): Candidate[] {
  const records = parseCsv(csv);
  if (!records) throw csvIssue('unclosed_quote', 'A quoted field is never closed.');
  const [header, ...body] = records;
  if (!header) throw csvIssue('empty', 'The file is empty.');
  const at = readHeader(header);
  const rows = body
    .map((fields, index) => ({ fields, row: index + 1 }))
    .filter(({ fields }) => fields.some((field) => field.trim() !== ''));
  if (rows.length === 0) throw csvIssue('no_rows', 'The file has no rows under its header.');
  if (rows.length > IMPORT_ROWS_MAX) {
    throw csvIssue('too_many_rows', `A file holds at most ${IMPORT_ROWS_MAX} rows.`);
  }
  const seenMacs = new Set<string>();
  const seenSerials = new Set<string>();
  return rows.map(({ fields, row }): Candidate => {
    const read = (column: ImportColumn) => {
      const index = at[column];
      return index === undefined ? '' : (fields[index] ?? '').trim();
    };
    const reasons: ImportRefusal[] = [];
    const name = read('name');
    const sn = read('serial').toUpperCase();
    const mac = deviceMac(read('mac'));
    const brand = MODELS.get(read('model').toLowerCase()) ?? null;
    // Control characters (a NUL above all, which the database refuses) make no name.
    if (name.length > DEVICE_NAME_MAX_LENGTH || CONTROL.test(name)) reasons.push('bad_name');
    if (!SERIAL.test(sn)) reasons.push('bad_serial');
    if (!mac) reasons.push('bad_mac');
    if (!brand) reasons.push('unknown_model');
    else if (brand.productType === 'smartnvr') reasons.push('not_a_site_device');
    const repeated = (mac !== null && seenMacs.has(mac)) || (sn !== '' && seenSerials.has(sn));
    if (repeated) reasons.push('duplicate_in_file');
    if (mac) seenMacs.add(mac);
    if (sn) seenSerials.add(sn);
    return {
      row,
      name: name || (brand && mac ? defaultDeviceName(brand, mac) : ''),
      sn,
      mac: mac ?? read('mac'),
      model: brand?.productBrandSku ?? read('model'),
      site: read('site'),
      status: 'refused',
      reasons,
      device_id: null,
      brand,
      siteId: null,
    };
  });
}

/**
 * Checks each row's site (one the caller sees, where they may register) and that no live device of the
 * cloud has its MAC address or serial number (other clouds' are never looked at: register.ts), then adds
 * the good rows. All of it is one transaction, so a row is either added with its change log record or not
 * at all.
 */
export async function importDevices(
  db: Database,
  cloudId: number,
  access: Access,
  csv: string,
  actor: AuditActor,
): Promise<ImportDevicesResponse> {
  const candidates = readImportFile(csv);
  const report = await db.transaction(async (tx) => {
    // No site's name holds a NUL, and the database takes none in text.
    const siteNames = [
      ...new Set(candidates.map((row) => row.site.toLowerCase()).filter((name) => !name.includes('\0'))),
    ];
    const sites = await queryRows<{ id: number; key: string }>(
      tx,
      sql`SELECT id, lower(name) AS key FROM sites
        WHERE cloud_id = ${cloudId} AND deleted_at IS NULL
          AND lower(name) IN (SELECT jsonb_array_elements_text(${JSON.stringify(siteNames)}::jsonb))
        FOR SHARE`,
    );
    const siteByName = new Map(sites.map((site) => [site.key, site.id]));
    for (const row of candidates) {
      const siteId = siteByName.get(row.site.toLowerCase());
      // A site the caller cannot see is as unknown to them as one that does not exist (docs/api.md#http-conventions).
      if (siteId === undefined || !canSeeSite(access, siteId)) row.reasons.push('unknown_site');
      else if (!sitePermissions(access, siteId).has('register')) row.reasons.push('no_permission');
      else row.siteId = siteId;
    }
    // Only well-formed addresses and serial numbers can be registered already.
    const identities = candidates.flatMap((row) => [
      ...(deviceMac(row.mac) === row.mac ? [row.mac] : []),
      ...(SERIAL.test(row.sn) ? [row.sn] : []),
    ]);
    await lockIdentities(tx, identities);
    const taken = await queryRows<{ sn: string; mac: string }>(
      tx,
      sql`
      WITH wanted AS (SELECT jsonb_array_elements_text(${JSON.stringify(identities)}::jsonb) AS id)
      SELECT sn, mac FROM devices WHERE cloud_id = ${cloudId} AND deleted_at IS NULL
        AND (mac IN (SELECT id FROM wanted) OR sn IN (SELECT id FROM wanted))
      UNION ALL
      SELECT sn, mac FROM smart_nvrs WHERE cloud_id = ${cloudId} AND deleted_at IS NULL
        AND (mac IN (SELECT id FROM wanted) OR sn IN (SELECT id FROM wanted))`,
    );
    const takenIds = new Set(taken.flatMap((row) => [row.mac, row.sn]));
    for (const row of candidates) {
      if (takenIds.has(row.mac) || takenIds.has(row.sn)) row.reasons.push('duplicate_in_console');
    }
    const good = candidates.filter((row) => row.reasons.length === 0);
    const added = await queryRows<{ id: number; mac: string }>(
      tx,
      sql`
      INSERT INTO devices (cloud_id, site_id, name, sn, mac, product_brand_id, product_id, product_type,
        config_type)
      SELECT ${cloudId}, r.site_id, r.name, r.sn, r.mac, r.product_brand_id, r.product_id, r.product_type,
        r.config_type
      FROM jsonb_to_recordset(${jsonRows(
        good.map((row) => ({
          site_id: row.siteId,
          name: row.name,
          sn: row.sn,
          mac: row.mac,
          product_brand_id: row.brand?.productBrandId,
          product_id: row.brand?.productId,
          product_type: row.brand?.productType,
          config_type: row.brand && brandConfigType(row.brand),
        })),
      )}) AS r(site_id int, name text, sn text, mac text, product_brand_id int, product_id int, product_type text,
        config_type text)
      RETURNING id, mac`,
    );
    const idByMac = new Map(added.map((device) => [device.mac, device.id]));
    for (const row of good) {
      row.status = 'added';
      row.device_id = idByMac.get(row.mac) ?? null;
    }
    await auditEach(
      tx,
      actor,
      good.map((row) => ({
        cloudId,
        action: 'created' as const,
        objectType: 'device' as const,
        objectId: row.device_id,
        objectName: row.name,
        after: {
          name: row.name,
          site_id: row.siteId,
          sn: row.sn,
          mac: row.mac,
          product_brand_id: row.brand?.productBrandId,
        },
      })),
    );
    return candidates;
  });
  const rows = report.map(({ brand: _brand, siteId: _siteId, ...row }) => row);
  const added = rows.filter((row) => row.status === 'added').length;
  return { added, refused: rows.length - added, rows };
}
