// docs/configuration.md#storage: reads and writes of sites' and devices' configuration. Documents leave
// this file with their secrets open and enter it sealed (./seal.ts), so nothing else handles sealing.
import { sql } from 'drizzle-orm';
import { DEVICE_APPLY_STATES, type DeviceApplyState, type SKIP_REASONS } from '../../../core/api/config.ts';
import { CONFIG_TYPES, type ConfigType } from '../../../core/config/document.ts';
import type { Json } from '../../../core/config/tree.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import type { SecretBox } from './seal.ts';

export type JsonObject = { [key: string]: Json };

export type SiteRow = {
  id: number;
  name: string;
  config_enabled: boolean;
  sdwan_enabled: boolean;
  allow_config: boolean;
  config_saved_at: string | null;
  variables: Record<string, string>;
  config_lock: boolean;
};

export async function findSite(db: Database, cloudId: number, siteId: number): Promise<SiteRow | null> {
  const [site] = await queryRows<SiteRow>(
    db,
    sql`
    SELECT id, name, config_enabled, sdwan_enabled, allow_config, config_saved_at, config_variables AS variables,
      config_lock
    FROM sites WHERE id = ${siteId} AND cloud_id = ${cloudId} AND deleted_at IS NULL`,
  );
  return site ?? null;
}

export type SiteTypeRow = {
  config_type: ConfigType;
  devices: number;
  draft: JsonObject | null;
  applied: JsonObject | null;
  revision_id: number | null;
};

/** The kinds of device a site holds or has documents for, with their draft and applied documents. */
export async function siteTypes(db: Database, box: SecretBox, siteId: number): Promise<SiteTypeRow[]> {
  const rows = await queryRows<SiteTypeRow>(
    db,
    sql`
    SELECT coalesce(n.config_type, c.config_type) AS config_type, coalesce(n.devices, 0)::int AS devices,
      c.draft, r.document AS applied, c.revision_id
    FROM (SELECT config_type, count(*) AS devices FROM devices
          WHERE site_id = ${siteId} AND deleted_at IS NULL GROUP BY config_type) n
    FULL JOIN (SELECT * FROM site_configs WHERE site_id = ${siteId}) c ON c.config_type = n.config_type
    LEFT JOIN config_revisions r ON r.id = c.revision_id`,
  );
  const order = (type: string) => CONFIG_TYPES.indexOf(type as ConfigType);
  return rows
    .filter((row) => order(row.config_type) >= 0)
    .sort((a, b) => order(a.config_type) - order(b.config_type))
    .map((row) => ({ ...row, draft: openObject(box, row.draft), applied: openObject(box, row.applied) }));
}

const openObject = (box: SecretBox, document: JsonObject | null) =>
  document === null ? null : (box.open(document) as JsonObject);

export async function saveSiteDrafts(
  tx: Database,
  box: SecretBox,
  siteId: number,
  drafts: ReadonlyMap<ConfigType, JsonObject | null>,
  variables: Record<string, string> | undefined,
  lock: boolean | undefined,
): Promise<void> {
  for (const [type, draft] of drafts) {
    const sealed = draft === null ? null : JSON.stringify(box.seal(draft));
    await tx.execute(sql`
      INSERT INTO site_configs (site_id, config_type, draft) VALUES (${siteId}, ${type}, ${sealed}::jsonb)
      ON CONFLICT (site_id, config_type) DO UPDATE SET draft = excluded.draft, updated_at = now()`);
  }
  await tx.execute(sql`
    UPDATE sites SET config_saved_at = now(),
      config_variables = coalesce(${variables === undefined ? null : JSON.stringify(variables)}::jsonb, config_variables),
      config_lock = coalesce(${lock ?? null}::boolean, config_lock)
    WHERE id = ${siteId}`);
}

/** A device as its configuration needs it: what it inherits, what it overrides, what it runs. */
export type DeviceRow = {
  id: number;
  name: string;
  site_id: number | null;
  config_type: string;
  inherit: boolean;
  fw: string;
  allow_config: boolean;
  suspend_config: boolean;
  /** Why an apply passes it by (SKIP_REASON). */
  skip_reason: Exclude<(typeof SKIP_REASONS)[number], 'standalone'> | null;
  overrides: JsonObject;
  draft: JsonObject | null;
  variables: Record<string, string>;
  revision_id: number | null;
  console_hash: string | null;
  applied_hash: string | null;
  /** The running document the device last sent, while the console has not settled it. */
  running: JsonObject | null;
  running_received_at: string | null;
  suspend_reason: string | null;
};

/**
 * Why an apply passes a device by, besides a site's apply passing standalone devices by (apply.ts
 * skipReason): null when it is sent its document. Over devices `d` joined to their site `s`.
 */
export const SKIP_REASON = sql`CASE
  WHEN d.blocked OR d.decomm THEN 'unavailable'
  WHEN NOT d.allow_config OR s.allow_config IS FALSE THEN 'not_allowed'
  WHEN d.suspend_config THEN 'suspended'
  WHEN d.status_id = 'STATUS_OFFLINE' THEN 'offline' END`;

const DEVICE_COLUMNS = sql`
  d.id, d.name, d.site_id, d.config_type, d.type = 'NET_ENTERPRISE' AS inherit, d.fw, d.allow_config,
  d.suspend_config, ${SKIP_REASON} AS skip_reason, coalesce(c.overrides, '{}'::jsonb) AS overrides, c.draft,
  coalesce(c.variables, '{}'::jsonb) AS variables, c.revision_id, c.console_hash,
  a.telemetry -> 'config' ->> 'appliedHash' AS applied_hash,
  CASE WHEN c.running_received_at IS NOT NULL THEN c.running END AS running, c.running_received_at,
  c.suspend_reason`;
const DEVICE_JOINS = sql`
  LEFT JOIN sites s ON s.id = d.site_id AND s.deleted_at IS NULL
  LEFT JOIN device_configs c ON c.device_id = d.id
  LEFT JOIN device_agents a ON a.device_id = d.id`;

const openDevice = (box: SecretBox, row: DeviceRow): DeviceRow => ({
  ...row,
  overrides: box.open(row.overrides) as JsonObject,
  draft: openObject(box, row.draft),
  running: openObject(box, row.running),
});

export async function findDevice(
  db: Database,
  box: SecretBox,
  cloudId: number,
  deviceId: number,
): Promise<DeviceRow | null> {
  const [row] = await queryRows<DeviceRow>(
    db,
    sql`SELECT ${DEVICE_COLUMNS} FROM devices d ${DEVICE_JOINS}
        WHERE d.id = ${deviceId} AND d.cloud_id = ${cloudId} AND d.deleted_at IS NULL`,
  );
  return row ? openDevice(box, row) : null;
}

/** A site's devices of one kind, in id order. */
export async function siteDevices(
  db: Database,
  box: SecretBox,
  siteId: number,
  type: ConfigType,
): Promise<DeviceRow[]> {
  const rows = await queryRows<DeviceRow>(
    db,
    sql`SELECT ${DEVICE_COLUMNS} FROM devices d ${DEVICE_JOINS}
        WHERE d.site_id = ${siteId} AND d.config_type = ${type} AND d.deleted_at IS NULL
        ORDER BY d.id`,
  );
  return rows.map((row) => openDevice(box, row));
}

/**
 * docs/configuration.md#progress: where each device of a site stands with the console's document for it,
 * from its last configuration task (the targets that carry a document hash) and what it reports running.
 */
const DEVICE_STATES = (siteId: number, type: ConfigType | undefined) => sql`
  SELECT d.id AS device_id, d.name, d.config_type, t.task_id, t.error, t.updated_at,
    CASE
      WHEN t.state IN ('TASK_PENDING', 'TASK_STANDBY', 'TASK_WAIT_ACK', 'TASK_RUNNING') THEN 'pending'
      WHEN c.console_hash = a.telemetry -> 'config' ->> 'appliedHash'
        OR (t.state = 'TASK_SUCCESS' AND t.hash = c.console_hash) THEN 'applied'
      WHEN t.hash = c.console_hash THEN 'failed'
      WHEN k.reason IS NOT NULL THEN 'skipped'
      ELSE 'not_sent' END AS state,
    k.reason AS skip_reason
  FROM devices d
  LEFT JOIN sites s ON s.id = d.site_id
  LEFT JOIN device_configs c ON c.device_id = d.id
  LEFT JOIN device_agents a ON a.device_id = d.id
  LEFT JOIN LATERAL (
    SELECT tt.task_id, tt.state, tt.error, tt.updated_at, tt.params ->> 'hash' AS hash FROM task_targets tt
    WHERE tt.device_id = d.id AND tt.params IS NOT NULL ORDER BY tt.id DESC LIMIT 1) t ON true
  CROSS JOIN LATERAL (
    SELECT CASE WHEN d.type <> 'NET_ENTERPRISE' THEN 'standalone' ELSE ${SKIP_REASON} END AS reason) k
  WHERE d.site_id = ${siteId} AND d.deleted_at IS NULL
    AND d.config_type IN (${sql.join(
      (type ? [type] : CONFIG_TYPES).map((one) => sql`${one}`),
      sql`, `,
    )})`;

export type DeviceStateRow = {
  device_id: number;
  name: string;
  config_type: ConfigType;
  state: DeviceApplyState;
  skip_reason: (typeof SKIP_REASONS)[number] | null;
  error: string | null;
  task_id: number | null;
  updated_at: string | null;
};

/** A page of a site's devices (by name) with where each stands, and how many are in each state. */
export async function siteDeviceStates(
  db: Database,
  siteId: number,
  query: { type?: ConfigType; state?: DeviceApplyState; limit: number; offset: number },
) {
  const states = DEVICE_STATES(siteId, query.type);
  const counts = await queryRows<{ state: DeviceApplyState; n: number }>(
    db,
    sql`SELECT state, count(*)::int AS n FROM (${states}) x GROUP BY state`,
  );
  const rows = await queryRows<DeviceStateRow>(
    db,
    sql`SELECT device_id, name, config_type, state, task_id, updated_at,
          CASE WHEN state = 'skipped' THEN skip_reason END AS skip_reason,
          CASE WHEN state = 'failed' THEN error END AS error
        FROM (${states}) x ${query.state ? sql`WHERE state = ${query.state}` : sql``}
        ORDER BY name, device_id LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  const count = Object.fromEntries(DEVICE_APPLY_STATES.map((state) => [state, 0])) as Record<
    DeviceApplyState,
    number
  >;
  for (const { state, n } of counts) count[state] = n;
  return {
    counts: count,
    total: query.state ? count[query.state] : counts.reduce((sum, { n }) => sum + n, 0),
    devices: rows.map((row) => ({
      ...row,
      updated_at: row.updated_at && new Date(row.updated_at).toISOString(),
    })),
  };
}

/** The site's applied document of a kind, with the site's variables. */
export async function appliedSiteDocument(
  db: Database,
  box: SecretBox,
  siteId: number,
  type: string,
): Promise<{ document: JsonObject | null; variables: Record<string, string>; revisionId: number | null }> {
  const [row] = await queryRows<{
    document: JsonObject | null;
    variables: Record<string, string>;
    revision_id: number | null;
  }>(
    db,
    sql`
    SELECT r.document, s.config_variables AS variables, c.revision_id
    FROM sites s
    LEFT JOIN site_configs c ON c.site_id = s.id AND c.config_type = ${type}
    LEFT JOIN config_revisions r ON r.id = c.revision_id
    WHERE s.id = ${siteId}`,
  );
  return {
    document: openObject(box, row?.document ?? null),
    variables: row?.variables ?? {},
    revisionId: row?.revision_id ?? null,
  };
}

/** What a device inherits: its site's applied document of its kind and the site's variables (none without a site). */
export const inheritedDocument = async (db: Database, box: SecretBox, device: DeviceRow) =>
  device.site_id === null
    ? { document: null, variables: {}, revisionId: null }
    : appliedSiteDocument(db, box, device.site_id, device.config_type);

/** Changes a device's stored configuration: the fields given, the rest as they are. */
export async function updateDeviceConfig(
  tx: Database,
  box: SecretBox,
  deviceId: number,
  change: {
    overrides?: JsonObject;
    draft?: JsonObject | null;
    variables?: Record<string, string>;
    revisionId?: number;
    consoleHash?: string;
    /** Settles (null) or records (a time) the running document the device sent. */
    runningReceivedAt?: Date | null;
    suspendReason?: string | null;
  },
): Promise<void> {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  const keep = (value: unknown) => value === undefined;
  const overrides = change.overrides === undefined ? undefined : box.seal(change.overrides);
  const draft = change.draft ? box.seal(change.draft) : change.draft;
  const received = change.runningReceivedAt;
  await tx.execute(sql`
    INSERT INTO device_configs (device_id, overrides, draft, variables, revision_id, console_hash,
      running_received_at, suspend_reason)
    VALUES (${deviceId}, coalesce(${json(overrides)}::jsonb, '{}'::jsonb), ${json(draft)}::jsonb,
      coalesce(${json(change.variables)}::jsonb, '{}'::jsonb), ${change.revisionId ?? null},
      ${change.consoleHash ?? null}, ${received?.toISOString() ?? null}::timestamptz, ${change.suspendReason ?? null})
    ON CONFLICT (device_id) DO UPDATE SET
      overrides = CASE WHEN ${keep(overrides)} THEN device_configs.overrides ELSE excluded.overrides END,
      draft = CASE WHEN ${keep(draft)} THEN device_configs.draft ELSE excluded.draft END,
      variables = CASE WHEN ${keep(change.variables)} THEN device_configs.variables ELSE excluded.variables END,
      revision_id = coalesce(excluded.revision_id, device_configs.revision_id),
      console_hash = coalesce(excluded.console_hash, device_configs.console_hash),
      running_received_at = CASE WHEN ${keep(received)} THEN device_configs.running_received_at
        ELSE excluded.running_received_at END,
      suspend_reason = CASE WHEN ${keep(change.suspendReason)} THEN device_configs.suspend_reason
        ELSE excluded.suspend_reason END,
      updated_at = now()`);
}

export type RevisionRow = {
  id: number;
  config_type: ConfigType;
  device_id: number | null;
  site_id: number | null;
  kind: 'apply' | 'rollback' | 'sync';
  parent_id: number | null;
  author_name: string | null;
  created_at: string;
  document: JsonObject;
  parent_document: JsonObject | null;
};

export async function insertRevision(
  tx: Database,
  box: SecretBox,
  revision: {
    cloudId: number;
    siteId: number | null;
    deviceId: number | null;
    type: ConfigType;
    kind: RevisionRow['kind'];
    parentId: number | null;
    document: JsonObject;
    authorUserId: number | null;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`
    INSERT INTO config_revisions (cloud_id, site_id, device_id, config_type, kind, parent_id, document,
      author_user_id)
    VALUES (${revision.cloudId}, ${revision.siteId}, ${revision.deviceId}, ${revision.type}, ${revision.kind},
      ${revision.parentId}, ${JSON.stringify(box.seal(revision.document))}::jsonb, ${revision.authorUserId})
    RETURNING id`,
  );
  return (row as { id: number }).id;
}

/** A page of a site's or a device's revisions, newest first, each with its parent's document. */
export async function listRevisions(
  db: Database,
  box: SecretBox,
  owner: { siteId: number } | { deviceId: number },
  options: { type?: ConfigType; limit: number; offset: number; revisionId?: number },
): Promise<{ revisions: RevisionRow[]; total: number }> {
  const where = sql`${'siteId' in owner ? sql`r.site_id = ${owner.siteId}` : sql`r.device_id = ${owner.deviceId}`}
    ${options.type ? sql`AND r.config_type = ${options.type}` : sql``}
    ${options.revisionId ? sql`AND r.id = ${options.revisionId}` : sql``}`;
  const rows = await queryRows<RevisionRow & { total: number }>(
    db,
    sql`
    SELECT r.id, r.config_type, r.device_id, r.site_id, r.kind, r.parent_id, r.created_at, r.document,
      p.document AS parent_document, nullif(trim(u.firstname || ' ' || u.lastname), '') AS author_name,
      count(*) OVER ()::int AS total
    FROM config_revisions r
    LEFT JOIN config_revisions p ON p.id = r.parent_id
    LEFT JOIN users u ON u.id = r.author_user_id
    WHERE ${where}
    ORDER BY r.id DESC LIMIT ${options.limit} OFFSET ${options.offset}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    revisions: rows.map(({ total: _total, ...row }) => ({
      ...row,
      created_at: new Date(row.created_at).toISOString(),
      document: box.open(row.document) as JsonObject,
      parent_document: openObject(box, row.parent_document),
    })),
  };
}
