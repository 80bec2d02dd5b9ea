import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  CreatedSiteFilter,
  CreateSiteFilterBody,
  SelectSiteFilterBody,
  SiteFiltersSelectQuery,
  SiteFiltersSelectResponse,
} from '../../../core/api/sites.ts';
import { SITE_FILTER_PAGE_LIMIT } from '../../../core/constants.ts';
import { visibleSiteIds } from '../../../core/policy.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { visibleSitesAmong } from './repository.ts';
import { createGrouping, findGrouping, listGroupings, setActiveGrouping } from './site-filter-repository.ts';

const FIRST_PAGE: SiteFiltersSelectQuery = { limit: SITE_FILTER_PAGE_LIMIT, allFields: false };

/** Saved site groupings: list, select, clear (SPEC §7 site-filters-select) and create (site-filter/add). */
export function siteFilterRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;

  /** The caller's active filter and a page of groupings, the answer of every site-filters-select call. */
  async function answer(request: FastifyRequest, cloudId: number, query: SiteFiltersSelectQuery) {
    const membership = membershipOf(request);
    const active =
      membership.activeSiteFilterId === null
        ? undefined
        : await findGrouping(db, cloudId, membership.activeSiteFilterId);
    const siteGroupings = await listGroupings(db, {
      cloudId,
      visible: visibleSiteIds(membership),
      ...query,
    });
    return {
      userCloudFilter: { id: active?.id ?? null, name: active?.name ?? null },
      siteGroupings,
      backendFilter: siteGroupings.length === query.limit,
    };
  }

  return async (app) => {
    app.get(
      '/site-filters-select',
      {
        schema: {
          tags: ['sites'],
          params: CloudParams,
          querystring: SiteFiltersSelectQuery,
          response: { 200: SiteFiltersSelectResponse, ...signedInErrors },
        },
      },
      async (request) => answer(request, request.params.cloudId, request.query),
    );

    app.post(
      '/site-filters-select',
      {
        // SPEC §6: the site-group filter is for users who manage sites.
        config: { permission: 'manage_sites' },
        schema: {
          tags: ['sites'],
          params: CloudParams,
          body: SelectSiteFilterBody,
          response: { 200: SiteFiltersSelectResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId } = request.params;
        const grouping = await findGrouping(db, cloudId, request.body.siteFilterId);
        if (!grouping) throw errors.notFound('Site filter not found.');
        const membership = membershipOf(request);
        await setActiveGrouping(db, membership.userId, cloudId, grouping.id);
        membership.activeSiteFilterId = grouping.id;
        return answer(request, cloudId, FIRST_PAGE);
      },
    );

    // Any member may clear their own selection ("Back to Cloud"), even after losing manage_sites.
    app.delete(
      '/site-filters-select',
      {
        schema: {
          tags: ['sites'],
          params: CloudParams,
          response: { 200: SiteFiltersSelectResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId } = request.params;
        const membership = membershipOf(request);
        await setActiveGrouping(db, membership.userId, cloudId, null);
        membership.activeSiteFilterId = null;
        return answer(request, cloudId, FIRST_PAGE);
      },
    );

    app.post(
      '/site-filters',
      {
        config: { permission: 'manage_sites' },
        schema: {
          tags: ['sites'],
          params: CloudParams,
          body: CreateSiteFilterBody,
          response: { 201: CreatedSiteFilter, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId } = request.params;
        const membership = membershipOf(request);
        const siteIds = [...new Set(request.body.siteIds)];
        const found = await visibleSitesAmong(db, cloudId, visibleSiteIds(membership), siteIds);
        const unknown = siteIds.filter((id) => !found.has(id));
        if (unknown.length > 0) {
          throw errors.validation([
            {
              errorCode: 'unknown_site',
              location: 'body',
              path: '/siteIds',
              message: `No such site in this cloud: ${unknown.slice(0, 10).join(', ')}.`,
            },
          ]);
        }
        const created = await createGrouping(db, {
          cloudId,
          name: request.body.name.trim(),
          siteIds,
          createdByUserId: membership.userId,
        });
        return reply.code(201).send(created);
      },
    );
  };
}
