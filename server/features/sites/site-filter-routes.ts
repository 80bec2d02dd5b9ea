import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CreatedSiteFilter,
  CreateSiteFilterBody,
  SelectSiteFilterBody,
  SiteFilter,
  SiteFilterIdParams,
  SiteFiltersSelectQuery,
  SiteFiltersSelectResponse,
  UpdateSiteFilterBody,
} from '../../../core/api/sites.ts';
import { SITE_FILTER_PAGE_LIMIT } from '../../../core/constants.ts';
import { visibleSiteIds } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf, personOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { visibleSitesAmong } from './repository.ts';
import {
  createGrouping,
  deleteGrouping,
  findGrouping,
  groupingWithSites,
  listGroupings,
  setActiveGrouping,
  updateGrouping,
} from './site-filter-repository.ts';

const FIRST_PAGE: SiteFiltersSelectQuery = { limit: SITE_FILTER_PAGE_LIMIT, allFields: false };

/**
 * Saved site groupings: list, select, clear (docs/api.md#the-calls site-filters-select), create (site-filter/add), read,
 * change and delete (a grouping's edit page).
 */
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
      backend_filter: siteGroupings.length === query.limit,
    };
  }

  /** The grouping's sites, in order and once each; a 400 names those that are no live site of the cloud. */
  async function knownSites(request: FastifyRequest, cloudId: number, ids: readonly number[]) {
    const siteIds = [...new Set(ids)].sort((a, b) => a - b);
    const found = await visibleSitesAmong(db, cloudId, visibleSiteIds(membershipOf(request)), siteIds);
    const unknown = siteIds.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw errors.validation([
        {
          errorCode: 'unknown_site',
          location: 'body',
          path: '/site_ids',
          message: `No such site in this cloud: ${unknown.slice(0, 10).join(', ')}.`,
        },
      ]);
    }
    return siteIds;
  }

  return async (app) => {
    app.get(
      '/site-filters-select',
      {
        schema: {
          summary: 'The site filters of the cloud and the one the caller has selected',
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
        // docs/roles.md: the site-group filter is for users who manage sites.
        config: { permission: 'manage_sites' },
        schema: {
          summary: 'Select a site filter for the caller',
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
        await setActiveGrouping(db, personOf(membership).userId, cloudId, grouping.id);
        membership.activeSiteFilterId = grouping.id;
        return answer(request, cloudId, FIRST_PAGE);
      },
    );

    // Any member may clear their own selection ("Back to Cloud"), even after losing manage_sites.
    app.delete(
      '/site-filters-select',
      {
        schema: {
          summary: "Clear the caller's selected site filter (back to the whole cloud)",
          tags: ['sites'],
          params: CloudParams,
          response: { 200: SiteFiltersSelectResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId } = request.params;
        const membership = membershipOf(request);
        await setActiveGrouping(db, personOf(membership).userId, cloudId, null);
        membership.activeSiteFilterId = null;
        return answer(request, cloudId, FIRST_PAGE);
      },
    );

    app.post(
      '/site-filters',
      {
        config: { permission: 'manage_sites' },
        schema: {
          summary: 'Create a site filter: a named group of sites',
          tags: ['sites'],
          params: CloudParams,
          body: CreateSiteFilterBody,
          response: { 201: CreatedSiteFilter, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId } = request.params;
        const created = await createGrouping(
          db,
          {
            cloudId,
            name: request.body.name.trim(),
            siteIds: await knownSites(request, cloudId, request.body.site_ids),
            createdByUserId: personOf(membershipOf(request)).userId,
          },
          actorOf(request),
        );
        return reply.code(201).send({ id: created.id, name: created.name, site_ids: created.siteIds });
      },
    );

    // Editing a saved grouping is for those who may create one (docs/roles.md manage_sites).
    app.get(
      '/site-filters/:siteFilterId',
      {
        config: { permission: 'manage_sites' },
        schema: {
          tags: ['sites'],
          summary: 'A saved site grouping with its sites that still exist',
          params: SiteFilterIdParams,
          response: { 200: SiteFilter, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteFilterId } = request.params;
        const grouping = await groupingWithSites(db, cloudId, siteFilterId);
        if (!grouping) throw errors.notFound('Site filter not found.');
        return { id: grouping.id, name: grouping.name, site_ids: grouping.siteIds };
      },
    );

    app.patch(
      '/site-filters/:siteFilterId',
      {
        config: { permission: 'manage_sites' },
        schema: {
          tags: ['sites'],
          summary: 'Renames a saved site grouping or changes its sites',
          params: SiteFilterIdParams,
          body: UpdateSiteFilterBody,
          response: { 200: SiteFilter, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteFilterId } = request.params;
        const { name, site_ids: siteIds } = request.body;
        const updated = await updateGrouping(
          db,
          cloudId,
          siteFilterId,
          {
            name: name?.trim(),
            siteIds: siteIds && (await knownSites(request, cloudId, siteIds)),
          },
          actorOf(request),
        );
        if (!updated) throw errors.notFound('Site filter not found.');
        return { id: updated.id, name: updated.name, site_ids: updated.siteIds };
      },
    );

    app.delete(
      '/site-filters/:siteFilterId',
      {
        config: { permission: 'manage_sites' },
        schema: {
          tags: ['sites'],
          summary: 'Deletes a saved site grouping; members who had it selected see the whole cloud again',
          params: SiteFilterIdParams,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId, siteFilterId } = request.params;
        if (!(await deleteGrouping(db, cloudId, siteFilterId, actorOf(request))))
          throw errors.notFound('Site filter not found.');
        return reply.code(204).send(null);
      },
    );
  };
}
