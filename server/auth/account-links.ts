// Mailed links that act on an account (docs/security.md "Email addresses" and "Login limits"): confirming a
// new email, and signing in while the account's failed-login pace holds. The token is kept only as its
// SHA-256; a link works once, until it expires, and only the newest of its purpose; an account is mailed a
// few of each purpose an hour at most.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { accountLinks, users } from '../db/schema/accounts.ts';
import { newToken, tokenHash } from './tokens.ts';

export type LinkPurpose = (typeof accountLinks.$inferSelect)['purpose'];

/** How long each link works: a day to confirm an address, a quarter of an hour to sign in. */
export const LINK_LIFETIME_MS: Readonly<Record<LinkPurpose, number>> = {
  email_change: 24 * 60 * 60 * 1000,
  sign_in: 15 * 60 * 1000,
};

/** Links of one purpose an account is mailed per hour; further requests make none. */
export const LINK_MAILS_PER_HOUR = 3;

/**
 * A new link of the purpose for the account, to `email`, replacing its unused ones; null when the account
 * has had its hourly share. Runs in the caller's transaction.
 */
export async function issueAccountLink(
  tx: Database,
  link: { userId: number; purpose: LinkPurpose; email: string; requestedFrom: string | null },
): Promise<string | null> {
  // One row lock per account orders concurrent requests, so the hourly count cannot be outrun.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, link.userId)).for('update');
  const mine = and(eq(accountLinks.userId, link.userId), eq(accountLinks.purpose, link.purpose));
  const [recent] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(accountLinks)
    .where(and(mine, gt(accountLinks.createdAt, sql`now() - interval '1 hour'`)));
  if ((recent?.count ?? 0) >= LINK_MAILS_PER_HOUR) return null;
  await cancelAccountLinks(tx, link.userId, link.purpose);
  const token = newToken();
  await tx.insert(accountLinks).values({
    userId: link.userId,
    purpose: link.purpose,
    email: link.email,
    tokenHash: tokenHash(token),
    requestedFrom: link.requestedFrom,
    expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[link.purpose]),
  });
  return token;
}

/** Ends the account's unused links of the purpose. */
export async function cancelAccountLinks(tx: Database, userId: number, purpose: LinkPurpose): Promise<void> {
  await tx
    .update(accountLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountLinks.userId, userId), eq(accountLinks.purpose, purpose), isNull(accountLinks.usedAt)),
    );
}

const open = (purpose: LinkPurpose, token: string) =>
  and(
    eq(accountLinks.tokenHash, tokenHash(token)),
    eq(accountLinks.purpose, purpose),
    isNull(accountLinks.usedAt),
    gt(accountLinks.expiresAt, sql`now()`),
  );

/** The account and address a link is for while it works, without spending it. */
export async function findOpenLink(db: Database, purpose: LinkPurpose, token: string) {
  const [row] = await db
    .select({ userId: accountLinks.userId, email: accountLinks.email })
    .from(accountLinks)
    .innerJoin(users, and(eq(users.id, accountLinks.userId), isNull(users.deletedAt)))
    .where(open(purpose, token));
  return row ?? null;
}

/** Spends a link in the caller's transaction; null when it does not work (any more). */
export async function spendAccountLink(tx: Database, purpose: LinkPurpose, token: string) {
  const [row] = await tx
    .update(accountLinks)
    .set({ usedAt: sql`now()` })
    .where(open(purpose, token))
    .returning({ userId: accountLinks.userId, email: accountLinks.email });
  return row ?? null;
}
