// Mail through the SMTP server named by SMTP_URL (docs/decisions.md): invitations, password resets and alerts.
import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';

export type Mail = { to: string; subject: string; text: string };

/** Sends a mail and answers true, or answers false when the deployment has no SMTP server. */
export type SendMail = (mail: Mail) => Promise<boolean>;

export function mailSender(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): SendMail {
  const { smtpUrl } = config;
  if (!smtpUrl) return async () => false;
  const transport = createTransport(smtpUrl);
  return async (mail) => {
    await transport.sendMail({ from: config.mailFrom, ...mail });
    return true;
  };
}
