import { ALERT_TITLE_KEYS } from '../../../core/alert-titles.ts';
import type { PushMessage } from '../../../core/api/push.ts';
import type { AlertType } from '../../../core/domain.ts';
import { routes } from '../../../core/routes.ts';
// Push messages are composed on the server, in English, with the titles the web app shows.
import en from '../../../locales/en.json' with { type: 'json' };

export type AlertPushFacts = {
  id: number;
  cloudId: number;
  alertType: AlertType;
  cloudName: string;
  siteName: string | null;
  /** The device or smart NVR the alert is about, if any. */
  objectName: string | null;
};

/** What, where and in which cloud; a click opens the cloud's alerts on the activity page (SPEC §2.1). */
export function alertPushMessage(alert: AlertPushFacts): PushMessage {
  const where = [alert.objectName, alert.siteName, alert.cloudName].filter((part) => part);
  return {
    title: en[ALERT_TITLE_KEYS[alert.alertType]],
    body: where.join(' · '),
    url: routes.cloudActivity.href({ cloudId: alert.cloudId }, { hash: 'alert' }),
    tag: `alert-${alert.id}`,
  };
}
