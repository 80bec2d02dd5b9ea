import { sql } from 'drizzle-orm';
import { INITIAL_AGENT_STATE } from '../../core/fleet/agent-state.ts';
import type { AdoptRequest } from '../../core/fleet/protocol.ts';
import { productBrand } from '../../core/product-catalogue.ts';
import type { Database } from '../db/connect.ts';
import { queryRows } from '../db/rows.ts';
import { errors, HttpError } from '../errors.ts';
import { credentialText, hashSecret, newSecret } from './credentials.ts';

export type Adoption = { status: 'adopted'; credential: string } | { status: 'pending' };

type Registered = {
  kind: 'device' | 'nvr';
  id: number;
  cloud_id: number;
  sn: string;
  revoked: boolean;
  adopted: boolean;
};

const alreadyAdopted = () =>
  new HttpError(
    409,
    'already_adopted',
    'This device already has a credential. An operator must remove it from the console and register it again.',
  );

/**
 * A device calling home: one an operator registered (same MAC and serial number) gets its credential,
 * once; any other is remembered as pending so an operator can adopt it later, and gets nothing.
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
  return db.transaction(async (tx) => {
    const [registered] = [
      ...(await queryRows<Registered>(
        tx,
        sql`
        SELECT 'device' AS kind, d.id, d.cloud_id, d.sn, d.blocked OR d.decomm AS revoked,
          EXISTS (SELECT 1 FROM device_agents a WHERE a.device_id = d.id) AS adopted
        FROM devices d WHERE d.mac = ${mac} AND d.deleted_at IS NULL LIMIT 1 FOR UPDATE`,
      )),
      ...(await queryRows<Registered>(
        tx,
        sql`
        SELECT 'nvr' AS kind, n.id, n.cloud_id, n.sn, false AS revoked,
          EXISTS (SELECT 1 FROM device_agents a WHERE a.smart_nvr_id = n.id) AS adopted
        FROM smart_nvrs n WHERE n.mac = ${mac} AND n.deleted_at IS NULL LIMIT 1 FOR UPDATE`,
      )),
    ];
    if (!registered || registered.sn.toUpperCase() !== request.sn.toUpperCase()) {
      await tx.execute(sql`
        INSERT INTO pending_devices (sn, mac, product_brand_id, fw, mgmtd_version, remote_address)
        VALUES (${request.sn}, ${mac}, ${brand.productBrandId}, ${request.fw}, ${request.mgmtdVersion}, ${remoteAddress})
        ON CONFLICT (mac) DO UPDATE SET sn = excluded.sn, product_brand_id = excluded.product_brand_id,
          fw = excluded.fw, mgmtd_version = excluded.mgmtd_version, remote_address = excluded.remote_address,
          calls = pending_devices.calls + 1, last_seen_at = now()`);
      return { status: 'pending' as const };
    }
    if (registered.revoked) throw errors.unauthorized('This device is blocked or decommissioned.');
    if (registered.adopted) throw alreadyAdopted();

    const secret = newSecret();
    const target = registered.kind === 'device' ? { deviceId: registered.id } : { smartNvrId: registered.id };
    const [agent] = await queryRows<{ id: number }>(
      tx,
      sql`
      INSERT INTO device_agents (cloud_id, device_id, smart_nvr_id, credential_hash, state)
      VALUES (${registered.cloud_id}, ${target.deviceId ?? null}, ${target.smartNvrId ?? null},
        ${hashSecret(secret)}, ${JSON.stringify(INITIAL_AGENT_STATE)}::jsonb)
      ON CONFLICT DO NOTHING RETURNING id`,
    );
    if (!agent) throw alreadyAdopted();
    // The device knows what it is and runs: its own word on model and versions replaces the registration's.
    if (registered.kind === 'device') {
      await tx.execute(sql`
        UPDATE devices SET product_brand_id = ${brand.productBrandId}, product_id = ${brand.productId},
          product_type = ${brand.productType}, fw = ${request.fw}, mgmtd_version = ${request.mgmtdVersion},
          state_id = 'STATE_ADOPTED', updated_at = now()
        WHERE id = ${registered.id}`);
    } else {
      await tx.execute(sql`UPDATE smart_nvrs SET fw = ${request.fw} WHERE id = ${registered.id}`);
    }
    await tx.execute(sql`DELETE FROM pending_devices WHERE mac = ${mac}`);
    return { status: 'adopted' as const, credential: credentialText(agent.id, secret) };
  });
}

/** Unregistered devices are remembered 7 days after their last call, and 10,000 at most: anyone can call. */
export const PENDING_DEVICES_KEPT = 10_000;
const PENDING_DEVICES_KEPT_DAYS = 7;

export async function dropStalePendingDevices(
  db: Database,
  now: Date,
  kept = PENDING_DEVICES_KEPT,
): Promise<void> {
  await db.execute(sql`
    DELETE FROM pending_devices WHERE last_seen_at < ${now.toISOString()}::timestamptz - make_interval(days => ${PENDING_DEVICES_KEPT_DAYS})
      OR id IN (SELECT id FROM pending_devices ORDER BY last_seen_at DESC OFFSET ${kept})`);
}
