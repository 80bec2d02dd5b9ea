import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AccountSession } from '../../../core/api/account.ts';
import { changedValues } from '../../../core/audit.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import { SESSION_IDLE_MS } from '../../auth/sessions.ts';
import type { Database } from '../../db/connect.ts';
import { sessions, users } from '../../db/schema/accounts.ts';

const personal = { cloudId: null, objectType: 'user' } as const;

/** What the security calls check against. */
export async function findAccount(db: Database, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      preferredLanguage: users.preferredLanguage,
      emailVerifiedAt: users.emailVerifiedAt,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
      recoveryCodes: sql<number>`cardinality(${users.recoveryCodeHashes})`.mapWith(Number),
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}
export type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export type ProfileChanges = Partial<{
  firstname: string;
  lastname: string;
  email: string;
  timezone: string;
  preferredLanguage: string;
  dateFormat: string;
  timeFormat: string;
  measurementUnits: 'METRIC' | 'IMPERIAL';
  subscribeNewsletter: boolean;
}>;

/** The profile's fields, each by name: nothing else of an account is written by a profile change. */
function profileFields(changes: ProfileChanges): ProfileChanges {
  return {
    firstname: changes.firstname,
    lastname: changes.lastname,
    email: changes.email,
    timezone: changes.timezone,
    preferredLanguage: changes.preferredLanguage,
    dateFormat: changes.dateFormat,
    timeFormat: changes.timeFormat,
    measurementUnits: changes.measurementUnits,
    subscribeNewsletter: changes.subscribeNewsletter,
  };
}

/**
 * Saves profile fields. The email changes here only in case: a new address takes effect through its mailed
 * link (email-change.ts), so this refuses one as a programming error.
 */
export async function updateProfile(
  db: Database,
  actor: AuditActor & { userId: number },
  changes: ProfileChanges,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
        timezone: users.timezone,
        preferredLanguage: users.preferredLanguage,
        dateFormat: users.dateFormat,
        timeFormat: users.timeFormat,
        measurementUnits: users.measurementUnits,
        subscribeNewsletter: users.subscribeNewsletter,
      })
      .from(users)
      .where(eq(users.id, actor.userId))
      .for('update');
    if (!before) return;
    const diff = changedValues(before, profileFields(changes));
    if (Object.keys(diff.after).length === 0) return;
    if (diff.after.email !== undefined && diff.after.email.toLowerCase() !== before.email.toLowerCase()) {
      throw new Error('a new email takes effect only through its mailed link');
    }
    await tx
      .update(users)
      .set({ ...profileFields(diff.after), updatedAt: new Date() })
      .where(eq(users.id, actor.userId));
    await audit(tx, actor, {
      ...personal,
      action: 'profile_changed',
      objectId: actor.userId,
      objectName: before.email,
      ...diff,
    });
  });
}

/** A new password; every other session of the account ends with the old one. */
export async function changePassword(
  db: Database,
  actor: AuditActor & { userId: number },
  passwordHash: string,
  keepSessionIdHash: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.userId));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(sessions.userId, actor.userId),
          ne(sessions.idHash, keepSessionIdHash),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ idHash: sessions.idHash });
    await audit(tx, actor, {
      ...personal,
      action: 'password_changed',
      objectId: actor.userId,
      after: { sessionsSignedOut: ended.length },
    });
  });
}

/** Keeps a new secret while two-factor sign-in is not yet on; false when it already is. */
export async function startTotpEnrolment(db: Database, userId: number, secret: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Turns two-factor sign-in on with fresh recovery codes. */
export async function enableTotp(
  db: Database,
  actor: AuditActor & { userId: number },
  recoveryCodeHashes: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), recoveryCodeHashes, updatedAt: new Date() })
      .where(eq(users.id, actor.userId));
    await audit(tx, actor, { ...personal, action: 'two_factor_enabled', objectId: actor.userId });
  });
}

export async function disableTotp(db: Database, actor: AuditActor & { userId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        recoveryCodeHashes: [],
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.userId));
    await audit(tx, actor, { ...personal, action: 'two_factor_disabled', objectId: actor.userId });
  });
}

export async function replaceRecoveryCodes(
  db: Database,
  actor: AuditActor & { userId: number },
  recoveryCodeHashes: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ recoveryCodeHashes }).where(eq(users.id, actor.userId));
    await audit(tx, actor, { ...personal, action: 'recovery_codes_renewed', objectId: actor.userId });
  });
}

// Sessions are named by the start of their hash: enough to tell them apart, useless as a cookie.
const SESSION_ID_LENGTH = 16;
const sessionId = sql<string>`left(${sessions.idHash}, ${SESSION_ID_LENGTH})`;

/** The account's live sessions, most recently used first. */
export async function listSessions(
  db: Database,
  userId: number,
  currentIdHash: string,
): Promise<AccountSession[]> {
  const now = Date.now();
  const rows = await db
    .select({
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    id: row.idHash.slice(0, SESSION_ID_LENGTH),
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    ip: row.ip,
    user_agent: row.userAgent,
    current: row.idHash === currentIdHash,
  }));
}

/** Ends one of the account's sessions; false when it has no such live session. */
export async function signOutSession(
  db: Database,
  actor: AuditActor & { userId: number },
  id: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, actor.userId), eq(sessionId, id), isNull(sessions.revokedAt)))
      .returning({ ip: sessions.ip, userAgent: sessions.userAgent });
    const session = ended[0];
    if (!session) return false;
    await audit(tx, actor, {
      cloudId: null,
      objectType: 'session',
      action: 'session_signed_out',
      objectId: id,
      objectName: session.userAgent ?? '',
      before: { ip: session.ip },
    });
    return true;
  });
}
