// Password-reset links: made when someone says they forgot their password (and mailed), or by a platform
// administrator (and handed over). A link works once, for an hour, and only the newest one of an account.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type AuditActor, audit } from '../../audit/record.ts';
import { clearAccountAttempts } from '../../auth/throttle.ts';
import { newToken, tokenHash } from '../../auth/tokens.ts';
import type { Database } from '../../db/connect.ts';
import { passwordResets, sessions, users } from '../../db/schema/accounts.ts';
import type { Mail, SendMail } from '../../mail/send-mail.ts';

export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
/** Links mailed to one account per hour; further requests are answered alike and send nothing. */
export const PASSWORD_RESET_MAILS_PER_HOUR = 3;

export const passwordResetLink = (publicUrl: string, token: string) =>
  `${publicUrl}/welcome/reset-password?token=${encodeURIComponent(token)}`;

const personal = { cloudId: null, objectType: 'user' } as const;

/** A new link for the account, replacing any unused one (a platform administrator hands it over). */
export function issuePasswordReset(db: Database, actor: AuditActor, userId: number): Promise<string> {
  return db.transaction((tx) => newLink(tx, actor, userId));
}

/** A link to mail; null when the account has had its hourly share of mailed links. */
export function issueMailedPasswordReset(
  db: Database,
  actor: AuditActor,
  userId: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    // One row lock per account orders concurrent requests, so the hourly count cannot be outrun.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(passwordResets)
      .where(
        and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, sql`now() - interval '1 hour'`)),
      );
    if ((recent?.count ?? 0) >= PASSWORD_RESET_MAILS_PER_HOUR) return null;
    return newLink(tx, actor, userId);
  });
}

async function newLink(tx: Database, actor: AuditActor, userId: number): Promise<string> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  const token = newToken();
  await tx.insert(passwordResets).values({
    userId,
    tokenHash: tokenHash(token),
    requestedFrom: actor.ip,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_LIFETIME_MS),
  });
  await audit(tx, actor, { ...personal, objectId: userId, action: 'password_reset_requested' });
  return token;
}

const open = (token: string) =>
  and(
    eq(passwordResets.tokenHash, tokenHash(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );

/** The account a link resets while it works. */
export async function findOpenReset(db: Database, token: string) {
  const [row] = await db
    .select({ userId: users.id, email: users.email, firstname: users.firstname, lastname: users.lastname })
    .from(passwordResets)
    .innerJoin(users, and(eq(users.id, passwordResets.userId), isNull(users.deletedAt)))
    .where(open(token));
  return row ?? null;
}

/**
 * Spends the link and sets the password; every session of the account ends and its failed-login counters
 * start again. False when the link was spent meanwhile.
 */
export async function resetPassword(
  db: Database,
  actor: AuditActor & { userId: number; email: string },
  token: string,
  passwordHash: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(open(token))
      .returning({ id: passwordResets.id });
    if (spent.length === 0) return false;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.userId));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, actor.userId), isNull(sessions.revokedAt)))
      .returning({ idHash: sessions.idHash });
    await clearAccountAttempts(tx, actor.email);
    await audit(tx, actor, {
      ...personal,
      objectId: actor.userId,
      action: 'password_reset',
      after: { sessionsSignedOut: ended.length },
    });
    return true;
  });
}

/** Mails the link; a failure is logged only, as the answer must not tell whether the account exists. */
export async function mailPasswordReset(
  sendMail: SendMail,
  log: FastifyBaseLogger,
  mail: { to: string; productName: string; link: string; from?: Mail['from'] },
): Promise<void> {
  try {
    await sendMail({
      to: mail.to,
      from: mail.from,
      subject: `Reset your ${mail.productName} password`,
      text: [
        `Someone asked to reset the password of your ${mail.productName} account (${mail.to}).`,
        '',
        `Open this link to choose a new password (it works once, for one hour): ${mail.link}`,
        '',
        'If it was not you, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  } catch (error) {
    log.warn({ err: error }, 'password-reset mail not sent');
  }
}
