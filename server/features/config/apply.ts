// docs/configuration.md#applying: what a device is sent (its effective document), which devices an apply
// reaches and which it skips, and the revision, tasks and change log record an apply writes.
import { sql } from 'drizzle-orm';
import type {
  ApplyResult,
  ApplySiteConfigBody,
  ConfigChange,
  RevisionList,
} from '../../../core/api/config.ts';
import { defaultDocument } from '../../../core/config/defaults.ts';
import type { ConfigType } from '../../../core/config/document.ts';
import { type ConfigProblem, validateConfig } from '../../../core/config/rules.ts';
import { isSecretPath, SECRET_MASK } from '../../../core/config/secrets.ts';
import { changesBetween, effective, type Json, type Origin } from '../../../core/config/tree.ts';
import { substitute } from '../../../core/config/variables.ts';
import { rolloutBatches } from '../../../core/task-machine.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { jsonRows } from '../../db/rows.ts';
import { errors, type ValidationIssue } from '../../errors.ts';
import type { NewAlert } from '../../fleet/new-alert.ts';
import { insertTask, launchTask } from '../tasks/create.ts';
import type { DeviceRow, JsonObject, RevisionRow, SiteRow } from './repository.ts';
import { insertRevision, listRevisions, updateDeviceConfig } from './repository.ts';
import { documentHash, type SecretBox } from './seal.ts';

type SkipReason = ApplyResult['skipped'][number]['reason'];
type Rollout = Pick<ApplySiteConfigBody, 'canary_size' | 'batch_size' | 'failure_threshold_pct'>;

/** The site document a device inherits (when it does) and the site's variables. */
type Inherited = { document: JsonObject | null; variables: Record<string, string> };

/**
 * A device's effective document: the site's (when it inherits) with its overrides or draft over it, the
 * variables replaced (the device's over the site's), with each leaf's origin and the document's problems.
 */
export function resolveDevice(device: DeviceRow, site: Inherited, withDraft = true) {
  const type = device.config_type as ConfigType;
  const own = (withDraft ? device.draft : null) ?? device.overrides;
  // Before anyone saved one, a site's document and a standalone device's are the kind's default.
  const merged = device.inherit
    ? effective(site.document ?? defaultDocument(type), own)
    : effective(null, Object.keys(own).length > 0 ? own : defaultDocument(type));
  const resolved = substitute(merged.document, { ...site.variables, ...device.variables });
  const problems = [...resolved.problems, ...validateConfig(type, resolved.document, device.fw || null)];
  return {
    /** As stored: variables unreplaced. */
    document: merged.document as JsonObject,
    origins: merged.origins as Record<string, Origin>,
    /** What the device gets. */
    sent: resolved.document as JsonObject,
    problems,
  };
}

/**
 * The leaves where the document a device last sent (it runs) differs from the console's document for it,
 * while the console has not settled them (docs/configuration.md#drift).
 */
export function driftChanges(device: DeviceRow, site: Inherited, showSecrets = false): ConfigChange[] {
  if (!device.running || !device.running_received_at) return [];
  return changesOf(resolveDevice(device, site, false).sent, device.running, showSecrets);
}

/** Why an apply does not reach a device; for a site's apply, standalone devices keep their own. */
export function skipReason(device: DeviceRow, forSite: boolean): SkipReason | null {
  return forSite && !device.inherit ? 'standalone' : device.skip_reason;
}

/** Changes with each secret's values masked, for whoever may not read secrets and for the change log. */
const maskChanges = (changes: readonly ConfigChange[]): ConfigChange[] =>
  changes.map((change) =>
    isSecretPath(change.path)
      ? {
          path: change.path,
          ...(change.before == null ? {} : { before: SECRET_MASK }),
          ...(change.after == null ? {} : { after: SECRET_MASK }),
        }
      : change,
  );

/** What changed between two documents, secrets masked unless `showSecrets`. */
export function changesOf(before: Json | null, after: Json, showSecrets = false): ConfigChange[] {
  const changes = changesBetween(before ?? {}, after) as ConfigChange[];
  return showSecrets ? changes : maskChanges(changes);
}

/** A page of a site's or a device's revisions as the API answers it, each with what it changed. */
export async function revisionList(
  db: Database,
  box: SecretBox,
  owner: { siteId: number } | { deviceId: number },
  query: { config_type?: ConfigType; limit: number; offset: number },
  showSecrets: boolean,
): Promise<RevisionList> {
  const { config_type: type, limit, offset } = query;
  const page = await listRevisions(db, box, owner, { type, limit, offset });
  return {
    total: page.total,
    revisions: page.revisions.map((revision) => ({
      id: revision.id,
      config_type: revision.config_type,
      device_id: revision.device_id,
      kind: revision.kind,
      parent_id: revision.parent_id,
      author_name: revision.author_name,
      created_at: revision.created_at,
      changes: changesOf(revision.parent_document, revision.document, showSecrets),
    })),
  };
}

export const problemIssues = (prefix: string, problems: readonly ConfigProblem[], label = '') =>
  problems.map(
    (problem): ValidationIssue => ({
      errorCode: problem.rule,
      location: 'body',
      path: `${prefix}/${problem.path}`,
      message: `${label}${problem.path}: ${problem.rule}`,
    }),
  );

/** One kind's part of a site apply: the new site document and the devices it reaches and skips. */
export type SitePart = {
  type: ConfigType;
  document: JsonObject;
  before: JsonObject | null;
  parentId: number | null;
  devices: DeviceRow[];
};

type Target = { device: DeviceRow; sent: JsonObject; hash: string };

/** Which devices each part reaches, refusing the apply (400) when any device's document has a problem. */
function planParts(parts: readonly SitePart[], site: SiteRow) {
  const issues: ValidationIssue[] = [];
  const skipped: ApplyResult['skipped'] = [];
  const targets = new Map<ConfigType, Target[]>();
  for (const part of parts) {
    const own = substitute(part.document, site.variables);
    const siteProblems = validateConfig(part.type, own.document).filter((p) => p.rule === 'shape');
    issues.push(...problemIssues(`/documents/${part.type}`, siteProblems));
    const reached: Target[] = [];
    // Devices with the same overrides, variables and firmware get the same document: resolved once.
    const resolvedFor = new Map<string, { sent: JsonObject; hash: string; problems: ConfigProblem[] }>();
    for (const device of part.devices) {
      const reason = skipReason(device, true);
      if (reason) {
        skipped.push({ device_id: device.id, name: device.name, reason });
        continue;
      }
      const key = JSON.stringify([device.overrides, device.variables, device.fw]);
      let resolved = resolvedFor.get(key);
      if (!resolved) {
        const { sent, problems } = resolveDevice(
          device,
          { document: part.document, variables: site.variables },
          false,
        );
        resolved = { sent, hash: documentHash(sent), problems };
        resolvedFor.set(key, resolved);
      }
      issues.push(...problemIssues(`/devices/${device.id}`, resolved.problems, `${device.name}: `));
      reached.push({ device, sent: resolved.sent, hash: resolved.hash });
    }
    targets.set(part.type, reached);
  }
  if (issues.length > 0) throw errors.validation(issues);
  return { targets, skipped };
}

const controls = (rollout: Rollout) => ({
  canarySize: rollout.canary_size ?? 1,
  batchSize: rollout.batch_size ?? 100,
  failureThresholdPct: rollout.failure_threshold_pct ?? 10,
});

/** Who applies: a member, or the console itself (userId null). */
export type Caller = {
  db: Database;
  secrets: SecretBox;
  actor: AuditActor;
  cloudId: number;
  userId: number | null;
};

/**
 * Applies new site documents: per kind a revision, and a configuration task that reaches the site's
 * inheriting devices batch by batch (canary first). A dry run answers the batches and changes nothing.
 */
export async function applySite(
  caller: Caller,
  site: SiteRow,
  parts: readonly SitePart[],
  options: Rollout & { dryRun?: boolean; kind: 'apply' | 'rollback' },
): Promise<ApplyResult & { alerts: NewAlert[] }> {
  const { targets, skipped } = planParts(parts, site);
  const params = controls(options);
  const batchesOf = (type: ConfigType) => rolloutBatches(targets.get(type) ?? [], params);
  const batches = parts.flatMap((part) =>
    batchesOf(part.type).map((group, batch) => ({
      batch,
      config_type: part.type,
      devices: group.map(({ device }) => ({ device_id: device.id, name: device.name })),
    })),
  );
  if (options.dryRun) return { dry_run: true, revision_ids: [], task_ids: [], batches, skipped, alerts: [] };

  const now = new Date();
  const written = await caller.db.transaction(async (tx) => {
    const revisionIds: number[] = [];
    const taskIds: number[] = [];
    for (const part of parts) {
      const revision = await insertRevision(tx, caller.secrets, {
        cloudId: caller.cloudId,
        siteId: site.id,
        deviceId: null,
        type: part.type,
        kind: options.kind,
        parentId: part.parentId,
        document: part.document,
        authorUserId: caller.userId,
      });
      revisionIds.push(revision);
      await tx.execute(sql`
        INSERT INTO site_configs (site_id, config_type, revision_id) VALUES (${site.id}, ${part.type}, ${revision})
        ON CONFLICT (site_id, config_type) DO UPDATE SET revision_id = excluded.revision_id,
          draft = ${options.kind === 'apply' ? null : sql`site_configs.draft`}, updated_at = now()`);
      const groups = batchesOf(part.type);
      await storeDocuments(tx, caller.secrets, groups.flat());
      await tx.execute(sql`
        INSERT INTO device_configs (device_id, console_hash)
        SELECT v.d, v.h FROM jsonb_to_recordset(${jsonRows(groups.flat().map(({ device, hash }) => ({ d: device.id, h: hash })))}) AS v(d int, h text)
        ON CONFLICT (device_id) DO UPDATE SET console_hash = excluded.console_hash, updated_at = now()`);
      if (groups.length > 0) {
        taskIds.push(
          await insertTask(tx, caller.actor, {
            cloudId: caller.cloudId,
            userId: caller.userId,
            type: 'TASK_CONFIG_CHANGE',
            params: { revision, ...params },
            executeAt: now,
            rolling: true,
            targets: groups.flatMap((group, batch) =>
              group.map((target) => ({
                device_id: target.device.id,
                smart_nvr_id: null,
                site_id: site.id,
                batch,
                params: { hash: target.hash, revision },
              })),
            ),
          }),
        );
      }
      await audit(tx, caller.actor, {
        cloudId: caller.cloudId,
        action: options.kind === 'apply' ? 'config_applied' : 'config_rolled_back',
        objectType: 'site',
        objectId: site.id,
        objectName: site.name,
        after: {
          config_type: part.type,
          revision,
          devices: groups.flat().length,
          changes: changesOf(part.before, part.document),
        },
      });
    }
    return { revisionIds, taskIds };
  });
  const alerts: NewAlert[] = [];
  for (const taskId of written.taskIds) alerts.push(...(await launchTask(caller.db, taskId, now, now)));
  return {
    dry_run: false,
    revision_ids: written.revisionIds,
    task_ids: written.taskIds,
    batches,
    skipped,
    alerts,
  };
}

/**
 * The documents the targets are sent, each stored once by its hash, sealed: a target's command names its
 * document by hash, with the revision (server/fleet/task-commands.ts).
 */
async function storeDocuments(tx: Database, secrets: SecretBox, targets: readonly Target[]) {
  const byHash = new Map(targets.map((target) => [target.hash, target.sent]));
  const rows = [...byHash].map(([hash, sent]) => ({ h: hash, d: secrets.seal(sent) }));
  await tx.execute(sql`
    INSERT INTO config_documents (hash, document)
    SELECT v.h, v.d FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(h text, d jsonb)
    ON CONFLICT (hash) DO NOTHING`);
}

const DEVICE_ACTIONS = {
  apply: 'config_applied',
  rollback: 'config_rolled_back',
  sync: 'config_synced',
} as const satisfies Record<RevisionRow['kind'], string>;

/**
 * Applies one device's configuration: its draft, when it has one, becomes a revision of its own, and its
 * effective document is sent to it in a configuration task (unless it is skipped, with the reason).
 */
export async function applyDevice(
  caller: Caller,
  device: DeviceRow,
  site: Inherited & { revisionId: number | null },
  options: { dryRun?: boolean; kind: RevisionRow['kind']; keep?: 'console' | 'device' },
): Promise<ApplyResult & { alerts: NewAlert[] }> {
  const resolved = resolveDevice(device, site);
  if (resolved.problems.length > 0) throw errors.validation(problemIssues('/document', resolved.problems));
  const reason = skipReason(device, false);
  const target = { device, sent: resolved.sent, hash: documentHash(resolved.sent) };
  const named = { device_id: device.id, name: device.name };
  const result = {
    batches: reason ? [] : [{ batch: 0, devices: [named] }],
    skipped: reason ? [{ ...named, reason }] : [],
  };
  if (options.dryRun) return { dry_run: true, revision_ids: [], task_ids: [], ...result, alerts: [] };
  if (!device.draft && reason) throw errors.conflict(`Nothing to apply: the device is ${reason}.`);

  const now = new Date();
  const written = await caller.db.transaction(async (tx) => {
    const revision = device.draft
      ? await insertRevision(tx, caller.secrets, {
          cloudId: caller.cloudId,
          siteId: null,
          deviceId: device.id,
          type: device.config_type as ConfigType,
          kind: options.kind,
          parentId: device.revision_id,
          document: device.draft,
          authorUserId: caller.userId,
        })
      : null;
    await updateDeviceConfig(tx, caller.secrets, device.id, {
      ...(device.draft ? { overrides: device.draft, draft: null } : {}),
      ...(revision ? { revisionId: revision } : {}),
      ...(reason ? {} : { consoleHash: target.hash, runningReceivedAt: null }),
    });
    const sentRevision = revision ?? device.revision_id ?? site.revisionId;
    if (sentRevision === null)
      throw errors.conflict('Nothing to apply: this device has no configuration yet.');
    if (!reason) await storeDocuments(tx, caller.secrets, [target]);
    const taskId = reason
      ? null
      : await insertTask(tx, caller.actor, {
          cloudId: caller.cloudId,
          userId: caller.userId,
          type: 'TASK_CONFIG_CHANGE',
          params: { revision: sentRevision },
          executeAt: now,
          rolling: false,
          targets: [
            {
              device_id: device.id,
              smart_nvr_id: null,
              site_id: device.site_id,
              batch: null,
              params: { hash: target.hash, revision: sentRevision },
            },
          ],
        });
    await audit(tx, caller.actor, {
      cloudId: caller.cloudId,
      action: DEVICE_ACTIONS[options.kind],
      objectType: 'device',
      objectId: device.id,
      objectName: device.name,
      after: {
        ...(options.keep ? { keep: options.keep } : {}),
        revision: sentRevision,
        changes: device.draft
          ? changesOf(resolveDevice(device, site, false).document, resolved.document)
          : [],
      },
    });
    return { revision, taskId };
  });
  return {
    dry_run: false,
    revision_ids: written.revision ? [written.revision] : [],
    task_ids: written.taskId ? [written.taskId] : [],
    ...result,
    alerts: written.taskId ? await launchTask(caller.db, written.taskId, now, now) : [],
  };
}
