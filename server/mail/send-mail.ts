// Mail through the SMTP server named by SMTP_URL (docs/decisions.md): invitations, password resets and alerts.
import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The sender when not MAIL_FROM: a vpc cloud's name over MAIL_FROM's address (docs/vpc.md#mail). */
  from?: string | { name: string; address: string };
  /** Files sent with the mail (a generated report: docs/reports.md#mail). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

/** Sends a mail and answers true, or answers false when the deployment has no SMTP server. */
export type SendMail = (mail: Mail) => Promise<boolean>;

export function mailSender(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): SendMail {
  const { smtpUrl } = config;
  if (!smtpUrl) return async () => false;
  const transport = createTransport(smtpUrl);
  return async (mail) => {
    await transport.sendMail({ ...mail, from: mail.from ?? config.mailFrom });
    return true;
  };
}
