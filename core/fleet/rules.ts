// What a heartbeat or a batch of events changes: the device's fields, its alerts and its health. Pure, so
// every transition is a unit test; the server stores the outcome (server/fleet/).
import type { RebootReason } from '../alerts/alert-params.ts';
import type { AlertType, HealthId, StatusId } from '../domain.ts';
import type { AgentState } from './agent-state.ts';
import {
  type AlertDraft,
  conditionId,
  draft,
  EVENT_ALERTS,
  eventAlert,
  HEARTBEAT_CONDITIONS,
  heartbeatConditions,
  parseConditionId,
} from './alert-rules.ts';
import { compareFirmware } from './firmware.ts';
import { deviceHealth, isStrained } from './health.ts';
import type { AgentEvent, HeartbeatRequest } from './protocol.ts';

/** What the console knows of the device before the message. */
export type DeviceBefore = {
  state: AgentState;
  statusId: StatusId;
  reported: boolean;
  blocked: boolean;
  decomm: boolean;
  fw: string;
  mgmtdVersion: string;
  ip: string | null;
  hostname: string;
};

export type DeviceFields = { fw: string; mgmtdVersion: string; ip: string | null; hostname: string };

export type Outcome = {
  state: AgentState;
  statusId: StatusId;
  health: HealthId;
  /** Alerts to store: condition alerts open, event alerts (EVENT_ALERTS) already resolved. */
  raise: AlertDraft[];
  /** Open condition alerts that ended. */
  resolve: { type: AlertType; key: string }[];
  /** Device fields that changed, with their new values. */
  changed: Partial<DeviceFields>;
  /** Former values of the fields that changed, for the history search reads (docs/decisions.md). */
  formerly: { field: 'ip' | 'hostname'; value: string }[];
  /**
   * The firmware the device ran before a downgrade, which suspends its configuration: what the console
   * holds was written for the newer one (docs/configuration.md#suspension).
   */
  downgradedFrom: string | null;
};

/** A reboot raised within this many seconds before the boot it is about belongs to that boot. */
const BOOT_SLACK_S = 10;

function rebootAlert(state: AgentState, now: Date, uptimeS: number, reason: RebootReason): AlertDraft | null {
  const bootedAt = now.getTime() - (uptimeS + BOOT_SLACK_S) * 1000;
  if (state.rebootRaisedAt && Date.parse(state.rebootRaisedAt) >= bootedAt) return null;
  // How long it had been up: the uptime it last reported before the restart, if it reported one.
  return draft('DEV_REBOOT', '', { reason, uptime: state.uptimeS });
}

function firmwareAlert(from: string, to: string): AlertDraft | null {
  if (!from || from === to) return null;
  const order = compareFirmware(to, from);
  if (order === null || order === 0) return null;
  return draft(order > 0 ? 'FW_UPGRADED' : 'FW_DOWNGRADED', '', { from, to });
}

function finish(before: DeviceBefore, outcome: Omit<Outcome, 'health' | 'downgradedFrom'>): Outcome {
  const health = deviceHealth({
    blocked: before.blocked,
    decomm: before.decomm,
    statusId: outcome.statusId,
    reported: before.reported || outcome.statusId === 'STATUS_ONLINE',
    conditions: outcome.state.conditions,
    strained: outcome.state.strained,
  });
  const { fw } = outcome.changed;
  const downgraded = fw !== undefined && before.fw !== '' && (compareFirmware(fw, before.fw) ?? 0) < 0;
  return { ...outcome, health, downgradedFrom: downgraded ? before.fw : null };
}

const noted = (state: AgentState, raise: AlertDraft[], now: Date): AgentState =>
  raise.some((alert) => alert.type === 'DEV_REBOOT')
    ? { ...state, rebootRaisedAt: now.toISOString() }
    : state;

/** A heartbeat: the device is online, and its report says which conditions hold now. */
export function applyHeartbeat(before: DeviceBefore, report: HeartbeatRequest, now: Date): Outcome {
  const raise: AlertDraft[] = [];
  const resolve: Outcome['resolve'] = [];
  if (before.statusId === 'STATUS_OFFLINE') resolve.push({ type: 'DEV_UNREACHABLE', key: '' });

  const current = heartbeatConditions(report);
  const currentIds = new Set(current.map(conditionId));
  const open = new Set(before.state.conditions);
  for (const condition of current) if (!open.has(conditionId(condition))) raise.push(condition);
  const conditions = [...currentIds];
  for (const id of open) {
    const { type, key } = parseConditionId(id);
    if (currentIds.has(id)) continue;
    // Conditions only events raise stay open until their own end (none today: every one is in heartbeats).
    if (HEARTBEAT_CONDITIONS.has(type)) resolve.push({ type, key });
    else conditions.push(id);
  }

  const restarted = before.state.uptimeS !== null && report.uptimeS < before.state.uptimeS;
  const reboot = restarted ? rebootAlert(before.state, now, report.uptimeS, 'unexpected') : null;
  if (reboot) raise.push(reboot);
  const firmware = firmwareAlert(before.fw, report.fw);
  if (firmware) raise.push(firmware);

  const reported: DeviceFields = {
    fw: report.fw,
    mgmtdVersion: report.mgmtdVersion,
    ip: report.ip ?? before.ip,
    hostname: report.hostname ?? before.hostname,
  };
  const changed: Partial<DeviceFields> = {};
  for (const field of ['fw', 'mgmtdVersion', 'ip', 'hostname'] as const) {
    if (reported[field] !== before[field]) Object.assign(changed, { [field]: reported[field] });
  }
  const formerly: Outcome['formerly'] = [];
  for (const field of ['ip', 'hostname'] as const) {
    const value = before[field];
    if (changed[field] !== undefined && value) formerly.push({ field, value });
  }

  const state = noted(
    { ...before.state, conditions, uptimeS: report.uptimeS, strained: isStrained(report.system) },
    raise,
    now,
  );
  return finish(before, { state, statusId: 'STATUS_ONLINE', raise, resolve, changed, formerly });
}

/** Events between heartbeats: each may raise an alert; condition alerts open until a heartbeat ends them. */
export function applyEvents(before: DeviceBefore, events: readonly AgentEvent[], now: Date): Outcome {
  let state = before.state;
  let fw = before.fw;
  const raise: AlertDraft[] = [];
  for (const event of events) {
    let alert: AlertDraft | null;
    if (event.type === 'reboot') alert = rebootAlert(state, now, event.data.uptimeS, event.data.reason);
    else if (event.type === 'firmware_changed') {
      alert = firmwareAlert(fw, event.data.to);
      fw = event.data.to;
    } else alert = eventAlert(event);
    if (!alert) continue;
    if (EVENT_ALERTS.has(alert.type)) {
      raise.push(alert);
      state = noted(state, [alert], now);
    } else if (!state.conditions.includes(conditionId(alert))) {
      raise.push(alert);
      state = { ...state, conditions: [...state.conditions, conditionId(alert)] };
    }
  }
  const changed: Partial<DeviceFields> = fw !== before.fw ? { fw } : {};
  return finish(before, { state, statusId: before.statusId, raise, resolve: [], changed, formerly: [] });
}
