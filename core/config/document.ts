// docs/configuration.md: the configuration document of each kind of device, sectioned as the site's
// configuration page is. One schema for the server (request validation, the agent command) and the page
// (its forms); the rules between fields are in ./rules.ts.
import { type Static, type TSchema, Type } from 'typebox';
import { Mac } from '../fleet/protocol.ts';

const Text = (min: number, max: number, options: object = {}) =>
  Type.String({ minLength: min, maxLength: max, ...options });
const Int = (minimum: number, maximum: number) => Type.Integer({ minimum, maximum });
const closed = <T extends Record<string, TSchema>>(properties: T, options: object = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });
const list = <T extends TSchema>(item: T, maxItems: number) => Type.Array(item, { maxItems });

/** A name that identifies an item of a list (a WLAN, a VLAN profile, a tunnel) across site and device. */
export const ItemId = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,31}$' });
const Host = Text(1, 253, { pattern: '^[A-Za-z0-9.:-]+$' });
const Port = Int(1, 65_535);
const Cidr = Type.String({ pattern: '^[0-9A-Fa-f.:]+/[0-9]{1,3}$', maxLength: 43 });
/** A secret (docs/configuration.md#secrets): masked for those without view_sensitive_config. */
const Secret = (min: number, max: number) => Text(min, max);
const VlanId = Int(1, 4094);
const Clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const RadiusServer = closed({ host: Host, port: Port, secret: Secret(1, 128) });

export const General = closed({
  country: Type.String({ pattern: '^[A-Z]{2}$' }),
  time_zone: Text(1, 64),
  ntp_servers: list(Host, 4),
  syslog: closed({ enabled: Type.Boolean(), host: Type.Union([Host, Type.Null()]), port: Port }),
  snmp: closed({
    enabled: Type.Boolean(),
    version: Type.Enum(['v2c', 'v3']),
    community: Secret(1, 64),
  }),
  management: closed({ ssh: Type.Boolean(), https: Type.Boolean(), allowed_networks: list(Cidr, 16) }),
  admin_password: Secret(8, 63),
});

export const WIFI_BANDS = ['2.4', '5'] as const;
export type WifiBand = (typeof WIFI_BANDS)[number];
const WifiBandSchema = Type.Enum(WIFI_BANDS);
export const SECURITY_MODES = ['open', 'wpa2-psk', 'wpa3-sae', 'wpa2-wpa3', 'enterprise'] as const;
export type SecurityMode = (typeof SECURITY_MODES)[number];

export const Radio = closed({
  band: WifiBandSchema,
  enabled: Type.Boolean(),
  channel: Type.Union([Type.Literal('auto'), Int(1, 196)]),
  width_mhz: Type.Enum([20, 40, 80, 160]),
  tx_power_dbm: Type.Union([Type.Literal('auto'), Int(1, 30)]),
});

export const Wlan = closed({
  id: ItemId,
  ssid: Text(1, 32),
  enabled: Type.Boolean(),
  hidden: Type.Boolean(),
  bands: Type.Array(WifiBandSchema, { minItems: 1, maxItems: 2, uniqueItems: true }),
  security: Type.Enum(SECURITY_MODES),
  passphrase: Type.Union([Secret(1, 63), Type.Null()]),
  management_frame_protection: Type.Enum(['disabled', 'optional', 'required']),
  radius_servers: list(RadiusServer, 2),
  vlan_id: Type.Union([VlanId, Type.Null()]),
  client_isolation: Type.Boolean(),
  band_steering: Type.Boolean(),
  rate_limit_kbps: Type.Union([closed({ down: Int(64, 10_000_000), up: Int(64, 10_000_000) }), Type.Null()]),
  schedule: Type.Union([
    closed({
      days: Type.Array(Type.Enum(WEEKDAYS), { minItems: 1, maxItems: 7, uniqueItems: true }),
      from: Clock,
      to: Clock,
    }),
    Type.Null(),
  ]),
});

export const Wireless = closed({ radios: list(Radio, 2), wlans: list(Wlan, 32) });

export const MetroLinq = closed({
  role: Type.Enum(['access-point', 'station']),
  link_name: Text(1, 32),
  frequency_mhz: Int(4900, 71_000),
  width_mhz: Type.Enum([20, 40, 80, 160, 2160]),
  tx_power_dbm: Int(0, 40),
  encryption_key: Secret(8, 63),
});

export const GLinq = closed({
  role: Type.Enum(['base', 'client']),
  link_name: Text(1, 32),
  channel: Int(1, 196),
  width_mhz: Type.Enum([20, 40, 80]),
  tx_power_dbm: Int(0, 30),
  encryption_key: Secret(8, 63),
});

const PortProfile = closed({
  id: ItemId,
  name: Text(1, 32),
  native_vlan: VlanId,
  tagged_vlans: Type.Array(VlanId, { maxItems: 64, uniqueItems: true }),
  poe: Type.Boolean(),
  isolation: Type.Boolean(),
  dot1x: Type.Boolean(),
  storm_control_pct: Type.Union([Int(1, 100), Type.Null()]),
});

export const SwitchSecurity = closed({
  vlans: list(closed({ id: ItemId, vlan_id: VlanId, name: Text(1, 32) }), 64),
  port_profiles: list(PortProfile, 32),
  ports: list(closed({ id: ItemId, port: Int(1, 64), profile: ItemId }), 64),
  dot1x_radius_servers: list(RadiusServer, 2),
  management_acl: list(Cidr, 16),
});

export const Terragraph = closed({
  channel: Int(1, 6),
  golay_code: Int(1, 4),
  nodes: list(
    closed({
      id: ItemId,
      mac: Mac,
      name: Text(1, 32),
      role: Type.Enum(['pop', 'dn', 'cn']),
      polarity: Type.Enum(['odd', 'even']),
    }),
    64,
  ),
  links: list(closed({ id: ItemId, a: ItemId, z: ItemId }), 128),
});

export const SdWan = closed({
  gateways: Type.Array(Mac, { maxItems: 8, uniqueItems: true }),
  wan_mode: Type.Enum(['failover', 'load-balance']),
  tunnels: list(closed({ id: ItemId, name: Text(1, 32), peer_site_id: Int(1, 2_147_483_647) }), 32),
});

/**
 * The kinds of configuration a device takes (its `config_type`, docs/entities.md), each a document of a
 * General section and its own section; the section keys are the page's anchors.
 */
export const CONFIG_TYPES = ['wifi5', 'wifi6', 'ml', 'glinq', 'switch', 'terragraph', 'gateway'] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

export const SECTION_OF = {
  wifi5: 'wifi5_wireless',
  wifi6: 'wifi6_wireless',
  ml: 'ml_wireless',
  glinq: 'glinq_wireless',
  switch: 'switch_security',
  terragraph: 'terragraph_network_planning',
  gateway: 'sdwan_group',
} as const satisfies Record<ConfigType, string>;

const documentOf = <K extends string, S extends TSchema>(key: K, section: S) =>
  closed({ general_locale: General, [key]: section } as { general_locale: typeof General } & {
    [P in K]: S;
  });

export const CONFIG_DOCUMENTS = {
  wifi5: documentOf(SECTION_OF.wifi5, Wireless),
  wifi6: documentOf(SECTION_OF.wifi6, Wireless),
  ml: documentOf(SECTION_OF.ml, MetroLinq),
  glinq: documentOf(SECTION_OF.glinq, GLinq),
  switch: documentOf(SECTION_OF.switch, SwitchSecurity),
  terragraph: documentOf(SECTION_OF.terragraph, Terragraph),
  gateway: documentOf(SECTION_OF.gateway, SdWan),
} as const;

export type ConfigDocuments = { [T in ConfigType]: Static<(typeof CONFIG_DOCUMENTS)[T]> };
export type ConfigDocument = ConfigDocuments[ConfigType];
export type WirelessSection = Static<typeof Wireless>;
export type WlanSettings = Static<typeof Wlan>;
export type RadioSettings = Static<typeof Radio>;
