// Mailed sign-in links (docs/security.md "Login limits"): while an account's pace for new addresses holds,
// its password and its mailbox together sign a browser in, for an account without two-factor sign-in.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { routes } from '../../../core/routes.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import { issueAccountLink, spendAccountLink } from '../../auth/account-links.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/accounts.ts';
import { mailText } from '../../mail/mail-text.ts';
import type { Mail, SendMail } from '../../mail/send-mail.ts';

export const signInLink = (publicUrl: string, token: string) =>
  `${publicUrl}${routes.signInLink.href({}, { query: { token } })}`;

/** A link to the account's address, replacing any unused one; null past the account's hourly share. */
export function issueSignInLink(
  db: Database,
  actor: AuditActor,
  user: { id: number; email: string },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const token = await issueAccountLink(tx, {
      userId: user.id,
      purpose: 'sign_in',
      email: user.email,
      requestedFrom: actor.ip,
    });
    if (token !== null) {
      await audit(tx, actor, {
        cloudId: null,
        objectType: 'user',
        objectId: user.id,
        action: 'sign_in_link_requested',
      });
    }
    return token;
  });
}

/**
 * Spends a sign-in link; answers the account it signs in, or null when the link does not work (any more),
 * the account is gone, its address changed, or it turned two-factor sign-in on meanwhile.
 */
export function spendSignInLink(db: Database, token: string) {
  return db.transaction(async (tx) => {
    const link = await spendAccountLink(tx, 'sign_in', token);
    if (!link) return null;
    const [user] = await tx
      .select({ userId: users.id, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.id, link.userId),
          isNull(users.deletedAt),
          isNull(users.totpEnabledAt),
          sql`lower(${users.email}) = ${link.email.toLowerCase()}`,
        ),
      );
    return user ?? null;
  });
}

export async function mailSignInLink(
  sendMail: SendMail,
  log: FastifyBaseLogger,
  mail: { to: string; language: string; productName: string; link: string; from?: Mail['from'] },
): Promise<void> {
  const t = mailText(mail.language);
  const values = { product: mail.productName, current: mail.to };
  try {
    await sendMail({
      to: mail.to,
      from: mail.from,
      subject: t('account.mail.signInSubject', values),
      text: [t('account.mail.signInIntro', values), '', mail.link, '', t('account.mail.signInNotYou')].join(
        '\n',
      ),
    });
  } catch (error) {
    log.warn({ err: error }, 'sign-in link mail not sent');
  }
}
