import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { DeletedSite, SiteIdParams, SiteProperties, UpdateSiteBody } from '../../../core/api/sites.ts';
import { can, canSeeSite, sitePermissions } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { duplicateSiteName, siteValuesOf } from './site-fields.ts';
import { deleteSite, findSiteProperties, updateSite } from './site-properties-repository.ts';

type Need = 'read' | 'edit' | 'delete';

/** What the caller may do with a site they see (docs/roles.md): edit_site edits; deleting also needs manage_sites. */
function abilities(request: FastifyRequest, siteId: number) {
  const membership = membershipOf(request);
  const granted = sitePermissions(membership, siteId);
  const canEdit = granted.has('edit_site');
  return { can_edit: canEdit, can_delete: canEdit && can(membership, 'manage_sites') };
}

/**
 * Refuses a caller who does not see the site (404, docs/api.md#http-conventions) or may not do what the route does (403).
 * It runs before the body is validated, so a caller without the right learns nothing from a 400.
 */
function requireSite(need: Need) {
  return async (request: FastifyRequest) => {
    const siteId = Number((request.params as { siteId?: string }).siteId);
    if (!Number.isSafeInteger(siteId) || !canSeeSite(membershipOf(request), siteId)) throw errors.notFound();
    const may = abilities(request, siteId);
    if ((need === 'edit' && !may.can_edit) || (need === 'delete' && !may.can_delete))
      throw errors.forbidden();
  };
}

/** Site Properties (docs/navigation.md#navigation-drawer /v2/cloud/{cloudId}/site/{siteId}/edit): read, change and delete a site. */
export function sitePropertiesRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/sites/:siteId',
      {
        preValidation: requireSite('read'),
        schema: {
          tags: ['sites'],
          summary: "A site's properties and whether the caller may change or delete it",
          params: SiteIdParams,
          response: { 200: SiteProperties, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteId } = request.params;
        const site = await findSiteProperties(db, cloudId, siteId, null);
        if (!site) throw errors.notFound('Site not found.');
        const { createdAt: _createdAt, ...properties } = site;
        return { ...properties, ...abilities(request, siteId) };
      },
    );

    app.patch(
      '/sites/:siteId',
      {
        preValidation: requireSite('edit'),
        schema: {
          tags: ['sites'],
          summary: 'Changes the fields given; the change log records the values before and after',
          params: SiteIdParams,
          body: UpdateSiteBody,
          response: { 200: SiteProperties, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteId } = request.params;
        const updated = await updateSite(db, cloudId, siteId, siteValuesOf(request.body), actorOf(request));
        if (updated === 'duplicate') throw duplicateSiteName();
        const site = updated && (await findSiteProperties(db, cloudId, siteId, null));
        if (!site) throw errors.notFound('Site not found.');
        const { createdAt: _createdAt, ...properties } = site;
        return { ...properties, ...abilities(request, siteId) };
      },
    );

    app.delete(
      '/sites/:siteId',
      {
        preValidation: requireSite('delete'),
        schema: {
          tags: ['sites'],
          summary:
            "Deletes a site; its devices stay in the cloud without a site, and Site Users' grants on it end",
          params: SiteIdParams,
          response: { 200: DeletedSite, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteId } = request.params;
        const deleted = await deleteSite(db, cloudId, siteId, actorOf(request));
        if (!deleted) throw errors.notFound('Site not found.');
        return deleted;
      },
    );
  };
}
