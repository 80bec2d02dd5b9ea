// Every alert type, made by the fleet pipeline's own functions, reads as a person expects in every language:
// its values named, with their units, and no timestamp or raw id in the text.
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import es_419 from '../../locales/es_419.json' with { type: 'json' };
import hu from '../../locales/hu.json' with { type: 'json' };
import ja from '../../locales/ja.json' with { type: 'json' };
import lt from '../../locales/lt.json' with { type: 'json' };
import zh_CN from '../../locales/zh_CN.json' with { type: 'json' };
import zh_TW from '../../locales/zh_TW.json' with { type: 'json' };
import { ALERT_TYPES, type AlertType, TASK_STATES, type TaskState } from '../domain.ts';
import { INITIAL_AGENT_STATE } from '../fleet/agent-state.ts';
import {
  certificateExpiringAlertData,
  taskFailedAlertData,
  unreachableAlertData,
} from '../fleet/alert-rules.ts';
import type { AgentEvent, HeartbeatRequest } from '../fleet/protocol.ts';
import { applyEvents, applyHeartbeat, type DeviceBefore } from '../fleet/rules.ts';
import type { Locale } from '../locales.ts';
import { ALERT_PARAMS, type AlertData, type ParamKind } from './alert-params.ts';
import { type AlertFacts, alertDescription, alertTitle, alertValues, type Translate } from './alert-texts.ts';

const CATALOGUES: Record<Locale, Record<string, string>> = { en, es_419, hu, ja, lt, zh_CN, zh_TW };
const NOW = new Date('2026-11-26T19:05:07Z');
const TASK_ID = 4242;

/** The catalogue's text with its placeholders filled, as i18next and the mail texts do; a missing key fails. */
const translate =
  (locale: Locale): Translate =>
  (key, values) => {
    const text = CATALOGUES[locale][key];
    if (text === undefined) throw new Error(`${locale} has no text ${key}`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
  };

const device: DeviceBefore = {
  state: { ...INITIAL_AGENT_STATE, uptimeS: 86_000 },
  statusId: 'STATUS_ONLINE',
  reported: true,
  blocked: false,
  decomm: false,
  fw: '6.1.0-3',
  mgmtdVersion: '2.4.1',
  ip: '10.0.0.2',
  hostname: 'ap-lobby',
};

/** A heartbeat that shows every condition at once, after a restart, on newer firmware. */
const troubled: HeartbeatRequest = {
  seq: 1,
  uptimeS: 40,
  fw: '6.2.0-1',
  mgmtdVersion: '2.4.1',
  system: { cpuPct: 20, memPct: 30, tempC: 50, powerW: 381.46, powerBudgetW: 370 },
  timeSync: { synced: false, offsetMs: -754_321 },
  config: { applied: false, error: 'vlan 4095 is reserved', unsyncedFiles: ['network', 'wireless'] },
  actionRequired: 'replace the power supply',
  links: [{ peerMac: '02:AB:00:00:00:3C', band: '60', up: false }],
  cameras: [{ id: 'cam-7', name: 'Camera 07 Parking', stream: 'failed', bitrateKbps: 0 }],
  mediaSync: { ok: false, lagS: 3600, error: 'Storage volume not reachable', cameraId: 'cam-7' },
  managedDevices: [
    { mac: '02:00:00:00:01:01', name: 'Branch switch', reachable: false },
    { mac: '02:00:00:00:01:02', name: '', reachable: false },
  ],
};

const at = NOW.toISOString();
const events: AgentEvent[] = [
  { type: 'reboot', at, data: { reason: 'watchdog', uptimeS: 30 } },
  { type: 'channel_changed', at, data: { band: '2.4', from: 1, to: 11, reason: 'interference' } },
  { type: 'firmware_changed', at, data: { from: '6.1.0-3', to: '6.0.4-1' } },
  { type: 'bootbank_revert', at, data: { failed: '6.1.0-3', running: '6.0.4-1' } },
  {
    type: 'stream_failed',
    at,
    data: { cameraId: 'cam-1', cameraName: 'Camera 01', error: 'RTSP timed out' },
  },
  // The recorder's storage as a whole: no camera to name.
  { type: 'media_sync_failed', at, data: { error: 'NAS offline' } },
];

const counts = (fields: Partial<Record<TaskState, number>>) =>
  Object.fromEntries(TASK_STATES.map((state) => [state, fields[state] ?? 0])) as Record<TaskState, number>;

/** Every alert the pipeline makes of the messages above, as it stores them. */
function pipelineAlerts(): AlertFacts[] {
  const raised: { type: AlertType; data: AlertData }[] = [
    ...applyHeartbeat(device, troubled, NOW).raise,
    ...applyEvents({ ...device, state: { ...INITIAL_AGENT_STATE, uptimeS: 3_888_000 } }, events, NOW).raise,
    // A device that restarts before its first heartbeat: how long it had been up is not known.
    ...applyEvents({ ...device, state: INITIAL_AGENT_STATE }, events.slice(0, 1), NOW).raise,
    { type: 'DEV_UNREACHABLE', data: unreachableAlertData(new Date(NOW.getTime() - 212_000), NOW) },
    {
      type: 'TASK_FAILED',
      data: taskFailedAlertData(
        { id: TASK_ID, type: 'TASK_FW_UPDATE' },
        counts({ TASK_SUCCESS: 3, TASK_FAIL: 2 }),
      ),
    },
    {
      type: 'GUEST_CERT_EXPIRING',
      data: certificateExpiringAlertData(
        { subject: 'CN=wifi.example.com', notAfter: new Date(NOW.getTime() + 21 * 86_400_000) },
        NOW,
      ),
    },
  ];
  return raised.map(({ type, data: [d1, d2, d3] }) => ({
    alert_type: type,
    alert_data_1: d1,
    alert_data_2: d2,
    alert_data_3: d3,
  }));
}

const alerts = pipelineAlerts();
const english = (alert: AlertFacts) => alertDescription(translate('en'), 'en', alert);

describe('alert texts of pipeline-made alerts', () => {
  it('cover every alert type', () => {
    expect(new Set(alerts.map((alert) => alert.alert_type))).toEqual(new Set(ALERT_TYPES));
  });

  it('read in English with names and units', () => {
    expect(alerts.map((alert) => [alert.alert_type, english(alert)])).toEqual([
      ['TIME_UNSYNCED', 'The clock is 13 minutes off.'],
      ['POWER_CONSUMPTION', '381.5 W drawn, over the 370 W budget.'],
      ['DEV_CONFIG_FAILED', 'The settings could not be applied: vlan 4095 is reserved'],
      ['UCI_FILE_SYNC', 'Changed on the device, outside the console: network, wireless'],
      ['DEV_REQ_ACTION', 'The device needs: replace the power supply'],
      ['LINK_60G_DOWN', 'The link to 02:ab:00:00:00:3c is down.'],
      ['STREAM_FAILED', 'Camera 07 Parking sends no stream.'],
      [
        'MEDIA_SYNC_FAILURE',
        'Recordings of Camera 07 Parking could not be synchronised: Storage volume not reachable',
      ],
      ['DEV_MANAGE_DEVICE_UNREACHABLE', 'Branch switch (02:00:00:00:01:01) does not answer.'],
      ['DEV_MANAGE_DEVICE_UNREACHABLE', '02:00:00:00:01:02 does not answer.'],
      ['DEV_REBOOT', 'Reason: unexpected restart. It had been up for 24 hours.'],
      ['FW_UPGRADED', 'From 6.1.0-3 to 6.2.0-1.'],
      ['DEV_REBOOT', 'Reason: watchdog. It had been up for 45 days.'],
      ['CHANNEL_CHANGED', 'Moved from channel 1 to channel 11 (2.4 GHz).'],
      ['FW_DOWNGRADED', 'From 6.1.0-3 to 6.0.4-1.'],
      ['BOOTBANK_REVERT', 'Firmware 6.1.0-3 did not start; back on 6.0.4-1.'],
      ['STREAM_FAILED', 'Camera 01: RTSP timed out'],
      ['MEDIA_SYNC_FAILURE', 'Recordings could not be synchronised: NAS offline'],
      ['DEV_REBOOT', 'Reason: watchdog.'],
      ['DEV_UNREACHABLE', 'No contact for 4 minutes.'],
      ['TASK_FAILED', 'Firmware update did not succeed. Devices that failed: 2 of 5.'],
      [
        'GUEST_CERT_EXPIRING',
        'The certificate CN=wifi.example.com expires in 21 days. Replace it on the AuthPort Certificate page.',
      ],
    ]);
  });

  // Kinds whose value is a quantity: shown with its unit or its label, never as a bare number.
  const QUANTITIES: readonly ParamKind[] = ['duration', 'watts', 'band', 'channel'];
  const kindOf = (type: AlertType, name: string) =>
    ALERT_PARAMS[type].params.find((spec) => spec?.name === name)?.kind;

  describe.each(Object.keys(CATALOGUES) as Locale[])('in %s', (locale) => {
    const t = translate(locale);

    it.each(alerts.map((alert, index) => [`${alert.alert_type} #${index}`, alert] as const))(
      '%s has a title and a description without timestamps, raw ids or bare numbers',
      (_, alert) => {
        expect(alertTitle(t, alert).length).toBeGreaterThan(0);
        const description = alertDescription(t, locale, alert);
        expect(description).toBeTruthy();
        const text = description ?? '';
        expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
        expect(text).not.toContain(String(TASK_ID));
        expect(text).not.toMatch(/\{\{|\}\}/);
        const values = alertValues(t, locale, alert);
        for (const [name, value] of Object.entries(values)) {
          const kind = kindOf(alert.alert_type, name);
          if (kind && QUANTITIES.includes(kind)) expect(value, `${name} has its unit`).toMatch(/\p{L}/u);
        }
        // What is left once the values are taken out is the language's own words: no number of its own.
        const rest = Object.values(values)
          .sort((a, b) => b.length - a.length)
          .reduce((left, value) => left.split(value).join(' '), text);
        expect(rest, text).not.toMatch(/\d/);
      },
    );
  });

  it('shows nothing half-filled when the device left the values out', () => {
    for (const type of ALERT_TYPES) {
      const empty = { alert_type: type, alert_data_1: null, alert_data_2: null, alert_data_3: null };
      expect(alertDescription(translate('en'), 'en', empty)).toBeNull();
    }
  });
});
