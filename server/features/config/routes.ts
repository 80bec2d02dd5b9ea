import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ApplyDeviceConfigBody,
  ApplyResult,
  ApplySiteConfigBody,
  DeviceConfig,
  DeviceConfigParams,
  RevisionList,
  RevisionParams,
  RevisionsQuery,
  RollbackBody,
  SaveDeviceConfigBody,
  SaveSiteConfigBody,
  SiteConfig,
  SiteConfigDiff,
  SiteConfigParams,
  SyncBody,
} from '../../../core/api/config.ts';
import { CONFIG_TYPES, type ConfigType } from '../../../core/config/document.ts';
import { validateConfig } from '../../../core/config/rules.ts';
import { keepMaskedSecrets, maskSecrets } from '../../../core/config/secrets.ts';
import { overridesBetween, withoutOverride } from '../../../core/config/tree.ts';
import { substitute } from '../../../core/config/variables.ts';
import type { SitePermission } from '../../../core/domain.ts';
import { canSeeSite, sitePermissions } from '../../../core/policy.ts';
import { actorOf, audit } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/rows.ts';
import { errors, type ValidationIssue } from '../../errors.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { applyDevice, applySite, changesOf, problemIssues, resolveDevice } from './apply.ts';
import {
  appliedSiteDocument,
  type DeviceRow,
  findDevice,
  findSite,
  type JsonObject,
  listRevisions,
  type SiteRow,
  saveSiteDrafts,
  siteDevices,
  siteTypes,
  updateDeviceConfig,
} from './repository.ts';

const isConfigType = (type: string): type is ConfigType => (CONFIG_TYPES as readonly string[]).includes(type);

/** The caller's permissions on a site they see, or 404 (docs/api.md#http-conventions). */
function permissionsOn(request: FastifyRequest, siteId: number | null): ReadonlySet<string> {
  const membership = membershipOf(request);
  if (siteId === null || !canSeeSite(membership, siteId)) throw errors.notFound();
  return sitePermissions(membership, siteId);
}

/**
 * Refuses, before the body is read, a caller without `permission` on the site the route names: 404 when
 * they do not see the site, 403 when they do.
 */
const requireOnSite = (permission: SitePermission) => async (request: FastifyRequest) => {
  const siteId = Number((request.params as { siteId?: string }).siteId);
  if (!permissionsOn(request, Number.isSafeInteger(siteId) ? siteId : null).has(permission))
    throw errors.forbidden();
};

/** The same for the site of the device the route names. */
function requireOnDevice(ctx: AppContext, permission: SitePermission) {
  return async (request: FastifyRequest) => {
    const { cloudId, deviceId } = request.params as { cloudId?: string; deviceId?: string };
    const [device] = await queryRows<{ site_id: number | null }>(
      ctx.db,
      sql`SELECT site_id FROM devices WHERE id = ${Number(deviceId) || 0} AND cloud_id = ${Number(cloudId) || 0}
          AND deleted_at IS NULL`,
    );
    if (!device) throw errors.notFound();
    if (!permissionsOn(request, device.site_id).has(permission)) throw errors.forbidden();
  };
}

const notTurnedOff = (site: SiteRow) => {
  if (!site.config_enabled) throw errors.conflict('Configuration is turned off for this site.');
};

/** docs/configuration.md: the site and device configuration API (docs/api.md#configuration). */
export function configRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, secrets } = ctx;

  const loadSite = async (cloudId: number, siteId: number) => {
    const site = await findSite(db, cloudId, siteId);
    if (!site) throw errors.notFound('Site not found.');
    return site;
  };

  /** The draft's problems at the site level: variables a device may still give are checked on apply. */
  const siteProblems = (type: ConfigType, document: JsonObject, variables: Record<string, string>) =>
    validateConfig(type, substitute(document, variables).document);

  async function siteAnswer(request: FastifyRequest, site: SiteRow): Promise<SiteConfig> {
    const granted = permissionsOn(request, site.id);
    const showSecrets = granted.has('view_sensitive_config');
    const view = (document: JsonObject | null) =>
      document === null || showSecrets ? document : (maskSecrets(document) as JsonObject);
    return {
      site_id: site.id,
      config_enabled: site.config_enabled,
      sdwan_enabled: site.sdwan_enabled,
      config_saved_at: site.config_saved_at && new Date(site.config_saved_at).toISOString(),
      variables: site.variables,
      config_lock: site.config_lock,
      can_change_lock: granted.has('change_lock_config') && site.config_enabled,
      types: (await siteTypes(db, secrets, site.id)).map((row) => ({
        config_type: row.config_type,
        devices: row.devices,
        draft: view(row.draft),
        applied: view(row.applied),
        revision_id: row.revision_id,
        problems: row.draft ? siteProblems(row.config_type, row.draft, site.variables) : [],
      })),
      can_change: granted.has('change_site_config') && site.config_enabled,
      can_view_secrets: showSecrets,
    };
  }

  async function deviceAnswer(request: FastifyRequest, device: DeviceRow): Promise<DeviceConfig> {
    const granted = permissionsOn(request, device.site_id);
    const showSecrets = granted.has('view_sensitive_config');
    const view = (document: JsonObject) => (showSecrets ? document : (maskSecrets(document) as JsonObject));
    const type = device.config_type;
    const known = isConfigType(type);
    const site = await inheritedBy(device);
    const resolved = known ? resolveDevice(device, site) : null;
    const drift =
      known && device.running && device.running_received_at
        ? changesOf(resolveDevice(device, site, false).sent, device.running, showSecrets)
        : [];
    return {
      device_id: device.id,
      site_id: device.site_id,
      config_type: known ? type : null,
      inherit: device.inherit,
      allow_config: device.allow_config,
      suspend_config: device.suspend_config,
      suspend_reason: device.suspend_config ? device.suspend_reason : null,
      effective: resolved && view(resolved.document),
      origins: resolved?.origins ?? {},
      overrides: known ? view(device.draft ?? device.overrides) : null,
      has_draft: device.draft !== null,
      variables: device.variables,
      problems: resolved?.problems ?? [],
      console_hash: device.console_hash,
      applied_hash: device.applied_hash,
      drift:
        drift.length > 0 && device.running_received_at
          ? { changes: drift, received_at: new Date(device.running_received_at).toISOString() }
          : null,
      revision_id: device.revision_id,
      can_change: granted.has('change_device_config'),
      can_view_secrets: showSecrets,
    };
  }

  const inheritedBy = async (device: DeviceRow) =>
    device.site_id === null
      ? { document: null, variables: {}, revisionId: null }
      : appliedSiteDocument(db, secrets, device.site_id, device.config_type);

  const loadDevice = async (cloudId: number, deviceId: number) => {
    const device = await findDevice(db, secrets, cloudId, deviceId);
    if (!device) throw errors.notFound('Device not found.');
    return device;
  };

  const callerOf = (request: FastifyRequest) => {
    const membership = membershipOf(request);
    return { db, secrets, actor: actorOf(request), cloudId: membership.cloudId, userId: membership.userId };
  };

  return async (app) => {
    app.get(
      '/sites/:siteId/config',
      {
        preValidation: requireOnSite('view_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'getSiteConfig',
          summary: "A site's configuration per kind of device: draft, applied document, revision, variables",
          params: SiteConfigParams,
          response: { 200: SiteConfig, ...signedInErrors },
        },
      },
      async (request) => siteAnswer(request, await loadSite(request.params.cloudId, request.params.siteId)),
    );

    app.put(
      '/sites/:siteId/config',
      {
        preValidation: requireOnSite('change_site_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'saveSiteConfig',
          summary:
            'Saves drafts (a masked secret keeps the stored one), drops drafts, sets variables; a draft with a ' +
            'problem is refused with each leaf and rule',
          params: SiteConfigParams,
          body: SaveSiteConfigBody,
          response: { 200: SiteConfig, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteId } = request.params;
        const site = await loadSite(cloudId, siteId);
        notTurnedOff(site);
        if (
          request.body.config_lock !== undefined &&
          !permissionsOn(request, siteId).has('change_lock_config')
        )
          throw errors.forbidden('You may not change whether this site always follows the console.');
        const rows = new Map((await siteTypes(db, secrets, siteId)).map((row) => [row.config_type, row]));
        const variables = request.body.variables ?? site.variables;
        const drafts = new Map<ConfigType, JsonObject | null>();
        const issues: ValidationIssue[] = [];
        for (const [type, incoming] of Object.entries(request.body.documents ?? {}) as [
          ConfigType,
          JsonObject,
        ][]) {
          const row = rows.get(type);
          const document = keepMaskedSecrets(incoming, row?.draft ?? row?.applied ?? undefined) as JsonObject;
          const problems = siteProblems(type, document, variables).filter(
            (p) => p.rule !== 'variableMissing',
          );
          issues.push(...problemIssues(`/documents/${type}`, problems));
          drafts.set(type, document);
        }
        for (const type of request.body.discard ?? []) drafts.set(type, null);
        if (issues.length > 0) throw errors.validation(issues);
        await db.transaction(async (tx) => {
          await saveSiteDrafts(tx, secrets, siteId, drafts, request.body.variables, request.body.config_lock);
          const row = (type: ConfigType) => rows.get(type);
          await audit(tx, actorOf(request), {
            cloudId,
            action: 'config_saved',
            objectType: 'site',
            objectId: siteId,
            objectName: site.name,
            after: {
              drafts: [...drafts].map(([type, draft]) => ({
                config_type: type,
                changes: draft
                  ? changesOf(row(type)?.draft ?? row(type)?.applied ?? null, draft)
                  : 'discarded',
              })),
              ...(request.body.variables ? { variables: request.body.variables } : {}),
              ...(request.body.config_lock === undefined ? {} : { config_lock: request.body.config_lock }),
            },
          });
        });
        return siteAnswer(request, await loadSite(cloudId, siteId));
      },
    );

    app.get(
      '/sites/:siteId/config/diff',
      {
        preValidation: requireOnSite('view_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'diffSiteConfig',
          summary: 'What each draft changes from the applied document, leaf by leaf',
          params: SiteConfigParams,
          response: { 200: SiteConfigDiff, ...signedInErrors },
        },
      },
      async (request) => {
        const { siteId } = request.params;
        const showSecrets = permissionsOn(request, siteId).has('view_sensitive_config');
        const rows = await siteTypes(db, secrets, siteId);
        return {
          types: rows.flatMap((row) =>
            row.draft
              ? [{ config_type: row.config_type, changes: changesOf(row.applied, row.draft, showSecrets) }]
              : [],
          ),
        };
      },
    );

    app.post(
      '/sites/:siteId/config/apply',
      {
        preValidation: requireOnSite('change_site_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'applySiteConfig',
          summary:
            'Applies drafts: a revision per kind and a configuration task to the devices that inherit, in ' +
            'batches (canary first); with dryRun, answers the batches and skipped devices and changes nothing',
          params: SiteConfigParams,
          body: ApplySiteConfigBody,
          response: { 200: ApplyResult, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteId } = request.params;
        const site = await loadSite(cloudId, siteId);
        notTurnedOff(site);
        const wanted = request.body.types;
        const rows = (await siteTypes(db, secrets, siteId)).filter(
          (row) => row.draft && (!wanted || wanted.includes(row.config_type)),
        );
        if (rows.length === 0) throw errors.conflict('Nothing to apply: there is no draft.');
        const parts = await Promise.all(
          rows.map(async (row) => ({
            type: row.config_type,
            document: row.draft as JsonObject,
            before: row.applied,
            parentId: row.revision_id,
            devices: await siteDevices(db, secrets, siteId, row.config_type),
          })),
        );
        const { alerts, ...result } = await applySite(callerOf(request), site, parts, {
          ...request.body,
          kind: 'apply',
        });
        request.server.fleet.notify(alerts);
        return result;
      },
    );

    app.get(
      '/sites/:siteId/config/revisions',
      {
        preValidation: requireOnSite('view_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'listSiteConfigRevisions',
          summary: "A page of the site's revisions, newest first, each with what it changed",
          params: SiteConfigParams,
          querystring: RevisionsQuery,
          response: { 200: RevisionList, ...signedInErrors },
        },
      },
      async (request) => {
        const { siteId } = request.params;
        const showSecrets = permissionsOn(request, siteId).has('view_sensitive_config');
        const { config_type: type, limit, offset } = request.query;
        const page = await listRevisions(db, secrets, { siteId }, { type, limit, offset });
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
      },
    );

    app.post(
      '/sites/:siteId/config/revisions/:revisionId/rollback',
      {
        preValidation: requireOnSite('change_site_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'rollbackSiteConfig',
          summary: 'Applies an earlier revision again, as a new revision (a draft of its kind stays a draft)',
          params: RevisionParams,
          body: RollbackBody,
          response: { 200: ApplyResult, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteId, revisionId } = request.params;
        const site = await loadSite(cloudId, siteId);
        notTurnedOff(site);
        const [revision] = (await listRevisions(db, secrets, { siteId }, { revisionId, limit: 1, offset: 0 }))
          .revisions;
        if (!revision) throw errors.notFound('Revision not found.');
        const current = (await siteTypes(db, secrets, siteId)).find(
          (row) => row.config_type === revision.config_type,
        );
        const { alerts, ...result } = await applySite(
          callerOf(request),
          site,
          [
            {
              type: revision.config_type,
              document: revision.document,
              before: current?.applied ?? null,
              parentId: current?.revision_id ?? null,
              devices: await siteDevices(db, secrets, siteId, revision.config_type),
            },
          ],
          { ...request.body, kind: 'rollback' },
        );
        request.server.fleet.notify(alerts);
        return result;
      },
    );

    app.get(
      '/devices/:deviceId/config',
      {
        preValidation: requireOnDevice(ctx, 'view_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'getDeviceConfig',
          summary:
            "A device's effective configuration with each leaf's origin, its overrides, hashes and drift",
          params: DeviceConfigParams,
          response: { 200: DeviceConfig, ...signedInErrors },
        },
      },
      async (request) =>
        deviceAnswer(request, await loadDevice(request.params.cloudId, request.params.deviceId)),
    );

    app.put(
      '/devices/:deviceId/config',
      {
        preValidation: requireOnDevice(ctx, 'change_device_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'saveDeviceConfig',
          summary:
            "Saves the device's draft: an edited document (kept as overrides of the site's), leaves reverted " +
            'to the site, variables, the inherit switch; resumes suspended configuration',
          params: DeviceConfigParams,
          body: SaveDeviceConfigBody,
          response: { 200: DeviceConfig, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, deviceId } = request.params;
        const device = await loadDevice(cloudId, deviceId);
        if (!isConfigType(device.config_type))
          throw errors.conflict('This device takes no configuration from the console.');
        const body = request.body;
        const site = await inheritedBy(device);
        const inherit = body.inherit ?? device.inherit;
        const current = resolveDevice(device, site).document;
        // Switching keeps the effective document: the new overrides are what differs from the new base.
        const ownOf = (document: JsonObject) =>
          inherit ? ((overridesBetween(site.document ?? undefined, document) ?? {}) as JsonObject) : document;
        let own: JsonObject | null = body.inherit === undefined ? null : ownOf(current);
        if (body.document) {
          const document = keepMaskedSecrets(body.document as JsonObject, current) as JsonObject;
          const variables = { ...site.variables, ...(body.variables ?? device.variables) };
          const problems = validateConfig(
            device.config_type,
            substitute(document, variables).document,
            device.fw || null,
          );
          if (problems.length > 0) throw errors.validation(problemIssues('/document', problems));
          own = ownOf(document);
        }
        for (const path of body.revert ?? []) {
          if (!inherit) throw errors.conflict('A standalone device has nothing to revert to.');
          own = withoutOverride(own ?? device.draft ?? device.overrides, path) as JsonObject;
        }
        await db.transaction(async (tx) => {
          await tx.execute(sql`
            UPDATE devices SET type = ${inherit ? 'NET_ENTERPRISE' : 'NET_STANDALONE'}, config_saved_at = now(),
              suspend_config = suspend_config AND ${body.suspend_config !== false}, updated_at = now()
            WHERE id = ${deviceId}`);
          await updateDeviceConfig(tx, secrets, deviceId, {
            ...(own ? { draft: own } : {}),
            ...(body.discard ? { draft: null } : {}),
            ...(body.variables ? { variables: body.variables } : {}),
            ...(body.suspend_config === false ? { suspendReason: null } : {}),
          });
          await audit(tx, actorOf(request), {
            cloudId,
            action: 'config_saved',
            objectType: 'device',
            objectId: deviceId,
            objectName: device.name,
            after: {
              ...(body.inherit === undefined ? {} : { inherit }),
              ...(own
                ? {
                    changes: changesOf(
                      current,
                      resolveDevice({ ...device, inherit, draft: own }, site).document,
                    ),
                  }
                : {}),
              ...(body.revert ? { reverted: body.revert } : {}),
              ...(body.discard ? { draft: 'discarded' } : {}),
              ...(body.variables ? { variables: body.variables } : {}),
              ...(body.suspend_config === false ? { suspend_config: false } : {}),
            },
          });
        });
        return deviceAnswer(request, await loadDevice(cloudId, deviceId));
      },
    );

    app.post(
      '/devices/:deviceId/config/apply',
      {
        preValidation: requireOnDevice(ctx, 'change_device_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'applyDeviceConfig',
          summary:
            "Applies the device's draft as a revision of its own and sends its effective document (or sends " +
            'it again without a draft); with dryRun, answers whether it would be sent or skipped',
          params: DeviceConfigParams,
          body: ApplyDeviceConfigBody,
          response: { 200: ApplyResult, ...signedInErrors },
        },
      },
      async (request) => {
        const device = await loadDevice(request.params.cloudId, request.params.deviceId);
        if (!isConfigType(device.config_type))
          throw errors.conflict('This device takes no configuration from the console.');
        const { alerts, ...result } = await applyDevice(
          callerOf(request),
          device,
          await inheritedBy(device),
          {
            dryRun: request.body.dryRun,
            kind: 'apply',
          },
        );
        request.server.fleet.notify(alerts);
        return result;
      },
    );

    app.post(
      '/devices/:deviceId/config/sync',
      {
        preValidation: requireOnDevice(ctx, 'change_device_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'syncDeviceConfig',
          summary:
            "Settles a drift: keep the console's document (sent to the device again) or take the device's " +
            'running one (it becomes the device overrides)',
          params: DeviceConfigParams,
          body: SyncBody,
          response: { 200: DeviceConfig, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, deviceId } = request.params;
        const device = await loadDevice(cloudId, deviceId);
        if (!isConfigType(device.config_type) || !device.running || !device.running_received_at)
          throw errors.conflict(
            'The console has no running configuration of this device to compare: read it first.',
          );
        const site = await inheritedBy(device);
        const keep = request.body.keep;
        const base = device.inherit ? substitute(site.document, site.variables).document : null;
        const draft =
          keep === 'device'
            ? ((base === null
                ? device.running
                : (overridesBetween(base, device.running) ?? {})) as JsonObject)
            : null;
        const { alerts } = await applyDevice(callerOf(request), { ...device, draft }, site, {
          kind: 'sync',
          keep,
        });
        request.server.fleet.notify(alerts);
        return deviceAnswer(request, await loadDevice(cloudId, deviceId));
      },
    );
  };
}
