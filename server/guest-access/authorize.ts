// docs/guest-access.md#radius: the one rule deciding whether a guest may get on, used by the RADIUS service
// to answer and by the portal to tell a guest why not before handing off to the access point.
import { timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { guestAccounts, guestPlans } from '../db/schema/guest-access.ts';
import type { SecretBox } from '../features/config/seal.ts';
import { accountState } from './states.ts';

export type GuestAccount = typeof guestAccounts.$inferSelect;
export type GuestPlan = typeof guestPlans.$inferSelect;

export type LoginRefusal =
  | 'unknown'
  | 'wrong_password'
  | 'revoked'
  | 'expired'
  | 'used_up'
  | 'too_many_devices'
  | 'not_here';

/** What is left of the account's allowance now: null where the plan sets no limit. */
export type Allowance = {
  /** Seconds the guest may stay on: the plan's time left (in the period), and the validity left. */
  seconds: number | null;
  /** Bytes the guest may still move: the plan's data left (in the period), and one session's quota. */
  bytes: number | null;
};

export type LoginCheck =
  | { ok: true; account: GuestAccount; plan: GuestPlan; left: Allowance }
  | { ok: false; reason: LoginRefusal };

export type LoginAttempt = {
  cloudId: number;
  /** The site of the NAS (or of the portal) the guest is at. */
  siteId: number;
  ssid: string | null;
  username: string;
  /** The password given; null when the caller has proven the guest otherwise (MAC authentication). */
  password: string | null;
  mac: string | null;
  now: Date;
};

/**
 * A session without accounting for this long is taken as gone (the NAS lost it without a Stop): it no longer
 * counts among the account's devices. Three times the interim interval the console asks for.
 */
export const ACCT_INTERIM_S = 300;
export const STALE_SESSION_MS = 3 * ACCT_INTERIM_S * 1000;

/** A MAC address written as the console stores it: lower case, colon separated; null if it is none. */
export function normalizeMac(value: string | null | undefined): string | null {
  const hex = (value ?? '').replace(/[^0-9a-fA-F]/g, '');
  if (hex.length !== 12 || !/^[0-9a-fA-F:.-]+$/.test((value ?? '').trim())) return null;
  return hex.toLowerCase().replace(/(..)(?!$)/g, '$1:');
}

/** The start of the plan's current quota period (UTC day or month), or null for the whole validity. */
export function periodStart(plan: Pick<GuestPlan, 'quotaPeriod'>, now: Date): Date | null {
  if (plan.quotaPeriod === 'day')
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (plan.quotaPeriod === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return null;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

function passwordMatches(account: GuestAccount, password: string, secrets: SecretBox): boolean {
  if (account.kind === 'voucher') return sameText(account.username.toLowerCase(), password.toLowerCase());
  if (account.passwordSealed === null) return false;
  let stored: string;
  try {
    stored = secrets.openText(account.passwordSealed);
  } catch {
    return false;
  }
  return sameText(stored, password);
}

type Usage = { otherDevices: number; firstMac: string | null; seconds: number; bytes: number };

/**
 * The account's devices on now (other than `mac`), the MAC it was first used from, and its time and data
 * used in the plan's current period (or ever, without one), read with the account in the same statement.
 */
const usageSql = () => {
  const since = sql`CASE ${guestPlans.quotaPeriod} WHEN 'day' THEN ${sql.placeholder('day')}::timestamptz
    WHEN 'month' THEN ${sql.placeholder('month')}::timestamptz ELSE '-infinity'::timestamptz END`;
  return sql<Usage>`(SELECT json_build_object(
      'otherDevices', count(DISTINCT s.mac) FILTER (WHERE s.ended_at IS NULL
        AND s.updated_at > ${sql.placeholder('staleBefore')}::timestamptz
        AND s.mac IS DISTINCT FROM ${sql.placeholder('mac')}::text),
      'firstMac', (array_agg(s.mac ORDER BY s.started_at, s.id))[1],
      'seconds', coalesce(sum(s.duration_s) FILTER (WHERE s.started_at >= ${since}), 0),
      'bytes', coalesce(sum(s.bytes_in + s.bytes_out) FILTER (WHERE s.started_at >= ${since}), 0))
    FROM guest_sessions s WHERE s.account_id = ${guestAccounts.id})`;
};

const minOf = (...values: (number | null)[]): number | null => {
  const set = values.filter((value): value is number => value !== null);
  return set.length === 0 ? null : Math.min(...set);
};

/** The account by cloud and name, its plan and its usage: one statement, prepared once per database. */
const prepared = new WeakMap<Database, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Database) {
  return db
    .select({ account: guestAccounts, plan: guestPlans, usage: usageSql() })
    .from(guestAccounts)
    .innerJoin(guestPlans, eq(guestPlans.id, guestAccounts.planId))
    .where(
      and(
        eq(guestAccounts.cloudId, sql.placeholder('cloudId')),
        sql`lower(${guestAccounts.username}) = ${sql.placeholder('username')}::text`,
      ),
    )
    .limit(1)
    .prepare('guest_login_lookup');
}

/**
 * Whether the guest may get on now (docs/guest-access.md#radius): the account exists in the cloud, the
 * password matches, its state is unused or active, the plan applies at the site and SSID, the device is
 * within the plan's devices (a single-use voucher stays with the first MAC that used it), and the plan's
 * time and data are not spent. Changes nothing: the first use is marked by markFirstUse on Access-Accept.
 */
export async function checkGuestLogin(
  db: Database,
  secrets: SecretBox,
  attempt: LoginAttempt,
): Promise<LoginCheck> {
  const mac = normalizeMac(attempt.mac);
  let lookup = prepared.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    prepared.set(db, lookup);
  }
  const [row] = await lookup.execute({
    cloudId: attempt.cloudId,
    username: attempt.username.trim().toLowerCase(),
    mac,
    staleBefore: new Date(attempt.now.getTime() - STALE_SESSION_MS).toISOString(),
    day: periodStart({ quotaPeriod: 'day' }, attempt.now)?.toISOString(),
    month: periodStart({ quotaPeriod: 'month' }, attempt.now)?.toISOString(),
  });
  if (!row) return { ok: false, reason: 'unknown' };
  const { account, plan } = row;
  const raw = (typeof row.usage === 'string' ? JSON.parse(row.usage) : row.usage) as Usage;
  const usage: Usage = {
    otherDevices: Number(raw.otherDevices),
    firstMac: raw.firstMac ?? null,
    seconds: Number(raw.seconds),
    bytes: Number(raw.bytes),
  };
  if (attempt.password !== null && !passwordMatches(account, attempt.password, secrets))
    return { ok: false, reason: 'wrong_password' };
  const state = accountState(account, attempt.now);
  if (state === 'revoked' || state === 'expired' || state === 'used_up') return { ok: false, reason: state };
  if (plan.siteIds.length > 0 && !plan.siteIds.includes(attempt.siteId))
    return { ok: false, reason: 'not_here' };
  if (plan.ssids.length > 0 && (attempt.ssid === null || !plan.ssids.includes(attempt.ssid)))
    return { ok: false, reason: 'not_here' };

  const singleUse = account.kind === 'voucher' && !account.shared;
  if (singleUse && usage.firstMac !== null && usage.firstMac !== mac)
    return { ok: false, reason: 'too_many_devices' };
  if (usage.otherDevices >= Math.max(1, plan.devicesPerAccount))
    return { ok: false, reason: 'too_many_devices' };

  const timeLeft = plan.sessionMinutes === null ? null : plan.sessionMinutes * 60 - usage.seconds;
  const dataLeft = plan.periodQuotaBytes === null ? null : plan.periodQuotaBytes - usage.bytes;
  if ((timeLeft !== null && timeLeft <= 0) || (dataLeft !== null && dataLeft <= 0))
    return { ok: false, reason: 'used_up' };

  const validUntil = minOf(
    account.expiresAt?.getTime() ?? null,
    account.validUntil?.getTime() ??
      (plan.validFrom === 'first_use' ? attempt.now.getTime() + plan.validityMinutes * 60_000 : null),
  );
  const validityLeft = validUntil === null ? null : Math.ceil((validUntil - attempt.now.getTime()) / 1000);
  return {
    ok: true,
    account,
    plan,
    left: {
      seconds: minOf(timeLeft, validityLeft),
      bytes: minOf(dataLeft, plan.sessionQuotaBytes),
    },
  };
}

/** The statement marking an account's first use, for markFirstUse and to run with other writes. */
export function firstUseSql(
  account: Pick<GuestAccount, 'id'>,
  plan: Pick<GuestPlan, 'validFrom' | 'validityMinutes'>,
  now: Date,
) {
  const validUntil =
    plan.validFrom === 'first_use'
      ? sql`coalesce(valid_until, ${new Date(now.getTime() + plan.validityMinutes * 60_000).toISOString()}::timestamptz)`
      : sql`valid_until`;
  return sql`UPDATE guest_accounts SET first_used_at = ${now.toISOString()}::timestamptz, valid_until = ${validUntil}
    WHERE id = ${account.id} AND first_used_at IS NULL`;
}

/**
 * Marks the account's first accepted sign-in: first_used_at, and for a plan valid from first use its
 * valid_until. Only the RADIUS service calls it, on Access-Accept; a second call changes nothing.
 */
export async function markFirstUse(
  db: Database,
  account: Pick<GuestAccount, 'id' | 'firstUsedAt'>,
  plan: Pick<GuestPlan, 'validFrom' | 'validityMinutes'>,
  now: Date,
): Promise<void> {
  if (account.firstUsedAt !== null) return;
  await db.execute(firstUseSql(account, plan, now));
}
