// docs/configuration.md#documents: the document a site or standalone device starts from before anyone
// saved one: valid for its kind, with no WLAN, tunnel or link, and the admin password left to be set.
import { type ConfigDocuments, type ConfigType, SECTION_OF } from './document.ts';

const general = (country: string, timeZone: string): ConfigDocuments['wifi6']['general_locale'] => ({
  country,
  time_zone: timeZone,
  ntp_servers: ['pool.ntp.org'],
  syslog: { enabled: false, host: null, port: 514 },
  snmp: { enabled: false, version: 'v2c', community: 'public' },
  management: { ssh: true, https: true, allowed_networks: [] },
  admin_password: 'change-me-now',
});

const wireless = (): ConfigDocuments['wifi6']['wifi6_wireless'] => ({
  radios: [
    { band: '2.4', enabled: true, channel: 'auto', width_mhz: 20, tx_power_dbm: 'auto' },
    { band: '5', enabled: true, channel: 'auto', width_mhz: 80, tx_power_dbm: 'auto' },
  ],
  wlans: [],
});

const SECTIONS: {
  [T in ConfigType]: () => ConfigDocuments[T][keyof ConfigDocuments[T] & (typeof SECTION_OF)[T]];
} = {
  wifi5: wireless,
  wifi6: wireless,
  ml: () => ({
    role: 'access-point',
    link_name: 'link',
    frequency_mhz: 5800,
    width_mhz: 40,
    tx_power_dbm: 20,
    encryption_key: 'change-me-now',
  }),
  glinq: () => ({
    role: 'base',
    link_name: 'link',
    channel: 36,
    width_mhz: 40,
    tx_power_dbm: 20,
    encryption_key: 'change-me-now',
  }),
  switch: () => ({
    vlans: [{ id: 'default', vlan_id: 1, name: 'Default' }],
    port_profiles: [],
    ports: [],
    dot1x_radius_servers: [],
    management_acl: [],
  }),
  terragraph: () => ({ channel: 2, golay_code: 1, nodes: [], links: [] }),
  gateway: () => ({ gateways: [], wan_mode: 'failover', tunnels: [] }),
};

/** A new document of a kind, for a place in this country and time zone. */
export function defaultDocument<T extends ConfigType>(
  type: T,
  country = 'US',
  timeZone = 'UTC',
): ConfigDocuments[T] {
  return {
    general_locale: general(country, timeZone),
    [SECTION_OF[type]]: SECTIONS[type](),
  } as ConfigDocuments[T];
}
