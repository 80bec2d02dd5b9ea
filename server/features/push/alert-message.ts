import type { AlertData } from '../../../core/alerts/alert-params.ts';
import { alertDescription, alertTitle } from '../../../core/alerts/alert-texts.ts';
import type { PushMessage } from '../../../core/api/push.ts';
import type { AlertType } from '../../../core/domain.ts';
import { routes } from '../../../core/routes.ts';
import { alertTranslate } from '../../mail/mail-text.ts';

export type AlertPushFacts = {
  id: number;
  cloudId: number;
  alertType: AlertType;
  /** alert_data_1..3 as the pipeline stored them. */
  data: AlertData;
  cloudName: string;
  siteName: string | null;
  /** The device or smart NVR the alert is about, if any. */
  objectName: string | null;
};

/**
 * What happened, where and in which cloud, in English with the texts the web app shows; a click opens the
 * cloud's alerts on the activity page (docs/alert-rules.md).
 */
export function alertPushMessage(alert: AlertPushFacts): PushMessage {
  const t = alertTranslate('en');
  const facts = {
    alert_type: alert.alertType,
    alert_data_1: alert.data[0],
    alert_data_2: alert.data[1],
    alert_data_3: alert.data[2],
  };
  const where = [alert.objectName, alert.siteName, alert.cloudName].filter((part) => part).join(' · ');
  const description = alertDescription(t, 'en', facts);
  return {
    title: alertTitle(t, facts),
    body: description ? `${description}\n${where}` : where,
    url: routes.cloudActivity.href({ cloudId: alert.cloudId }, { hash: 'alert' }),
    tag: `alert-${alert.id}`,
  };
}
