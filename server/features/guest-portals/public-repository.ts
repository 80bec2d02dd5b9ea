// What the public voucher page reads and writes (docs/guest-access.md#the-voucher-page): the portal a NAS
// shows, and the accounts a click-through or an email capture makes.
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PortalMethod, PortalTexts } from '../../../core/api/guest-portals.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import type { SecretBox } from '../config/seal.ts';

/** A portal as the public calls use it, with the cloud and site of the NAS that shows it. */
export type NasPortal = {
  cloud_id: number;
  site_id: number;
  id: number;
  name: string;
  primary_color: string;
  background_color: string;
  text_color: string;
  texts: PortalTexts;
  methods: PortalMethod[];
  free_plan_id: number | null;
  redirect_url: string | null;
  logo_file_id: number | null;
  background_file_id: number | null;
};

/**
 * The portal a guest of the NAS at this address sees: the portal of its site for the SSID, else the site's
 * default; null for an unknown NAS, a site without a portal, or a cloud with AuthPort off.
 */
export async function findNasPortal(
  db: Database,
  nas: string,
  ssid: string | null,
): Promise<NasPortal | null> {
  const [row] = await queryRows<NasPortal>(
    db,
    sql`SELECT n.cloud_id, n.site_id, p.id, p.name, p.primary_color, p.background_color, p.text_color, p.texts,
          p.methods, p.free_plan_id, p.redirect_url, p.logo_file_id, p.background_file_id
        FROM guest_nas n
        JOIN clouds c ON c.id = n.cloud_id AND c.authport_enabled AND c.deleted_at IS NULL
        JOIN sites s ON s.id = n.site_id AND s.deleted_at IS NULL
        JOIN guest_portals p ON p.site_id = n.site_id AND (p.ssid IS NULL OR p.ssid = ${ssid ?? ''})
        WHERE n.address = ${nas}
        ORDER BY p.ssid IS NULL, p.id
        LIMIT 1`,
  );
  return row ?? null;
}

/** A public image of a portal whose cloud has AuthPort on, by the file it names now; null for any other. */
export async function publicPortalImage(
  db: Database,
  portalId: number,
  column: 'logo' | 'background',
  fileId: number,
) {
  const fileColumn = sql.raw(column === 'logo' ? 'p.logo_file_id' : 'p.background_file_id');
  const [file] = await queryRows<{ content_type: string; data: Buffer }>(
    db,
    sql`SELECT u.content_type, u.data FROM guest_portals p
        JOIN clouds c ON c.id = p.cloud_id AND c.authport_enabled AND c.deleted_at IS NULL
        JOIN uploaded_files u ON u.id = ${fileColumn}
        WHERE p.id = ${portalId} AND u.id = ${fileId}`,
  );
  return file ?? null;
}

type FreePlan = { id: number; valid_from: 'first_use' | 'creation'; validity_minutes: number };

export async function findPlan(db: Database, cloudId: number, planId: number): Promise<FreePlan | null> {
  const [plan] = await queryRows<FreePlan>(
    db,
    sql`SELECT id, valid_from, validity_minutes FROM guest_plans WHERE id = ${planId} AND cloud_id = ${cloudId}`,
  );
  return plan ?? null;
}

/** Letters and digits without look-alikes (0/O, 1/l/I), for generated names and passwords. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const randomText = (length: number) =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)] ?? 'a').join('');

/**
 * Makes the account a click-through or an email capture gives a guest: on the free plan, a generated name
 * and password (the password sealed, as a person's), the email kept. A plan valid from creation starts now.
 */
export async function createFreeAccount(
  tx: Database,
  secrets: SecretBox,
  account: {
    cloudId: number;
    plan: FreePlan;
    kind: 'click_through' | 'email';
    email: string | null;
    now: Date;
  },
): Promise<{ username: string; password: string }> {
  const password = randomText(12);
  const validUntil =
    account.plan.valid_from === 'creation'
      ? new Date(account.now.getTime() + account.plan.validity_minutes * 60_000).toISOString()
      : null;
  // A name is unique in its cloud; eight random characters more make a clash all but impossible.
  const username = `guest-${randomText(6)}${randomBytes(2).toString('hex')}`;
  await tx.execute(
    sql`INSERT INTO guest_accounts (cloud_id, plan_id, kind, username, password_sealed, email, valid_until)
        VALUES (${account.cloudId}, ${account.plan.id}, ${account.kind}, ${username},
          ${secrets.sealText(password)}, ${account.email}, ${validUntil}::timestamptz)`,
  );
  return { username, password };
}
