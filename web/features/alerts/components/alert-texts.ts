// The readable title (keys in core/alert-titles.ts) and description of every SPEC §3 alert type, and the
// health names: static key maps, so every key is visible to the type checker and to a search of the code.
import type { TFunction } from 'i18next';
import { ALERT_TITLE_KEYS } from '../../../../core/alert-titles.ts';
import type { Alert } from '../../../../core/api/alerts.ts';
import type { AlertType, HealthId } from '../../../../core/domain.ts';

/** alert_data_1..3: what the device reported with the alert. */
type AlertData = readonly [string | null, string | null, string | null];
type Describe = (t: TFunction, data: AlertData) => string | null;

/**
 * The description of each type from the data fields that mean something for it; null when the device left
 * out a field the text needs, so nothing half-filled is shown.
 */
const ALERT_DESCRIPTIONS: Record<AlertType, Describe> = {
  DEV_CONFIG_FAILED: (t, [section, reason]) =>
    section && reason ? t('alerts.description.devConfigFailed', { section, reason }) : null,
  DEV_UNREACHABLE: (t, [minutes]) => (minutes ? t('alerts.description.devUnreachable', { minutes }) : null),
  DEV_REBOOT: (t, [reason, uptime]) =>
    reason && uptime ? t('alerts.description.devReboot', { reason, uptime }) : null,
  BOOTBANK_REVERT: (t, [failed, running]) =>
    failed && running ? t('alerts.description.bootbankRevert', { failed, running }) : null,
  POWER_CONSUMPTION: (t, [used, budget, port]) =>
    used && budget && port ? t('alerts.description.powerConsumption', { used, budget, port }) : null,
  DEV_REQ_ACTION: (t, [action]) => (action ? t('alerts.description.devReqAction', { action }) : null),
  MEDIA_SYNC_FAILURE: (t, [camera, reason]) =>
    camera && reason ? t('alerts.description.mediaSyncFailure', { camera, reason }) : null,
  TIME_UNSYNCED: (t, [server, offset]) =>
    server && offset ? t('alerts.description.timeUnsynced', { server, offset }) : null,
  LINK_60G_DOWN: (t, [peer, mac]) =>
    peer && mac ? t('alerts.description.link60gDown', { peer, mac }) : null,
  STREAM_FAILED: (t, [, camera, reason]) =>
    camera && reason ? t('alerts.description.streamFailed', { camera, reason }) : null,
  TASK_FAILED: (t, [task, , devices]) =>
    task && devices ? t('alerts.description.taskFailed', { task, devices }) : null,
  UCI_FILE_SYNC: (t, [file, reason]) =>
    file && reason ? t('alerts.description.uciFileSync', { file, reason }) : null,
  CHANNEL_CHANGED: (t, [from, to, band]) =>
    from && to && band ? t('alerts.description.channelChanged', { from, to, band }) : null,
  FW_UPGRADED: (t, [from, to]) => (from && to ? t('alerts.description.fwUpgraded', { from, to }) : null),
  FW_DOWNGRADED: (t, [from, to]) => (from && to ? t('alerts.description.fwDowngraded', { from, to }) : null),
  DEV_MANAGE_DEVICE_UNREACHABLE: (t, [name, ip]) =>
    name && ip ? t('alerts.description.devManageDeviceUnreachable', { name, ip }) : null,
};

export const HEALTH_LABEL_KEYS = {
  HEALTH_UNKNOWN: 'alerts.health.unknown',
  HEALTH_NORMAL: 'alerts.health.normal',
  HEALTH_WARNING: 'alerts.health.warning',
  HEALTH_CRITICAL: 'alerts.health.critical',
} as const satisfies Record<HealthId, string>;

export function alertTitle(t: TFunction, alert: Pick<Alert, 'alert_type'>): string {
  return t(ALERT_TITLE_KEYS[alert.alert_type]);
}

export function alertDescription(
  t: TFunction,
  alert: Pick<Alert, 'alert_type' | 'alert_data_1' | 'alert_data_2' | 'alert_data_3'>,
): string | null {
  return ALERT_DESCRIPTIONS[alert.alert_type](t, [
    alert.alert_data_1,
    alert.alert_data_2,
    alert.alert_data_3,
  ]);
}
