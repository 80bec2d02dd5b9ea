// docs/guest-access.md#radius: a RADIUS request is answered only for a known NAS (by the address it comes
// from) of a cloud with AuthPort on, with its site's shared secret.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import type { SecretBox } from '../features/config/seal.ts';

export type KnownNas = {
  id: number;
  cloudId: number;
  siteId: number;
  deviceId: number | null;
  secret: string;
};

/** How long a NAS (or an address that is none) is remembered: a changed secret applies within it. */
export const NAS_CACHE_MS = 5_000;

/** An address as the console stores it: IPv4 in dotted form (an IPv4-mapped IPv6 address unwrapped). */
export const plainAddress = (address: string): string =>
  address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/** Finds NAS by address with their site's secret, remembering each answer for a few seconds. */
export function nasDirectory(db: Database, secrets: SecretBox, cacheMs = NAS_CACHE_MS) {
  const cache = new Map<string, { nas: KnownNas | null; until: number }>();
  const pending = new Map<string, Promise<KnownNas | null>>();

  async function load(address: string): Promise<KnownNas | null> {
    const result = await db.execute(sql`
      SELECT n.id, n.cloud_id, n.site_id, n.device_id, s.secret_sealed
      FROM guest_nas n
      JOIN guest_site_secrets s ON s.site_id = n.site_id
      JOIN clouds c ON c.id = n.cloud_id
      WHERE n.address = ${address} AND c.authport_enabled`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
    if (!row) return null;
    let secret: string;
    try {
      secret = secrets.openText(String(row.secret_sealed));
    } catch {
      return null;
    }
    return {
      id: Number(row.id),
      cloudId: Number(row.cloud_id),
      siteId: Number(row.site_id),
      deviceId: row.device_id === null ? null : Number(row.device_id),
      secret,
    };
  }

  return {
    async find(address: string): Promise<KnownNas | null> {
      const now = Date.now();
      const cached = cache.get(address);
      if (cached && cached.until > now) return cached.nas;
      const running = pending.get(address);
      if (running) return running;
      const lookup = load(address).finally(() => pending.delete(address));
      pending.set(address, lookup);
      const nas = await lookup;
      if (cache.size > 10_000) cache.clear();
      cache.set(address, { nas, until: Date.now() + cacheMs });
      return nas;
    },
    forget(): void {
      cache.clear();
    },
  };
}

export type NasDirectory = ReturnType<typeof nasDirectory>;
