import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../../db/connect.ts';
import { serverSettings } from '../../db/schema/accounts.ts';

/** The server's VAPID key pair (RFC 8292), base64url as web-push writes them. */
export type VapidKeys = { publicKey: string; privateKey: string };

const VAPID_SETTING = 'web_push_vapid_keys';

function asVapidKeys(value: unknown): VapidKeys | null {
  const keys = value as Partial<VapidKeys> | null;
  return typeof keys?.publicKey === 'string' && typeof keys.privateKey === 'string'
    ? { publicKey: keys.publicKey, privateKey: keys.privateKey }
    : null;
}

async function readVapidKeys(db: Database): Promise<VapidKeys | null> {
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.key, VAPID_SETTING));
  return row ? asVapidKeys(row.value) : null;
}

/**
 * The deployment's one VAPID key pair, generated on first need. Every subscription is bound to the public
 * key, so it must never change: concurrent first calls (in any process) insert without overwriting, and
 * all of them return the row that won.
 */
export async function vapidKeys(db: Database): Promise<VapidKeys> {
  const stored = await readVapidKeys(db);
  if (stored) return stored;
  const generated = webpush.generateVAPIDKeys();
  await db.insert(serverSettings).values({ key: VAPID_SETTING, value: generated }).onConflictDoNothing();
  const winner = await readVapidKeys(db);
  if (!winner) throw new Error('The VAPID key pair could not be stored.');
  return winner;
}
