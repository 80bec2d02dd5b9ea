import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_PER_USER, type PushSubscriptionJson } from '../../../core/api/push.ts';
import type { Database } from '../../db/connect.ts';
import { pushSubscriptions } from '../../db/schema/accounts.ts';

export type StoredPushSubscription = {
  id: number;
  userId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

/**
 * Saves the browser's subscription for the user and marks it refreshed. An endpoint belongs to one browser
 * profile, so when another user saved it before (a shared computer) it now belongs to this one. Past the
 * per-user limit, the least recently refreshed subscriptions go.
 */
export async function saveSubscription(
  db: Database,
  userId: number,
  subscription: PushSubscriptionJson,
): Promise<void> {
  const keys = { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: subscription.endpoint, keys })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, keys, refreshedAt: sql`now()` },
      });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.refreshedAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_USER);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  });
}

/** Removes the user's own subscription with this endpoint; another user's stays. */
export async function deleteSubscription(db: Database, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Removes a subscription the push service says is gone (404/410). */
export async function forgetSubscription(db: Database, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function listSubscriptions(
  db: Database,
  userIds: readonly number[],
): Promise<StoredPushSubscription[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      keys: pushSubscriptions.keys,
    })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
}
