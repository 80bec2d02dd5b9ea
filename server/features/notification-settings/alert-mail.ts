// The mail that tells a member about new alerts: one mail for all the alerts of one pass of the alert
// pipeline, so a storm of alerts is one mail, not hundreds.
import type { AlertData } from '../../../core/alerts/alert-params.ts';
import { alertDescription, alertTitle } from '../../../core/alerts/alert-texts.ts';
import type { AlertType } from '../../../core/domain.ts';
import { DEFAULT_LOCALE, isLocale } from '../../../core/locales.ts';
import { routes } from '../../../core/routes.ts';
import { alertTranslate, mailText } from '../../mail/mail-text.ts';
import type { Mail } from '../../mail/send-mail.ts';

/** Alerts a mail names one by one; the rest are counted. */
export const MAIL_ALERTS_LISTED = 10;

/** An alert with the names of where it happened. */
export type MailedAlert = {
  id: number;
  alertType: AlertType;
  /** alert_data_1..3 as the pipeline stored them. */
  data: AlertData;
  cloudId: number;
  cloudName: string;
  siteId: number | null;
  siteName: string | null;
  deviceId: number | null;
  deviceName: string | null;
  smartNvrId: number | null;
  smartNvrName: string | null;
};

/** The activity page that shows the alert: its device's or recorder's, else its site's, else its cloud's. */
export function alertPath(alert: MailedAlert): string {
  const hash = { hash: 'alert' } as const;
  if (alert.deviceId !== null && alert.siteId !== null)
    return routes.deviceActivity.href({ siteId: alert.siteId, deviceId: alert.deviceId }, hash);
  if (alert.smartNvrId !== null) return routes.smartNvrActivity.href({ smartNvrId: alert.smartNvrId }, hash);
  if (alert.siteId !== null) return routes.siteActivity.href({ siteId: alert.siteId }, hash);
  return routes.cloudActivity.href({ cloudId: alert.cloudId }, hash);
}

export function alertMail(mail: {
  to: string;
  language: string;
  publicUrl: string;
  alerts: readonly MailedAlert[];
}): Mail {
  const t = mailText(mail.language);
  const [first] = mail.alerts;
  if (!first) throw new Error('an alert mail needs an alert');
  const texts = alertTranslate(mail.language);
  const locale = isLocale(mail.language) ? mail.language : DEFAULT_LOCALE;
  const facts = (alert: MailedAlert) => ({
    alert_type: alert.alertType,
    alert_data_1: alert.data[0],
    alert_data_2: alert.data[1],
    alert_data_3: alert.data[2],
  });
  const title = (alert: MailedAlert) => alertTitle(texts, facts(alert));
  const where = (alert: MailedAlert) =>
    [alert.deviceName ?? alert.smartNvrName, alert.siteName, alert.cloudName].filter(Boolean).join(' · ');
  const clouds = [...new Set(mail.alerts.map((alert) => alert.cloudName))].join(', ');
  const count = mail.alerts.length;
  const subject =
    count === 1
      ? t('notifications.mail.subjectOne', { alert: title(first), where: where(first) })
      : t('notifications.mail.subjectMany', { count, clouds });

  const block = (alert: MailedAlert) =>
    [
      title(alert),
      alertDescription(texts, locale, facts(alert)) ?? false,
      alert.deviceName !== null && t('notifications.mail.device', { name: alert.deviceName }),
      alert.smartNvrName !== null && t('notifications.mail.smartnvr', { name: alert.smartNvrName }),
      alert.siteName !== null && t('notifications.mail.site', { name: alert.siteName }),
      t('notifications.mail.cloud', { name: alert.cloudName }),
      t('notifications.mail.open', { link: `${mail.publicUrl}${alertPath(alert)}` }),
    ]
      .filter((line) => line !== false)
      .join('\n');
  const listed = mail.alerts.slice(0, MAIL_ALERTS_LISTED);
  const rest = mail.alerts.slice(MAIL_ALERTS_LISTED);
  const [firstUnlisted] = rest;
  const text = [
    count === 1
      ? t('notifications.mail.introOne', { cloud: first.cloudName })
      : t('notifications.mail.introMany', { count }),
    ...listed.map(block),
    firstUnlisted &&
      t('notifications.mail.more', {
        count: rest.length,
        link: `${mail.publicUrl}${routes.cloudActivity.href({ cloudId: firstUnlisted.cloudId }, { hash: 'alert' })}`,
      }),
    t('notifications.mail.why'),
  ]
    .filter(Boolean)
    .join('\n\n');
  return { to: mail.to, subject, text };
}
