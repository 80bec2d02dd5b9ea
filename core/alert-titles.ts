// The i18n key of each docs/entities.md alert type's title: the web app shows it in the user's language and
// push notifications use its English text (locales/en.json), so both name an alert the same way.
import type { AlertType } from './domain.ts';

export const ALERT_TITLE_KEYS = {
  DEV_CONFIG_FAILED: 'alerts.title.devConfigFailed',
  DEV_UNREACHABLE: 'alerts.title.devUnreachable',
  DEV_REBOOT: 'alerts.title.devReboot',
  BOOTBANK_REVERT: 'alerts.title.bootbankRevert',
  POWER_CONSUMPTION: 'alerts.title.powerConsumption',
  DEV_REQ_ACTION: 'alerts.title.devReqAction',
  MEDIA_SYNC_FAILURE: 'alerts.title.mediaSyncFailure',
  TIME_UNSYNCED: 'alerts.title.timeUnsynced',
  LINK_60G_DOWN: 'alerts.title.link60gDown',
  STREAM_FAILED: 'alerts.title.streamFailed',
  TASK_FAILED: 'alerts.title.taskFailed',
  UCI_FILE_SYNC: 'alerts.title.uciFileSync',
  CHANNEL_CHANGED: 'alerts.title.channelChanged',
  FW_UPGRADED: 'alerts.title.fwUpgraded',
  FW_DOWNGRADED: 'alerts.title.fwDowngraded',
  DEV_MANAGE_DEVICE_UNREACHABLE: 'alerts.title.devManageDeviceUnreachable',
  GUEST_CERT_EXPIRING: 'alerts.title.guestCertExpiring',
} as const satisfies Record<AlertType, string>;
