// Changing an account's email (docs/security.md "Email addresses"): the new address takes effect only once
// the link mailed to it is opened, which also marks it verified; the old address is told a change was
// asked. A platform administrator may set an address directly, verified on their word.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { routes } from '../../../core/routes.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import { cancelAccountLinks, issueAccountLink, spendAccountLink } from '../../auth/account-links.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/accounts.ts';
import { mailText } from '../../mail/mail-text.ts';
import type { SendMail } from '../../mail/send-mail.ts';

export const emailChangeLink = (publicUrl: string, token: string) =>
  `${publicUrl}${routes.confirmEmail.href({}, { query: { token } })}`;

const personal = { cloudId: null, objectType: 'user' } as const;

/** Whether another live account uses the address (any case). */
async function emailTaken(tx: Database, email: string, userId: number): Promise<boolean> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)));
  return taken !== undefined;
}

/**
 * A link that makes `email` the account's verified address, replacing any earlier one. The address may be
 * the current one, still unverified. 'email_taken' when another account uses it; 'too_many' when the
 * account has had its hourly share of links.
 */
export function requestEmailChange(
  db: Database,
  actor: AuditActor & { userId: number },
  email: string,
): Promise<{ token: string } | 'email_taken' | 'too_many'> {
  return db.transaction(async (tx) => {
    if (await emailTaken(tx, email, actor.userId)) return 'email_taken';
    const token = await issueAccountLink(tx, {
      userId: actor.userId,
      purpose: 'email_change',
      email,
      requestedFrom: actor.ip,
    });
    if (token === null) return 'too_many';
    await audit(tx, actor, {
      ...personal,
      action: 'email_change_requested',
      objectId: actor.userId,
      after: { email },
    });
    return { token };
  });
}

/** Makes the address the account's own and verified, in the caller's transaction. */
async function setVerifiedEmail(
  tx: Database,
  actor: AuditActor,
  userId: number,
  email: string,
  verifiedBy: 'mailed link' | 'platform administrator',
): Promise<'ok' | 'email_taken' | 'not_found'> {
  const [before] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!before) return 'not_found';
  if (await emailTaken(tx, email, userId)) return 'email_taken';
  await tx
    .update(users)
    .set({ email, emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await cancelAccountLinks(tx, userId, 'email_change');
  await audit(tx, actor, {
    ...personal,
    action: 'email_changed',
    objectId: userId,
    objectName: before.email,
    before: { email: before.email },
    after: { email, verifiedBy },
  });
  return 'ok';
}

/**
 * Spends an email-change link and makes its address the account's verified email. 'gone' when the link
 * does not work (any more), 'email_taken' when another account took the address meanwhile.
 */
export function confirmEmailChange(
  db: Database,
  ip: string,
  token: string,
): Promise<{ email: string } | 'gone' | 'email_taken'> {
  return db.transaction(async (tx) => {
    const link = await spendAccountLink(tx, 'email_change', token);
    if (!link) return 'gone';
    const actor = { userId: link.userId, ip };
    const result = await setVerifiedEmail(tx, actor, link.userId, link.email, 'mailed link');
    if (result === 'not_found') return 'gone';
    return result === 'ok' ? { email: link.email } : result;
  });
}

/** A platform administrator sets a person's email, verified on the administrator's word. */
export function setEmailByAdministrator(
  db: Database,
  actor: AuditActor,
  userId: number,
  email: string,
): Promise<'ok' | 'email_taken' | 'not_found'> {
  return db.transaction((tx) => setVerifiedEmail(tx, actor, userId, email, 'platform administrator'));
}

type ChangeMail = {
  /** The account's current address and language. */
  current: string;
  language: string;
  requested: string;
  productName: string;
  link: string;
};

/**
 * Mails the link to the requested address and, when it is a new one, tells the current address a change
 * was asked. Failures are logged: the profile shows the pending address, and saving again sends a new link.
 */
export async function mailEmailChange(sendMail: SendMail, log: FastifyBaseLogger, mail: ChangeMail) {
  const t = mailText(mail.language);
  const values = { product: mail.productName, current: mail.current, requested: mail.requested };
  const isNew = mail.requested.toLowerCase() !== mail.current.toLowerCase();
  const mails = [
    {
      to: mail.requested,
      subject: t(isNew ? 'account.mail.confirmSubject' : 'account.mail.verifySubject', values),
      text: [
        t(isNew ? 'account.mail.confirmIntro' : 'account.mail.verifyIntro', values),
        '',
        mail.link,
        '',
        t('account.mail.confirmNotYou'),
      ].join('\n'),
    },
  ];
  if (isNew) {
    mails.push({
      to: mail.current,
      subject: t('account.mail.noticeSubject', values),
      text: [t('account.mail.noticeIntro', values), '', t('account.mail.noticeNotYou')].join('\n'),
    });
  }
  for (const each of mails) {
    try {
      await sendMail(each);
    } catch (error) {
      log.warn({ err: error }, 'email-change mail not sent');
    }
  }
}
