import type { PushMessage } from '../../../core/api/push.ts';
import type { AlertType } from '../../../core/domain.ts';
import { routes } from '../../../core/routes.ts';

/** The notification title of each alert type (push messages are composed on the server, in English). */
export const ALERT_PUSH_TITLES: Readonly<Record<AlertType, string>> = {
  DEV_CONFIG_FAILED: 'Configuration failed',
  DEV_UNREACHABLE: 'Device unreachable',
  DEV_REBOOT: 'Device rebooted',
  BOOTBANK_REVERT: 'Boot bank reverted',
  POWER_CONSUMPTION: 'Power consumption alert',
  DEV_REQ_ACTION: 'Device requires action',
  MEDIA_SYNC_FAILURE: 'Media sync failed',
  TIME_UNSYNCED: 'Time not synchronised',
  LINK_60G_DOWN: '60 GHz link down',
  STREAM_FAILED: 'Stream failed',
  TASK_FAILED: 'Task failed',
  UCI_FILE_SYNC: 'Configuration file synchronised',
  CHANNEL_CHANGED: 'Channel changed',
  FW_UPGRADED: 'Firmware upgraded',
  FW_DOWNGRADED: 'Firmware downgraded',
  DEV_MANAGE_DEVICE_UNREACHABLE: 'Management daemon unreachable',
};

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
    title: ALERT_PUSH_TITLES[alert.alertType],
    body: where.join(' · '),
    url: routes.cloudActivity.href({ cloudId: alert.cloudId }, { hash: 'alert' }),
    tag: `alert-${alert.id}`,
  };
}
