// The web app shows every alert type's title and description (core/alerts) in the app's language.
import { describe, expect, it } from 'vitest';
import { ALERT_TITLE_KEYS } from '../../../../core/alert-titles.ts';
import type { Alert } from '../../../../core/api/alerts.ts';
import { ALERT_TYPES, type AlertType, HEALTH_IDS } from '../../../../core/domain.ts';
import en from '../../../../locales/en.json' with { type: 'json' };
import { i18n, initI18n } from '../../../platform/i18n.ts';
import { alertDescription, alertTitle, HEALTH_LABEL_KEYS } from './alert-texts.ts';

await initI18n('en');
const t = i18n.t.bind(i18n);

function alertOf(type: AlertType, data: [string | null, string | null, string | null]): Alert {
  return {
    id: 1,
    alert_type: type,
    alert_data_1: data[0],
    alert_data_2: data[1],
    alert_data_3: data[2],
    health_id: 'HEALTH_WARNING',
    is_viewed: false,
    problem_at: '2026-05-04T10:00:00.000Z',
    site_id: 5,
    site_name: 'Harbour Office',
    attrs: {
      device_id: 11,
      device_name: 'AP Lobby',
      snvr_device_id: null,
      snvr_device_name: null,
      cloud_id: 3,
    },
  };
}

// Data as the pipeline stores it (core/alerts/alert-params.ts), and what the person reads.
const EXAMPLES: Record<AlertType, [[string | null, string | null, string | null], string, string]> = {
  DEV_CONFIG_FAILED: [
    ['Channel 165 is not allowed', null, null],
    'Configuration failed',
    'The settings could not be applied: Channel 165 is not allowed',
  ],
  DEV_UNREACHABLE: [['2520', null, null], 'Device unreachable', 'No contact for 42 minutes.'],
  DEV_REBOOT: [
    ['watchdog', '1116000', null],
    'Device rebooted',
    'Reason: watchdog. It had been up for 13 days.',
  ],
  BOOTBANK_REVERT: [
    ['6.1.0-3', '6.0.4-1', null],
    'Firmware reverted',
    'Firmware 6.1.0-3 did not start; back on 6.0.4-1.',
  ],
  POWER_CONSUMPTION: [
    ['381.5', '370', null],
    'Power budget exceeded',
    '381.5 W drawn, over the 370 W budget.',
  ],
  DEV_REQ_ACTION: [
    ['set the country code', null, null],
    'Action required',
    'The device needs: set the country code',
  ],
  MEDIA_SYNC_FAILURE: [
    ['Storage volume not reachable', null, null],
    'Media sync failed',
    'Recordings could not be synchronised: Storage volume not reachable',
  ],
  TIME_UNSYNCED: [['120', null, null], 'Clock not synchronised', 'The clock is 2 minutes off.'],
  LINK_60G_DOWN: [
    ['00:11:22:33:44:55', null, null],
    '60 GHz link down',
    'The link to 00:11:22:33:44:55 is down.',
  ],
  STREAM_FAILED: [
    ['Camera 01 Entrance', 'RTSP session timed out', null],
    'Camera stream failed',
    'Camera 01 Entrance: RTSP session timed out',
  ],
  TASK_FAILED: [
    ['812', 'TASK_REBOOT', '2/5'],
    'Task failed',
    'Reboot did not succeed. Devices that failed: 2 of 5.',
  ],
  UCI_FILE_SYNC: [
    ['network, wireless', null, null],
    'Configuration file out of sync',
    'Changed on the device, outside the console: network, wireless',
  ],
  CHANNEL_CHANGED: [['36', '149', '5'], 'Channel changed', 'Moved from channel 36 to channel 149 (5 GHz).'],
  FW_UPGRADED: [['6.0.4-1', '6.1.0-3', null], 'Firmware upgraded', 'From 6.0.4-1 to 6.1.0-3.'],
  FW_DOWNGRADED: [['6.1.0-3', '6.0.4-1', null], 'Firmware downgraded', 'From 6.1.0-3 to 6.0.4-1.'],
  DEV_MANAGE_DEVICE_UNREACHABLE: [
    ['Switch Floor 2', '02:00:00:00:01:01', null],
    'Managed device unreachable',
    'Switch Floor 2 (02:00:00:00:01:01) does not answer.',
  ],
  GUEST_CERT_EXPIRING: [
    ['CN=wifi.example.com', '2592000', null],
    'Guest access certificate expiring',
    'The certificate CN=wifi.example.com expires in 30 days. Replace it on the AuthPort Certificate page.',
  ],
};

describe('alert texts', () => {
  it.each(ALERT_TYPES)('%s has an English title and description', (type) => {
    const [data, title, description] = EXAMPLES[type];
    expect(Object.keys(en)).toContain(ALERT_TITLE_KEYS[type]);
    expect(alertTitle(t, alertOf(type, data))).toBe(title);
    expect(alertDescription(t, alertOf(type, data))).toBe(description);
  });

  it.each(ALERT_TYPES)('%s has no description when its device sent no data', (type) => {
    expect(alertDescription(t, alertOf(type, [null, null, null]))).toBeNull();
    expect(alertDescription(t, alertOf(type, ['', '', '']))).toBeNull();
  });

  it('names every health', () => {
    expect(HEALTH_IDS.map((health) => t(HEALTH_LABEL_KEYS[health]))).toEqual([
      'Unknown',
      'Normal',
      'Warning',
      'Critical',
    ]);
  });
});
