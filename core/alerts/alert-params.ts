// One definition per alert type of what its alert_data_1..3 hold (docs/alert-rules.md): each slot's name and
// kind (which says its unit and how it is written), and the texts that show them. The fleet pipeline and
// the demo seed write the slots through encodeAlertData; the web app, push and mail read them through
// core/alerts/alert-texts.ts, so an alert reads the same wherever it was made.
import type { AlertType, TaskType } from '../domain.ts';

/**
 * How a value is stored (always a string in the alert's data columns) and shown:
 * - text: words the device reported, shown as they came; version, mac: a firmware version, a MAC address
 * - duration: whole seconds, shown in the largest fitting unit (45 s, 42 min, 7 h, 12 days)
 * - watts: a power in W with at most one decimal; band: a frequency band in GHz; channel: a channel number
 * - share: "failed/total" devices, shown as "2 of 5"
 * - rebootReason: a reboot reason code of the agent protocol, or "unexpected"; taskType: a task type id
 * - taskId: kept for reference, never shown (a raw id means nothing to a person)
 */
export type ParamKind =
  | 'text'
  | 'version'
  | 'mac'
  | 'duration'
  | 'watts'
  | 'band'
  | 'channel'
  | 'share'
  | 'rebootReason'
  | 'taskType'
  | 'taskId';

type ParamSpec = { readonly name: string; readonly kind: ParamKind };
/** The i18n key of a text and the slots it shows; the first text whose slots are all filled is used. */
type TextSpec = readonly [key: string, ...names: string[]];
export type AlertDefinition = {
  readonly params: readonly [ParamSpec?, ParamSpec?, ParamSpec?];
  readonly texts: readonly TextSpec[];
};

const p = <N extends string, K extends ParamKind>(name: N, kind: K) => ({ name, kind }) as const;

export const ALERT_PARAMS = {
  DEV_CONFIG_FAILED: {
    params: [p('reason', 'text')],
    texts: [['alerts.description.devConfigFailed', 'reason']],
  },
  DEV_UNREACHABLE: {
    params: [p('silence', 'duration')],
    texts: [['alerts.description.devUnreachable', 'silence']],
  },
  DEV_REBOOT: {
    params: [p('reason', 'rebootReason'), p('uptime', 'duration')],
    texts: [
      ['alerts.description.devReboot', 'reason', 'uptime'],
      ['alerts.description.devRebootReason', 'reason'],
    ],
  },
  BOOTBANK_REVERT: {
    params: [p('failed', 'version'), p('running', 'version')],
    texts: [['alerts.description.bootbankRevert', 'failed', 'running']],
  },
  POWER_CONSUMPTION: {
    params: [p('used', 'watts'), p('budget', 'watts')],
    texts: [['alerts.description.powerConsumption', 'used', 'budget']],
  },
  DEV_REQ_ACTION: {
    params: [p('action', 'text')],
    texts: [['alerts.description.devReqAction', 'action']],
  },
  MEDIA_SYNC_FAILURE: {
    params: [p('reason', 'text'), p('camera', 'text')],
    texts: [
      ['alerts.description.mediaSyncFailureCamera', 'camera', 'reason'],
      ['alerts.description.mediaSyncFailure', 'reason'],
    ],
  },
  TIME_UNSYNCED: {
    params: [p('offset', 'duration')],
    texts: [['alerts.description.timeUnsynced', 'offset']],
  },
  LINK_60G_DOWN: {
    params: [p('peer', 'mac')],
    texts: [['alerts.description.link60gDown', 'peer']],
  },
  STREAM_FAILED: {
    params: [p('camera', 'text'), p('reason', 'text')],
    texts: [
      ['alerts.description.streamFailed', 'camera', 'reason'],
      ['alerts.description.streamFailedCamera', 'camera'],
    ],
  },
  TASK_FAILED: {
    params: [p('task', 'taskId'), p('type', 'taskType'), p('devices', 'share')],
    texts: [['alerts.description.taskFailed', 'type', 'devices']],
  },
  UCI_FILE_SYNC: {
    // The files the device named; the keys that differ, once it sent the document it runs.
    params: [p('files', 'text'), p('keys', 'text')],
    texts: [
      ['alerts.description.uciFileSyncKeys', 'keys'],
      ['alerts.description.uciFileSync', 'files'],
    ],
  },
  CHANNEL_CHANGED: {
    params: [p('from', 'channel'), p('to', 'channel'), p('band', 'band')],
    texts: [['alerts.description.channelChanged', 'from', 'to', 'band']],
  },
  FW_UPGRADED: {
    params: [p('from', 'version'), p('to', 'version')],
    texts: [['alerts.description.fwUpgraded', 'from', 'to']],
  },
  FW_DOWNGRADED: {
    params: [p('from', 'version'), p('to', 'version')],
    texts: [['alerts.description.fwDowngraded', 'from', 'to']],
  },
  DEV_MANAGE_DEVICE_UNREACHABLE: {
    params: [p('name', 'text'), p('mac', 'mac')],
    texts: [
      ['alerts.description.devManageDeviceUnreachable', 'name', 'mac'],
      ['alerts.description.devManageDeviceUnreachableMac', 'mac'],
    ],
  },
  GUEST_CERT_EXPIRING: {
    // The certificate's subject, and the time left until its end when the alert was raised.
    params: [p('subject', 'text'), p('left', 'duration')],
    texts: [
      ['alerts.description.guestCertExpiring', 'subject', 'left'],
      ['alerts.description.guestCertExpiringSubject', 'subject'],
    ],
  },
} as const satisfies Record<AlertType, AlertDefinition>;

/** Reboot reasons a device reports (agent protocol), and "unexpected" when only its uptime told. */
export const REBOOT_REASONS = ['power', 'watchdog', 'user', 'firmware', 'crash', 'unexpected'] as const;
export type RebootReason = (typeof REBOOT_REASONS)[number];

type ValueOf<K extends ParamKind> = K extends 'duration' | 'watts' | 'channel' | 'taskId'
  ? number
  : K extends 'band'
    ? string
    : K extends 'share'
      ? { failed: number; total: number }
      : K extends 'rebootReason'
        ? RebootReason
        : K extends 'taskType'
          ? TaskType
          : string;

type Specs<T extends AlertType> = (typeof ALERT_PARAMS)[T]['params'][number];
/** The values of an alert type's slots by name; null where the device did not say. */
export type AlertParams<T extends AlertType> = {
  [S in Specs<T> as S['name']]: ValueOf<S['kind']> | null;
};

export type AlertData = readonly [string | null, string | null, string | null];

function encode(kind: ParamKind, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'duration':
      return String(Math.max(0, Math.round(value as number)));
    case 'watts':
      return String(Math.round((value as number) * 10) / 10);
    case 'share': {
      const { failed, total } = value as { failed: number; total: number };
      return `${failed}/${total}`;
    }
    default: {
      const text = String(value);
      return text === '' ? null : text;
    }
  }
}

/** alert_data_1..3 of an alert of this type from its named values. */
export function encodeAlertData<T extends AlertType>(type: T, values: AlertParams<T>): AlertData {
  const named = values as Record<string, unknown>;
  const slot = (index: 0 | 1 | 2) => {
    const spec: ParamSpec | undefined = ALERT_PARAMS[type].params[index];
    return spec ? encode(spec.kind, named[spec.name]) : null;
  };
  return [slot(0), slot(1), slot(2)];
}
