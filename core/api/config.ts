// The configuration API (docs/configuration.md, docs/api.md#configuration): a site's documents per kind of
// device, their drafts, diffs, revisions and apply; a device's effective document, overrides and drift.
import { type Static, Type } from 'typebox';
import {
  CONFIG_DOCUMENTS,
  CONFIG_TYPES,
  General,
  GLinq,
  MetroLinq,
  SdWan,
  type SECTION_OF,
  SwitchSecurity,
  Terragraph,
  Wireless,
} from '../config/document.ts';
import { CONFIG_RULES } from '../config/rules.ts';
import { closed } from './closed.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
/** A configuration document: its shape is checked against its kind's schema (core/config/document.ts). */
const Document = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });
export const ConfigTypeSchema = Type.Enum(CONFIG_TYPES);
/** Named values texts of the documents use (docs/configuration.md#variables). */
export const ConfigVariables = Type.Record(
  Type.String({ pattern: '^[a-z][a-z0-9_]{0,31}$' }),
  Type.String({ maxLength: 128 }),
  { maxProperties: 64, additionalProperties: false },
);
/** A leaf path of a document (core/config/tree.ts). */
const LeafPath = Type.String({ minLength: 1, maxLength: 300 });

export const ConfigProblemSchema = Type.Object({
  path: Type.String(),
  rule: Type.Enum(CONFIG_RULES),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});

export const ConfigChange = Type.Object({
  path: Type.String(),
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
});
export type ConfigChange = Static<typeof ConfigChange>;

export const SiteConfigParams = Type.Object({ cloudId: Id, siteId: Id }, closed);
export const RevisionParams = Type.Object({ cloudId: Id, siteId: Id, revisionId: Id }, closed);
export const DeviceConfigParams = Type.Object({ cloudId: Id, deviceId: Id }, closed);
export const DeviceRevisionParams = Type.Object({ cloudId: Id, deviceId: Id, revisionId: Id }, closed);

/** One kind of device's documents on a site: the draft being edited and the one last applied. */
const SiteTypeConfig = Type.Object({
  config_type: ConfigTypeSchema,
  /** Devices of this kind on the site. */
  devices: Type.Integer(),
  draft: Nullable(Document),
  applied: Nullable(Document),
  revision_id: Nullable(Type.Integer()),
  /** The draft's problems (none when there is no draft). */
  problems: Type.Array(ConfigProblemSchema),
});

export const SiteConfig = Type.Object({
  site_id: Type.Integer(),
  config_enabled: Type.Boolean(),
  sdwan_enabled: Type.Boolean(),
  config_saved_at: Nullable(Timestamp),
  /** The site's variables as saved; they reach devices with the next apply. */
  variables: Type.Record(Type.String(), Type.String()),
  /** "Always follow the console": a change made on a device is overwritten with the console's document. */
  config_lock: Type.Boolean(),
  /** The caller may turn config_lock on or off (site permission change_lock_config). */
  can_change_lock: Type.Boolean(),
  /** Every kind the site holds devices of, or has a document for. */
  types: Type.Array(SiteTypeConfig),
  can_change: Type.Boolean(),
  can_view_secrets: Type.Boolean(),
});
export type SiteConfig = Static<typeof SiteConfig>;

export const SaveSiteConfigBody = Type.Object(
  {
    /** The drafts to save, by kind; a masked secret keeps the stored one. */
    documents: Type.Optional(Type.Partial(Type.Object(CONFIG_DOCUMENTS), closed)),
    /** Drafts to drop, by kind. */
    discard: Type.Optional(
      Type.Array(ConfigTypeSchema, { uniqueItems: true, maxItems: CONFIG_TYPES.length }),
    ),
    variables: Type.Optional(ConfigVariables),
    /** Needs change_lock_config. */
    config_lock: Type.Optional(Type.Boolean()),
  },
  {
    ...closed,
    // The API document's example (docs/api.md#examples): a Wi-Fi 6 draft with a staff network.
    examples: [
      {
        documents: {
          wifi6: {
            general_locale: {
              country: 'LT',
              time_zone: 'Europe/Vilnius',
              ntp_servers: ['pool.ntp.org'],
              syslog: { enabled: true, host: 'syslog.example.com', port: 514 },
              snmp: { enabled: false, version: 'v2c', community: 'monitoring' },
              management: { ssh: false, https: true, allowed_networks: ['10.20.0.0/16'] },
              admin_password: 'Vilnius-Admin-2026',
            },
            wifi6_wireless: {
              radios: [
                { band: '2.4', enabled: true, channel: 'auto', width_mhz: 20, tx_power_dbm: 'auto' },
                { band: '5', enabled: true, channel: 36, width_mhz: 80, tx_power_dbm: 20 },
              ],
              wlans: [
                {
                  id: 'staff',
                  ssid: 'Vilnius Staff',
                  enabled: true,
                  hidden: false,
                  bands: ['2.4', '5'],
                  security: 'wpa2-wpa3',
                  passphrase: '{{staff_passphrase}}',
                  management_frame_protection: 'optional',
                  radius_servers: [],
                  vlan_id: 20,
                  client_isolation: false,
                  band_steering: true,
                  rate_limit_kbps: null,
                  schedule: null,
                },
              ],
            },
          },
        },
        variables: { staff_passphrase: 'plum-harbour-lantern-42' },
      },
    ],
  },
);
export type SaveSiteConfigBody = Static<typeof SaveSiteConfigBody>;

export const SiteConfigDiff = Type.Object({
  types: Type.Array(Type.Object({ config_type: ConfigTypeSchema, changes: Type.Array(ConfigChange) })),
});
export type SiteConfigDiff = Static<typeof SiteConfigDiff>;

export const RolloutOptions = {
  /** Only say what would happen: the batches and the devices skipped, with nothing saved or sent. */
  dryRun: Type.Optional(Type.Boolean({ default: false })),
  canary_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 1 })),
  batch_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  failure_threshold_pct: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, default: 10 })),
};

export const ApplySiteConfigBody = Type.Object(
  {
    /** The kinds whose drafts to apply; all drafts when absent. */
    types: Type.Optional(Type.Array(ConfigTypeSchema, { uniqueItems: true, minItems: 1, maxItems: 7 })),
    ...RolloutOptions,
  },
  {
    ...closed,
    examples: [
      { types: ['wifi6'], dryRun: false, canary_size: 2, batch_size: 50, failure_threshold_pct: 10 },
    ],
  },
);
export type ApplySiteConfigBody = Static<typeof ApplySiteConfigBody>;
export const RollbackBody = Type.Object(RolloutOptions, closed);
export type RollbackBody = Static<typeof RollbackBody>;
export const ApplyDeviceConfigBody = Type.Object({ dryRun: RolloutOptions.dryRun }, closed);
/** A device's rollback takes nothing: the revision's changes are its preview. */
export const DeviceRollbackBody = Type.Object({}, closed);
export type ApplyDeviceConfigBody = Static<typeof ApplyDeviceConfigBody>;

export const SKIP_REASONS = ['suspended', 'offline', 'standalone', 'not_allowed', 'unavailable'] as const;
const DeviceRef = { device_id: Type.Integer(), name: Type.String() };

export const ApplyResult = Type.Object({
  dry_run: Type.Boolean(),
  /** The revisions made (none on a dry run). */
  revision_ids: Type.Array(Type.Integer()),
  task_ids: Type.Array(Type.Integer()),
  /** Per kind, its batches: 0 is the canary, each next batch goes once the one before is done. */
  batches: Type.Array(
    Type.Object({
      batch: Type.Integer(),
      config_type: Type.Optional(ConfigTypeSchema),
      devices: Type.Array(Type.Object(DeviceRef)),
    }),
  ),
  skipped: Type.Array(Type.Object({ ...DeviceRef, reason: Type.Enum(SKIP_REASONS) })),
});
export type ApplyResult = Static<typeof ApplyResult>;

export const ConfigRevision = Type.Object({
  id: Type.Integer(),
  config_type: ConfigTypeSchema,
  /** A site revision, or one device's. */
  device_id: Nullable(Type.Integer()),
  kind: Type.Enum(['apply', 'rollback', 'sync']),
  parent_id: Nullable(Type.Integer()),
  author_name: Nullable(Type.String()),
  created_at: Timestamp,
  /** What it changed from its parent. */
  changes: Type.Array(ConfigChange),
});
export type ConfigRevision = Static<typeof ConfigRevision>;

export const RevisionsQuery = Type.Object(
  {
    config_type: Type.Optional(ConfigTypeSchema),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
  },
  closed,
);
export type RevisionsQuery = Static<typeof RevisionsQuery>;
export const RevisionList = Type.Object({ revisions: Type.Array(ConfigRevision), total: Type.Integer() });
export type RevisionList = Static<typeof RevisionList>;

/**
 * Where each device of a site stands with the console's document for it (docs/configuration.md#progress):
 * applied; pending (a configuration task on its way); failed (its last one, with the device's reason);
 * skipped (with the reason an apply passes it by); not_sent (the console's document never went to it).
 */
export const DEVICE_APPLY_STATES = ['applied', 'pending', 'failed', 'skipped', 'not_sent'] as const;
export type DeviceApplyState = (typeof DEVICE_APPLY_STATES)[number];

export const SiteConfigDevicesQuery = Type.Object(
  {
    config_type: Type.Optional(ConfigTypeSchema),
    state: Type.Optional(Type.Enum(DEVICE_APPLY_STATES)),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
  },
  closed,
);
export type SiteConfigDevicesQuery = Static<typeof SiteConfigDevicesQuery>;

export const SiteConfigDevices = Type.Object({
  /** Devices in each state, over the kind asked for (or every kind), whatever `state` filters. */
  counts: Type.Object({
    applied: Type.Integer(),
    pending: Type.Integer(),
    failed: Type.Integer(),
    skipped: Type.Integer(),
    not_sent: Type.Integer(),
  } satisfies Record<DeviceApplyState, unknown>),
  /** Devices matching the query, of which `devices` is the page asked for, in name order. */
  total: Type.Integer(),
  devices: Type.Array(
    Type.Object({
      ...DeviceRef,
      config_type: ConfigTypeSchema,
      state: Type.Enum(DEVICE_APPLY_STATES),
      /** Why an apply passes it by (skipped). */
      skip_reason: Nullable(Type.Enum(SKIP_REASONS)),
      /** What the device said when it could not apply its document (failed). */
      error: Nullable(Type.String()),
      /** Its last configuration task, and when that task last changed for it. */
      task_id: Nullable(Type.Integer()),
      updated_at: Nullable(Timestamp),
    }),
  ),
});
export type SiteConfigDevices = Static<typeof SiteConfigDevices>;

/** A device's configuration as the device page shows it. */
export const DeviceConfig = Type.Object({
  device_id: Type.Integer(),
  site_id: Nullable(Type.Integer()),
  config_type: Nullable(ConfigTypeSchema),
  /** NET_ENTERPRISE: the site's document with the device's overrides; otherwise a document of its own. */
  inherit: Type.Boolean(),
  allow_config: Type.Boolean(),
  suspend_config: Type.Boolean(),
  /** Why configuration is suspended (a firmware downgrade), when it is. */
  suspend_reason: Nullable(Type.String()),
  /** The effective document (with the draft, when there is one). */
  effective: Nullable(Document),
  /** Where each leaf of the effective document comes from. */
  origins: Type.Record(Type.String(), Type.Enum(['site', 'device'])),
  overrides: Nullable(Document),
  has_draft: Type.Boolean(),
  variables: Type.Record(Type.String(), Type.String()),
  problems: Type.Array(ConfigProblemSchema),
  /** The hash of the document the console last sent, and the one the device reports it runs. */
  console_hash: Nullable(Type.String()),
  applied_hash: Nullable(Type.String()),
  /** Keys changed on the device outside the console (UCI_FILE_SYNC), when its running document differs. */
  drift: Nullable(Type.Object({ changes: Type.Array(ConfigChange), received_at: Timestamp })),
  revision_id: Nullable(Type.Integer()),
  can_change: Type.Boolean(),
  can_view_secrets: Type.Boolean(),
});
export type DeviceConfig = Static<typeof DeviceConfig>;

/** A document of any kind: General and one kind's section, checked against the device's kind. */
const AnyDocument = Type.Object(
  {
    general_locale: General,
    wifi5_wireless: Type.Optional(Wireless),
    wifi6_wireless: Type.Optional(Wireless),
    ml_wireless: Type.Optional(MetroLinq),
    glinq_wireless: Type.Optional(GLinq),
    switch_security: Type.Optional(SwitchSecurity),
    terragraph_network_planning: Type.Optional(Terragraph),
    sdwan_group: Type.Optional(SdWan),
  } satisfies Record<'general_locale' | (typeof SECTION_OF)[keyof typeof SECTION_OF], unknown>,
  closed,
);

export const SaveDeviceConfigBody = Type.Object(
  {
    /** Take the site's document (NET_ENTERPRISE) or keep a document of its own. */
    inherit: Type.Optional(Type.Boolean()),
    /** The effective document as edited: the console keeps what differs from the site as overrides. */
    document: Type.Optional(AnyDocument),
    /** Leaves to give back to the site ("revert to site"). */
    revert: Type.Optional(Type.Array(LeafPath, { maxItems: 200 })),
    variables: Type.Optional(ConfigVariables),
    /** Resume configuration suspended after a firmware downgrade (false only). */
    suspend_config: Type.Optional(Type.Literal(false)),
    /** Drop the draft. */
    discard: Type.Optional(Type.Literal(true)),
  },
  {
    ...closed,
    // docs/api.md#examples: the device keeps the site's document, with a variable of its own.
    examples: [{ inherit: true, variables: { staff_passphrase: 'lobby-kiosk-only-77' } }],
  },
);
export type SaveDeviceConfigBody = Static<typeof SaveDeviceConfigBody>;

export const SyncBody = Type.Object({ keep: Type.Enum(['console', 'device']) }, closed);
export type SyncBody = Static<typeof SyncBody>;
