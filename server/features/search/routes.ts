import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SearchFindBody, SearchFindResponse } from '../../../core/api/search.ts';
import { MIN_SEARCH_LENGTH } from '../../../core/constants.ts';
import { can, visibleSiteIds } from '../../../core/policy.ts';
import { classifySearchInput, defaultSources, trimQuery } from '../../../core/search.ts';
import { membershipOf, personOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { searchEverywhere } from './service.ts';

/** Cloud-scoped search (docs/validation.md, docs/api.md#the-calls). */
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.post(
      '/search/find',
      {
        schema: {
          tags: ['search'],
          summary:
            'Search Everywhere: the clouds of the caller and the sites, devices, users and wireless clients ' +
            'of this cloud, current and historical, at most 3 per object type in each list',
          params: CloudParams,
          body: SearchFindBody,
          response: { 200: SearchFindResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const query = trimQuery(request.body.query);
        if (query.length < MIN_SEARCH_LENGTH) {
          throw errors.validation([
            {
              errorCode: 'minLength',
              location: 'body',
              path: '/query',
              message: `must NOT have fewer than ${MIN_SEARCH_LENGTH} characters`,
            },
          ]);
        }
        const sources = request.body.sources ?? defaultSources(classifySearchInput(query));
        return searchEverywhere(
          db,
          {
            cloudId: membership.cloudId,
            userId: personOf(membership).userId,
            siteIds: visibleSiteIds(membership),
            seesUsers: can(membership, 'manage_users'),
          },
          { query, sources: new Set(sources) },
        );
      },
    );
  };
}
