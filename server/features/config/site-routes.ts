import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ApplyResult,
  ApplySiteConfigBody,
  RevisionList,
  RevisionParams,
  RevisionsQuery,
  RollbackBody,
  SaveSiteConfigBody,
  SiteConfig,
  SiteConfigDevices,
  SiteConfigDevicesQuery,
  SiteConfigDiff,
  SiteConfigParams,
} from '../../../core/api/config.ts';
import type { ConfigType } from '../../../core/config/document.ts';
import { validateConfig } from '../../../core/config/rules.ts';
import { keepMaskedSecrets, maskSecrets } from '../../../core/config/secrets.ts';
import { substitute } from '../../../core/config/variables.ts';
import { actorOf, audit } from '../../audit/record.ts';
import type { AppContext } from '../../context.ts';
import { errors, type ValidationIssue } from '../../errors.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { callerOf, permissionsOn, requireOnSite } from './access.ts';
import { applySite, changesOf, problemIssues, revisionList } from './apply.ts';
import {
  findSite,
  type JsonObject,
  listRevisions,
  type SiteRow,
  saveSiteDrafts,
  siteDeviceStates,
  siteDevices,
  siteTypes,
} from './repository.ts';

/** The rollout options of an apply or rollback body, each named. */
const rolloutOf = (body: RollbackBody) => ({
  dryRun: body.dryRun,
  canary_size: body.canary_size,
  batch_size: body.batch_size,
  failure_threshold_pct: body.failure_threshold_pct,
});

const notTurnedOff = (site: SiteRow) => {
  if (!site.config_enabled) throw errors.conflict('Configuration is turned off for this site.');
};

/** docs/configuration.md: a site's configuration (docs/configuration.md#api). */
export function siteConfigRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
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
        const { alerts, ...result } = await applySite(callerOf(ctx, request), site, parts, {
          ...rolloutOf(request.body),
          kind: 'apply',
        });
        request.server.fleet.notify(alerts);
        return result;
      },
    );

    app.get(
      '/sites/:siteId/config/devices',
      {
        preValidation: requireOnSite('view_config'),
        schema: {
          tags: ['configuration'],
          operationId: 'listSiteConfigDevices',
          summary:
            "A page of the site's devices with where each stands with the console's document, and the count in each state",
          params: SiteConfigParams,
          querystring: SiteConfigDevicesQuery,
          response: { 200: SiteConfigDevices, ...signedInErrors },
        },
      },
      async (request) => {
        const { config_type: type, state, limit, offset } = request.query;
        return siteDeviceStates(db, request.params.siteId, { type, state, limit, offset });
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
        return revisionList(db, secrets, { siteId }, request.query, showSecrets);
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
          callerOf(ctx, request),
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
          { ...rolloutOf(request.body), kind: 'rollback' },
        );
        request.server.fleet.notify(alerts);
        return result;
      },
    );
  };
}
