// The configuration a simulated device runs (docs/agent-protocol.md, Configuration change): the document it
// starts with, the checks its firmware makes before it applies one the console sends, and the changes
// someone makes on the device itself. The console validates documents first (core/config/rules.ts); the
// firmware checks only what its hardware takes, as real firmware does.

import { type ConfigType, SECTION_OF } from '../core/config/document.ts';
import { BAND_CHANNELS, channelRange } from '../core/fleet/channels.ts';
import type { Random } from './random.ts';

/** A configuration document as the device holds it: whatever the console sent, checked here. */
export type Document = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a model's Wi-Fi radios take: its channels and widths per band, and its WLANs per radio. */
function radioHardware(type: 'wifi5' | 'wifi6') {
  const wifi6 = type === 'wifi6';
  return {
    channels: {
      // Channel 14 is 802.11b in Japan only: no radio here takes it.
      '2.4': channelRange(1, 13),
      // Wi-Fi 5 models stop at channel 165; Wi-Fi 6 ones have UNII-4 (169 to 177) too.
      '5': wifi6 ? [...BAND_CHANNELS['5']] : BAND_CHANNELS['5'].filter((channel) => channel <= 165),
    } as Record<string, number[]>,
    widths: { '2.4': [20, 40], '5': wifi6 ? [20, 40, 80, 160] : [20, 40, 80] } as Record<string, number[]>,
    wlansPerRadio: wifi6 ? 16 : 8,
  };
}

/**
 * Why the firmware refuses a document, or null when it applies it. A device of no configuration kind (a
 * smart NVR) takes none.
 */
export function refusal(type: ConfigType | null, document: unknown): string | null {
  if (type === null) return 'this device takes no configuration document';
  const section = SECTION_OF[type];
  if (!isObject(document) || !isObject(document[section]))
    return `the document has no ${section} section, which this device needs`;
  if (type !== 'wifi5' && type !== 'wifi6') return null;
  const wireless = document[section] as Record<string, unknown>;
  const { radios, wlans } = wireless;
  if (!Array.isArray(radios) || !Array.isArray(wlans))
    return `the ${section} section has no list of radios or of WLANs`;
  const hardware = radioHardware(type);
  for (const radio of radios) {
    if (!isObject(radio)) return `the ${section} section has a radio that is not one`;
    const band = String(radio.band);
    const channels = hardware.channels[band];
    const widths = hardware.widths[band];
    if (!channels || !widths) return `this device has no ${band} GHz radio`;
    if (radio.channel !== 'auto' && !channels.includes(Number(radio.channel)))
      return `${band} GHz channel ${String(radio.channel)} is not one this radio can use`;
    if (!widths.includes(Number(radio.width_mhz))) {
      return `${String(radio.width_mhz)} MHz is wider than this ${band} GHz radio takes (at most ${Math.max(...widths)} MHz)`;
    }
  }
  const enabled = wlans.filter((wlan) => isObject(wlan) && wlan.enabled !== false);
  for (const band of ['2.4', '5']) {
    const onRadio = enabled.filter((wlan) => Array.isArray(wlan.bands) && wlan.bands.includes(band)).length;
    if (onRadio > hardware.wlansPerRadio)
      return `${onRadio} WLANs on the ${band} GHz radio; it takes at most ${hardware.wlansPerRadio}`;
  }
  return null;
}

/** The device's own part of what it needs to make its factory document. */
export type FactoryTraits = { mac: string; sn: string; hostname: string; sku: string };

/** The document a device runs out of the box, before the console sends it one (valid for its kind). */
export function factoryDocument(type: ConfigType | null, traits: FactoryTraits): Document {
  if (type === null) return { system: { hostname: traits.hostname } };
  const general = {
    country: 'US',
    time_zone: 'UTC',
    ntp_servers: ['pool.ntp.org'],
    syslog: { enabled: false, host: null, port: 514 },
    snmp: { enabled: false, version: 'v2c', community: 'public' },
    management: { ssh: true, https: true, allowed_networks: [] },
    admin_password: `factory-${traits.sn.toLowerCase()}`,
  };
  const key = `factory-${traits.mac.replaceAll(':', '')}`;
  const sections: Record<ConfigType, unknown> = {
    wifi5: wirelessFactory(80),
    wifi6: wirelessFactory(80),
    ml: traits.sku.includes('-60')
      ? {
          role: 'station',
          link_name: 'link',
          frequency_mhz: 60_480,
          width_mhz: 2160,
          tx_power_dbm: 10,
          encryption_key: key,
        }
      : {
          role: 'station',
          link_name: 'link',
          frequency_mhz: 5_800,
          width_mhz: 80,
          tx_power_dbm: 20,
          encryption_key: key,
        },
    glinq: {
      role: 'client',
      link_name: 'glinq',
      channel: 36,
      width_mhz: 40,
      tx_power_dbm: 20,
      encryption_key: key,
    },
    switch: {
      vlans: [{ id: 'default', vlan_id: 1, name: 'default' }],
      port_profiles: [
        {
          id: 'access',
          name: 'Access',
          native_vlan: 1,
          tagged_vlans: [],
          poe: true,
          isolation: false,
          dot1x: false,
          storm_control_pct: null,
        },
      ],
      ports: [],
      dot1x_radius_servers: [],
      management_acl: [],
    },
    terragraph: { channel: 2, golay_code: 1, nodes: [], links: [] },
    gateway: { gateways: [traits.mac], wan_mode: 'failover', tunnels: [] },
  };
  return { general_locale: general, [SECTION_OF[type]]: sections[type] };
}

function wirelessFactory(width: number) {
  return {
    radios: [
      { band: '2.4', enabled: true, channel: 'auto', width_mhz: 20, tx_power_dbm: 'auto' },
      { band: '5', enabled: true, channel: 'auto', width_mhz: width, tx_power_dbm: 'auto' },
    ],
    wlans: [],
  };
}

/**
 * Someone changes the running document on the device itself: a radio's Tx power (the file `wireless`) or
 * whether syslog is on (`system`), whichever the document has. The changed document and the file, or
 * null when the document has neither.
 */
export function localChange(document: Document, random: Random): { document: Document; file: string } | null {
  const changes: (() => { document: Document; file: string })[] = [];
  for (const [key, section] of Object.entries(document)) {
    if (!key.endsWith('_wireless') || !isObject(section) || !Array.isArray(section.radios)) continue;
    const radios = section.radios;
    radios.forEach((radio, index) => {
      if (!isObject(radio) || !('tx_power_dbm' in radio)) return;
      changes.push(() => {
        const power = radio.tx_power_dbm;
        const next = typeof power === 'number' ? (power > 10 ? power - 3 : 'auto') : random.int(10, 20);
        const changed = radios.map((one, at) => (at === index ? { ...radio, tx_power_dbm: next } : one));
        return { document: { ...document, [key]: { ...section, radios: changed } }, file: 'wireless' };
      });
    });
  }
  const general = document.general_locale;
  if (isObject(general) && isObject(general.syslog) && typeof general.syslog.enabled === 'boolean') {
    const syslog = general.syslog;
    changes.push(() => ({
      document: {
        ...document,
        general_locale: { ...general, syslog: { ...syslog, enabled: !syslog.enabled } },
      },
      file: 'system',
    }));
  }
  return changes.length === 0 ? null : random.pick(changes)();
}

/** A hash as the protocol has it (64 lower-case hex digits), or null for anything else. */
export const configHash = (value: unknown): string | null =>
  typeof value === 'string' && /^[0-9a-f]{64}$/.test(value) ? value : null;
