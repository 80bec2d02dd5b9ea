// What single sign-on keeps for a browser (docs/single-sign-on.md): the sign-in under way until the
// provider sends it back, then the ID token of the session it made, for signing out at the provider
// (docs/single-sign-on.md#signing-out).
import { eq, lt, sql } from 'drizzle-orm';
import { tokenHash } from '../../auth/tokens.ts';
import type { Database } from '../../db/connect.ts';
import { singleSignOnRequests, singleSignOnSessions } from '../../db/schema/single-sign-on.ts';
import type { SecretBox } from '../config/seal.ts';
import type { PendingSignIn } from './provider.ts';

/** How long a sign-in may stay at the provider. */
const REQUEST_MS = 10 * 60_000;

/** Keeps a sign-in under way, found later by the browser's cookie; clears those that ran out. */
export async function keepRequest(
  db: Database,
  browserSecret: string,
  cloudId: number | null,
  pending: PendingSignIn,
  next: string,
): Promise<void> {
  await db.delete(singleSignOnRequests).where(lt(singleSignOnRequests.expiresAt, sql`now()`));
  await db.insert(singleSignOnRequests).values({
    browserHash: tokenHash(browserSecret),
    cloudId,
    ...pending,
    next,
    expiresAt: new Date(Date.now() + REQUEST_MS),
  });
}

/** Takes (once) the sign-in the browser started, while it is fresh. */
export async function takeRequest(db: Database, browserSecret: string) {
  const [row] = await db
    .delete(singleSignOnRequests)
    .where(eq(singleSignOnRequests.browserHash, tokenHash(browserSecret)))
    .returning();
  return row && row.expiresAt.getTime() > Date.now() ? row : null;
}

/** Keeps, sealed, the ID token a single sign-on session was made with. */
export async function keepIdToken(
  db: Database,
  secrets: SecretBox,
  sessionHash: string,
  cloudId: number | null,
  idToken: string,
): Promise<void> {
  await db
    .insert(singleSignOnSessions)
    .values({ sessionHash, cloudId, idTokenSealed: secrets.sealText(idToken) });
}

/** Takes (once) the provider and ID token a session was made with; null for any other session. */
export async function takeIdToken(
  db: Database,
  secrets: SecretBox,
  sessionHash: string,
): Promise<{ cloudId: number | null; idToken: string } | null> {
  const [row] = await db
    .delete(singleSignOnSessions)
    .where(eq(singleSignOnSessions.sessionHash, sessionHash))
    .returning();
  return row ? { cloudId: row.cloudId, idToken: secrets.openText(row.idTokenSealed) } : null;
}
