import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import { type ConfigDocuments, SECTION_OF, type WlanSettings } from './document.ts';
import { CONFIG_RULES, validateConfig } from './rules.ts';

const general: ConfigDocuments['wifi6']['general_locale'] = {
  country: 'US',
  time_zone: 'America/Chicago',
  ntp_servers: ['pool.ntp.org'],
  syslog: { enabled: false, host: null, port: 514 },
  snmp: { enabled: false, version: 'v2c', community: 'public' },
  management: { ssh: true, https: true, allowed_networks: ['10.0.0.0/8'] },
  admin_password: 'correct horse',
};

const wlan = (over: Partial<WlanSettings> = {}): WlanSettings => ({
  id: 'staff',
  ssid: 'Staff',
  enabled: true,
  hidden: false,
  bands: ['2.4', '5'],
  security: 'wpa2-psk',
  passphrase: 'a long passphrase',
  management_frame_protection: 'optional',
  radius_servers: [],
  vlan_id: 10,
  client_isolation: false,
  band_steering: true,
  rate_limit_kbps: null,
  schedule: null,
  ...over,
});

type Radios = { band: '2.4' | '5'; channel: number | 'auto'; width: 20 | 40 | 80 | 160 }[];

/** A document of an access point with these radios and WLANs, in a country. */
function wireless(type: 'wifi5' | 'wifi6', radios: Radios = [], wlans = [wlan()], country = 'US') {
  return {
    general_locale: { ...general, country },
    [SECTION_OF[type]]: {
      radios: radios.map(({ band, channel, width }) => ({
        band,
        enabled: true,
        channel,
        width_mhz: width,
        tx_power_dbm: 'auto',
      })),
      wlans,
    },
  };
}
const wifi6 = (radios?: Radios, wlans?: WlanSettings[], country?: string) =>
  wireless('wifi6', radios, wlans, country);

const rules = (type: 'wifi5' | 'wifi6', document: unknown, firmware: string | null = null) =>
  validateConfig(type, document, firmware).map(({ path, rule }) => `${rule} ${path}`);

describe('the shape of a document', () => {
  it('accepts a whole document and refuses unknown keys and values out of range, by leaf', () => {
    expect(rules('wifi6', wifi6([{ band: '5', channel: 36, width: 80 }]))).toEqual([]);
    const document = wifi6([], [wlan({ vlan_id: 4095 })]);
    expect(rules('wifi6', { ...document, extra: 1 })).toEqual([
      'shape extra',
      'shape wifi6_wireless/wlans/staff/vlan_id',
    ]);
  });

  it('takes a section only for its kind of device', () => {
    const { wifi6_wireless, ...rest } = wifi6();
    expect(rules('wifi5', { ...rest, wifi6_wireless })).toEqual([
      'shape wifi5_wireless',
      'shape wifi6_wireless',
    ]);
  });

  it('knows countries and time zones', () => {
    const document = { ...wifi6(), general_locale: { ...general, country: 'XX', time_zone: 'Mars/Olympus' } };
    expect(rules('wifi6', document)).toEqual([
      'unknownCountry general_locale/country',
      'unknownTimeZone general_locale/time_zone',
    ]);
  });
});

describe('radios', () => {
  it('keeps a channel in its band and in what the country permits', () => {
    expect(rules('wifi6', wifi6([{ band: '2.4', channel: 36, width: 20 }]))).toEqual([
      'channelNotInBand wifi6_wireless/radios/2.4/channel',
    ]);
    // Channel 13 is permitted in Europe, not in the United States; 149 the other way round.
    expect(rules('wifi6', wifi6([{ band: '2.4', channel: 13, width: 20 }], undefined, 'US'))).toEqual([
      'channelNotInCountry wifi6_wireless/radios/2.4/channel',
    ]);
    expect(rules('wifi6', wifi6([{ band: '2.4', channel: 13, width: 20 }], undefined, 'DE'))).toEqual([]);
    expect(rules('wifi6', wifi6([{ band: '5', channel: 149, width: 20 }], undefined, 'DE'))).toEqual([
      'channelNotInCountry wifi6_wireless/radios/5/channel',
    ]);
    expect(rules('wifi6', wifi6([{ band: '5', channel: 'auto', width: 80 }], undefined, 'DE'))).toEqual([]);
  });

  it('keeps a width to the band, the device and a channel group the country permits whole', () => {
    expect(rules('wifi6', wifi6([{ band: '2.4', channel: 6, width: 80 }]))).toEqual([
      'widthNotInBand wifi6_wireless/radios/2.4/width_mhz',
    ]);
    expect(rules('wifi5', wireless('wifi5', [{ band: '5', channel: 36, width: 160 }]))).toEqual([
      'widthNotInBand wifi5_wireless/radios/5/width_mhz',
    ]);
    // 144 is permitted in the United States, not in Europe: the 80 MHz group 132-144 only in the first.
    expect(rules('wifi6', wifi6([{ band: '5', channel: 132, width: 80 }], undefined, 'US'))).toEqual([]);
    expect(rules('wifi6', wifi6([{ band: '5', channel: 132, width: 80 }], undefined, 'DE'))).toEqual([
      'widthNotForChannel wifi6_wireless/radios/5/width_mhz',
    ]);
    expect(rules('wifi6', wifi6([{ band: '5', channel: 149, width: 160 }], undefined, 'US'))).toEqual([
      'widthNotForChannel wifi6_wireless/radios/5/width_mhz',
    ]);
  });
});

describe('WLANs', () => {
  it('needs a passphrase of 8 to 63 characters for personal security', () => {
    expect(rules('wifi6', wifi6([], [wlan({ passphrase: 'short' })]))).toEqual([
      'passphraseLength wifi6_wireless/wlans/staff/passphrase',
    ]);
    expect(rules('wifi6', wifi6([], [wlan({ passphrase: null })]))).toEqual([
      'passphraseLength wifi6_wireless/wlans/staff/passphrase',
    ]);
    expect(rules('wifi6', wifi6([], [wlan({ security: 'open', passphrase: null })]))).toEqual([]);
  });

  it('needs protected management frames for WPA3, and WPA3 needs firmware 7.2.0', () => {
    const sae = wlan({ security: 'wpa3-sae', management_frame_protection: 'optional' });
    expect(rules('wifi6', wifi6([], [sae]))).toEqual([
      'wpa3NeedsProtectedFrames wifi6_wireless/wlans/staff/management_frame_protection',
    ]);
    const transition = wlan({ security: 'wpa2-wpa3', management_frame_protection: 'optional' });
    expect(rules('wifi6', wifi6([], [transition]), '7.2.0-3988')).toEqual([]);
    expect(rules('wifi6', wifi6([], [transition]), '7.1.4-3920')).toEqual([
      'wpa3NeedsFirmware wifi6_wireless/wlans/staff/security',
    ]);
  });

  it('needs a RADIUS server for Enterprise', () => {
    const enterprise = wlan({ security: 'enterprise', passphrase: null });
    expect(rules('wifi6', wifi6([], [enterprise]))).toEqual([
      'enterpriseNeedsRadius wifi6_wireless/wlans/staff/radius_servers',
    ]);
    const served = {
      ...enterprise,
      radius_servers: [{ host: 'radius.example', port: 1812, secret: 's3cret' }],
    };
    expect(rules('wifi6', wifi6([], [served]))).toEqual([]);
  });

  it('allows one SSID once per radio, and as many WLANs on a radio as the device takes', () => {
    const twins = [wlan(), wlan({ id: 'staff-5', bands: ['5'] }), wlan({ id: 'off', enabled: false })];
    expect(rules('wifi6', wifi6([], twins))).toEqual(['duplicateSsid wifi6_wireless/wlans/staff-5/ssid']);
    const many = Array.from({ length: 9 }, (_, n) => wlan({ id: `w${n}`, ssid: `Net ${n}`, bands: ['5'] }));
    expect(rules('wifi5', wireless('wifi5', [], many))).toEqual(['tooManyWlans wifi5_wireless/radios/5']);
    expect(rules('wifi6', wifi6([], many))).toEqual([]);
  });
});

it('has a text for every rule, config.rules.<rule> (the translations follow en.json)', () => {
  for (const rule of CONFIG_RULES) expect(en).toHaveProperty([`config.rules.${rule}`]);
});
