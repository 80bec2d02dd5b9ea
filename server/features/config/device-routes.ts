import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ApplyDeviceConfigBody,
  ApplyResult,
  DeviceConfig,
  DeviceConfigParams,
  DeviceRevisionParams,
  DeviceRollbackBody,
  RevisionList,
  RevisionsQuery,
  SaveDeviceConfigBody,
  SyncBody,
} from '../../../core/api/config.ts';
import { validateConfig } from '../../../core/config/rules.ts';
import { keepMaskedSecrets, maskSecrets } from '../../../core/config/secrets.ts';
import { overridesBetween, withoutOverride } from '../../../core/config/tree.ts';
import { substitute } from '../../../core/config/variables.ts';
import { actorOf, audit } from '../../audit/record.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { callerOf, isConfigType, permissionsOn, requireOnDevice } from './access.ts';
import { applyDevice, changesOf, driftChanges, problemIssues, resolveDevice, revisionList } from './apply.ts';
import {
  type DeviceRow,
  findDevice,
  inheritedDocument,
  type JsonObject,
  listRevisions,
  updateDeviceConfig,
} from './repository.ts';

/** docs/configuration.md: a device's configuration (docs/configuration.md#api). */
export function deviceConfigRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, secrets } = ctx;

  async function deviceAnswer(request: FastifyRequest, device: DeviceRow): Promise<DeviceConfig> {
    const granted = permissionsOn(request, device.site_id);
    const showSecrets = granted.has('view_sensitive_config');
    const view = (document: JsonObject) => (showSecrets ? document : (maskSecrets(document) as JsonObject));
    const type = device.config_type;
    const known = isConfigType(type);
    const site = await inheritedBy(device);
    const resolved = known ? resolveDevice(device, site) : null;
    const drift = known ? driftChanges(device, site, showSecrets) : [];
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

  const inheritedBy = (device: DeviceRow) => inheritedDocument(db, secrets, device);

  const loadDevice = async (cloudId: number, deviceId: number) => {
    const device = await findDevice(db, secrets, cloudId, deviceId);
    if (!device) throw errors.notFound('Device not found.');
    return device;
  };

  return async (app) => {
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
          callerOf(ctx, request),
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

    app.get(
      '/devices/:deviceId/config/revisions',
      {
        preValidation: requireOnDevice(ctx, 'view_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'listDeviceConfigRevisions',
          summary: "A page of the device's own revisions, newest first, each with what it changed",
          params: DeviceConfigParams,
          querystring: RevisionsQuery,
          response: { 200: RevisionList, ...signedInErrors },
        },
      },
      async (request) => {
        const device = await loadDevice(request.params.cloudId, request.params.deviceId);
        const showSecrets = permissionsOn(request, device.site_id).has('view_sensitive_config');
        return revisionList(db, secrets, { deviceId: device.id }, request.query, showSecrets);
      },
    );

    app.post(
      '/devices/:deviceId/config/revisions/:revisionId/rollback',
      {
        preValidation: requireOnDevice(ctx, 'change_device_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'rollbackDeviceConfig',
          summary:
            "Makes one of the device's earlier revisions its document again, as a new revision, and sends it",
          params: DeviceRevisionParams,
          body: DeviceRollbackBody,
          response: { 200: ApplyResult, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, deviceId, revisionId } = request.params;
        const device = await loadDevice(cloudId, deviceId);
        const [revision] = (
          await listRevisions(db, secrets, { deviceId }, { revisionId, limit: 1, offset: 0 })
        ).revisions;
        if (!revision || revision.config_type !== device.config_type)
          throw errors.notFound('Revision not found.');
        const { alerts, ...result } = await applyDevice(
          callerOf(ctx, request),
          { ...device, draft: revision.document },
          await inheritedBy(device),
          { kind: 'rollback' },
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
        const { alerts } = await applyDevice(callerOf(ctx, request), { ...device, draft }, site, {
          kind: 'sync',
          keep,
        });
        request.server.fleet.notify(alerts);
        return deviceAnswer(request, await loadDevice(cloudId, deviceId));
      },
    );
  };
}
