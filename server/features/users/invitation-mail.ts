// The invitation mail, and what the inviter is told when it cannot go out.
import type { FastifyBaseLogger } from 'fastify';
import type { InvitationMail } from '../../../core/api/users.ts';
import type { Mail, SendMail } from '../../mail/send-mail.ts';

/** The link that opens the invitation page; whoever holds it may answer the invitation. */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/welcome/invitation?token=${encodeURIComponent(token)}`;

/** Mails the invitation; a failure is logged and reported, as the inviter can still pass the link on. */
export async function mailInvitation(
  sendMail: SendMail,
  log: FastifyBaseLogger,
  mail: {
    to: string;
    cloudName: string;
    /** Who invites; null for a cloud API token, so the mail names the cloud instead. */
    inviter: string | null;
    productName: string;
    link: string;
    from?: Mail['from'];
  },
): Promise<InvitationMail> {
  try {
    const sent = await sendMail({
      to: mail.to,
      from: mail.from,
      subject: mail.inviter
        ? `${mail.inviter} invited you to ${mail.cloudName} on ${mail.productName}`
        : `You are invited to ${mail.cloudName} on ${mail.productName}`,
      text: [
        mail.inviter
          ? `${mail.inviter} invited you to join the cloud "${mail.cloudName}" on ${mail.productName}.`
          : `You are invited to join the cloud "${mail.cloudName}" on ${mail.productName}.`,
        '',
        `Open this link to answer (it works for 7 days): ${mail.link}`,
        '',
        'If you did not expect this invitation, ignore this mail.',
      ].join('\n'),
    });
    return sent ? 'sent' : 'not_configured';
  } catch (error) {
    log.warn({ err: error }, 'invitation mail not sent');
    return 'failed';
  }
}
