// A device calling home (docs/security.md, Adoption): a credential goes only to a device that proves a
// cloud registered it, by that cloud's onboarding key or by a member's approval of the address it calls
// from. MAC address and serial number alone never get one, and every other call gets the same answer.

import { sql } from 'drizzle-orm';
import { brandConfigType } from '../../core/config/config-type.ts';
import { INITIAL_AGENT_STATE } from '../../core/fleet/agent-state.ts';
import type { AdoptRequest } from '../../core/fleet/protocol.ts';
import { type ProductBrand, productBrand } from '../../core/product-catalogue.ts';
import type { Database } from '../db/connect.ts';
import { queryRows } from '../db/rows.ts';
import { errors } from '../errors.ts';
import { queueWebhookEvents } from '../features/webhooks/queue.ts';
import { credentialText, hashSecret, newSecret } from './credentials.ts';

export type Adoption = { status: 'adopted'; credential: string } | { status: 'pending' };

const PENDING = { status: 'pending' } as const;

/** A registration of the caller's MAC address and serial number in one cloud. */
type Registration = {
  kind: 'device' | 'nvr';
  id: number;
  cloud_id: number;
  /** Blocked or decommissioned. */
  revoked: boolean;
  /** Its agent holds a credential now. */
  adopted: boolean;
};

/** The key as people may type it: case, spaces and dashes do not matter. */
export const normalizeOnboardingKey = (key: string) => key.toLowerCase().replace(/[\s-]/g, '');

/** The cloud whose onboarding key this is, if any. */
async function cloudOfKey(tx: Database, key: string | undefined): Promise<number | null> {
  const normalized = key ? normalizeOnboardingKey(key) : '';
  if (normalized === '') return null;
  const [cloud] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM clouds WHERE onboarding_key = ${normalized} AND deleted_at IS NULL`,
  );
  return cloud?.id ?? null;
}

/** The live device or smart NVR of the cloud with this MAC address and serial number, locked. */
async function registrationIn(
  tx: Database,
  cloudId: number,
  mac: string,
  sn: string,
): Promise<Registration | undefined> {
  const [registration] = [
    ...(await queryRows<Registration>(
      tx,
      sql`
      SELECT 'device' AS kind, d.id, d.cloud_id, d.blocked OR d.decomm AS revoked,
        EXISTS (SELECT 1 FROM device_agents a WHERE a.device_id = d.id AND a.credential_hash IS NOT NULL) AS adopted
      FROM devices d
      WHERE d.cloud_id = ${cloudId} AND d.mac = ${mac} AND upper(d.sn) = ${sn} AND d.deleted_at IS NULL
      ORDER BY d.id LIMIT 1 FOR UPDATE OF d`,
    )),
    ...(await queryRows<Registration>(
      tx,
      sql`
      SELECT 'nvr' AS kind, n.id, n.cloud_id, false AS revoked,
        EXISTS (SELECT 1 FROM device_agents a WHERE a.smart_nvr_id = n.id AND a.credential_hash IS NOT NULL) AS adopted
      FROM smart_nvrs n
      WHERE n.cloud_id = ${cloudId} AND n.mac = ${mac} AND upper(n.sn) = ${sn} AND n.deleted_at IS NULL
      ORDER BY n.id LIMIT 1 FOR UPDATE OF n`,
    )),
  ];
  return registration;
}

/**
 * Gives the registration a new credential: a new agent, or the agent a member reset (keeping its history
 * and metrics). The device's own word on model and versions replaces the registration's.
 */
async function issueCredential(
  tx: Database,
  registration: Registration,
  brand: ProductBrand,
  request: AdoptRequest,
  mac: string,
): Promise<Adoption> {
  const secret = newSecret();
  const hash = hashSecret(secret);
  const device = registration.kind === 'device';
  const [agent] = await queryRows<{ id: number }>(
    tx,
    sql`
    INSERT INTO device_agents (cloud_id, device_id, smart_nvr_id, credential_hash, state)
    VALUES (${registration.cloud_id}, ${device ? registration.id : null}, ${device ? null : registration.id},
      ${hash}, ${JSON.stringify(INITIAL_AGENT_STATE)}::jsonb)
    ON CONFLICT (${device ? sql`device_id` : sql`smart_nvr_id`}) DO UPDATE
      SET credential_hash = excluded.credential_hash, seq = 0, version = device_agents.version + 1,
        adopted_at = now()
      WHERE device_agents.credential_hash IS NULL
    RETURNING id`,
  );
  if (!agent) return PENDING;
  if (device) {
    await tx.execute(sql`
      UPDATE devices SET product_brand_id = ${brand.productBrandId}, product_id = ${brand.productId},
        product_type = ${brand.productType}, config_type = ${brandConfigType(brand)}, fw = ${request.fw},
        mgmtd_version = ${request.mgmtdVersion},
        state_id = 'STATE_ADOPTED', updated_at = now()
      WHERE id = ${registration.id}`);
  } else {
    await tx.execute(sql`UPDATE smart_nvrs SET fw = ${request.fw} WHERE id = ${registration.id}`);
  }
  const [adopted] = await queryRows<{ site_id: number | null; name: string | null }>(
    tx,
    device
      ? sql`SELECT site_id, name FROM devices WHERE id = ${registration.id}`
      : sql`SELECT NULL::int AS site_id, name FROM smart_nvrs WHERE id = ${registration.id}`,
  );
  await queueWebhookEvents(tx, [
    {
      event: 'device.adopted',
      cloudId: registration.cloud_id,
      siteId: adopted?.site_id ?? null,
      data: {
        device_id: device ? registration.id : null,
        snvr_device_id: device ? null : registration.id,
        name: adopted?.name ?? null,
        mac,
        fw: request.fw,
      },
    },
  ]);
  // Nothing of it waits any longer: not its calls, and no approval.
  await tx.execute(sql`
    DELETE FROM pending_devices WHERE mac = ${mac} AND (cloud_id IS NULL OR cloud_id = ${registration.cloud_id})`);
  await tx.execute(sql`DELETE FROM adoption_approvals WHERE mac = ${mac}`);
  return { status: 'adopted', credential: credentialText(agent.id, secret) };
}

/** Remembers the call: in the cloud whose key it named, or in no cloud in particular. */
async function rememberCall(
  tx: Database,
  cloudId: number | null,
  request: AdoptRequest,
  brand: ProductBrand,
  mac: string,
  remoteAddress: string,
) {
  await tx.execute(sql`
    INSERT INTO pending_devices (cloud_id, sn, mac, product_brand_id, fw, mgmtd_version, remote_address)
    VALUES (${cloudId}, ${request.sn}, ${mac}, ${brand.productBrandId}, ${request.fw}, ${request.mgmtdVersion}, ${remoteAddress})
    ON CONFLICT (mac, cloud_id) DO UPDATE SET sn = excluded.sn, product_brand_id = excluded.product_brand_id,
      fw = excluded.fw, mgmtd_version = excluded.mgmtd_version, remote_address = excluded.remote_address,
      calls = pending_devices.calls + 1, last_seen_at = now()`);
}

/**
 * With a cloud's key: its registration of the device gets a credential at once, and an unregistered device
 * waits in that cloud's pending list. Without one (or with a wrong one): a credential only when a member
 * approved this MAC address and serial number calling from this address; otherwise the call is remembered
 * in no cloud in particular. Adopted, blocked and unknown devices all get the same 202.
 */
export async function adopt(db: Database, request: AdoptRequest, remoteAddress: string): Promise<Adoption> {
  const brand = productBrand(request.productBrandId);
  if (!brand) {
    throw errors.validation([
      {
        errorCode: 'unknown_product',
        location: 'body',
        path: '/productBrandId',
        message: 'is not a known product',
      },
    ]);
  }
  const mac = request.mac.toLowerCase();
  const sn = request.sn.toUpperCase();
  return db.transaction(async (tx) => {
    const cloudId = await cloudOfKey(tx, request.onboardingKey);
    if (cloudId !== null) {
      const registration = await registrationIn(tx, cloudId, mac, sn);
      if (!registration) {
        await rememberCall(tx, cloudId, request, brand, mac, remoteAddress);
        return PENDING;
      }
      // A device that holds its credential, or is blocked, gets nothing new; a lost credential is reset by
      // a member first.
      if (registration.revoked || registration.adopted) return PENDING;
      return issueCredential(tx, registration, brand, request, mac);
    }
    const approvals = await queryRows<{ cloud_id: number }>(
      tx,
      sql`SELECT cloud_id FROM adoption_approvals
        WHERE mac = ${mac} AND sn = ${sn} AND remote_address = ${remoteAddress} AND expires_at > now()
        ORDER BY approved_at, id`,
    );
    for (const approval of approvals) {
      const registration = await registrationIn(tx, approval.cloud_id, mac, sn);
      if (registration && !registration.revoked && !registration.adopted)
        return issueCredential(tx, registration, brand, request, mac);
    }
    await rememberCall(tx, null, request, brand, mac, remoteAddress);
    return PENDING;
  });
}

/**
 * Callers are remembered 7 days after their last call. Keyless ones (anyone can make them up) are kept
 * 10,000 at most, those a cloud registered last to go; those that named a cloud's key are never pushed out
 * by them, and are kept 10,000 at most per cloud.
 */
export const PENDING_DEVICES_KEPT = 10_000;
const PENDING_DEVICES_KEPT_DAYS = 7;

export async function dropStalePendingDevices(
  db: Database,
  now: Date,
  kept = PENDING_DEVICES_KEPT,
): Promise<void> {
  await db.execute(sql`
    DELETE FROM pending_devices WHERE last_seen_at < ${now.toISOString()}::timestamptz - make_interval(days => ${PENDING_DEVICES_KEPT_DAYS})
      OR id IN (
        SELECT p.id FROM pending_devices p WHERE p.cloud_id IS NULL
        ORDER BY EXISTS (
            SELECT 1 FROM devices d WHERE d.mac = p.mac AND upper(d.sn) = upper(p.sn) AND d.deleted_at IS NULL
            UNION ALL
            SELECT 1 FROM smart_nvrs n WHERE n.mac = p.mac AND upper(n.sn) = upper(p.sn) AND n.deleted_at IS NULL
          ) DESC, p.last_seen_at DESC, p.id DESC
        OFFSET ${kept})
      OR id IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY cloud_id ORDER BY last_seen_at DESC, id DESC) AS n
          FROM pending_devices WHERE cloud_id IS NOT NULL) ranked
        WHERE n > ${kept})`);
}
