import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListQuery, listPageRequest } from '../../../core/api/list-query.ts';
import {
  CreatedSite,
  CreateSiteBody,
  SiteListResponse,
  SitesSelectQuery,
  SitesSelectResponse,
} from '../../../core/api/sites.ts';
import { sitePermissions, visibleSiteIds } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { createSite, listSites } from './repository.ts';
import { duplicateSiteName, siteValuesOf } from './site-fields.ts';
import { listSitePage } from './site-page-repository.ts';

const MAX_ID = 2147483647;

/** The ids of the includeIds parameter; ids no row can have are dropped. */
function parseIds(text: string | undefined): number[] {
  if (!text) return [];
  return [...new Set(text.split(',').map(Number))].filter((id) => id <= MAX_ID);
}

/**
 * GET sites-select (docs/api.md#the-calls), GET sites (the site list page, docs/navigation.md#routes) and POST sites (the site picker's
 * "Create a new site", docs/navigation.md#top-bar-panels, and the sites/add page).
 */
export function siteListRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/sites-select',
      {
        schema: {
          summary: 'The sites the caller sees, for the site picker',
          tags: ['sites'],
          params: CloudParams,
          querystring: SitesSelectQuery,
          response: { 200: SitesSelectResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const { limit, filter, allFields, includeIds } = request.query;
        const sites = await listSites(db, {
          cloudId: request.params.cloudId,
          visible: visibleSiteIds(membership),
          limit,
          filter,
          includeIds: parseIds(includeIds),
          allFields,
        });
        return { sites };
      },
    );

    app.get(
      '/sites',
      {
        schema: {
          tags: ['sites'],
          summary:
            'One page of the live sites of the cloud the caller sees, by name, with their device and health ' +
            'counts and whether the caller may edit each; the search matches name or location',
          params: CloudParams,
          querystring: ListQuery,
          response: { 200: SiteListResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const page = await listSitePage(db, {
          cloudId: request.params.cloudId,
          visible: visibleSiteIds(membership),
          ...listPageRequest(request.query),
        });
        const items = page.items.map((site) => ({
          ...site,
          can_edit: sitePermissions(membership, site.id).has('edit_site'),
        }));
        return { ...page, items };
      },
    );

    app.post(
      '/sites',
      {
        config: { permission: 'manage_sites' },
        schema: {
          summary: 'Create a site',
          tags: ['sites'],
          params: CloudParams,
          body: CreateSiteBody,
          response: { 201: CreatedSite, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const values = siteValuesOf(request.body);
        const created = await createSite(
          db,
          {
            cloudId: request.params.cloudId,
            name: values.name ?? '',
            location: values.location ?? '',
            latitude: values.latitude ?? null,
            longitude: values.longitude ?? null,
            timezone: values.timezone ?? 'UTC',
            allowConfig: values.allow_config ?? true,
          },
          actorOf(request),
        );
        if (created === 'duplicate') throw duplicateSiteName();
        return reply.code(201).send(created);
      },
    );
  };
}
