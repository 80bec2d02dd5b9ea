import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { DashboardQuery, DashboardResponse } from '../../../core/api/dashboards.ts';
import { visibleSiteIds } from '../../../core/policy.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { sites } from '../../db/schema/inventory.ts';
import { errors } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { liveSitesOf } from '../sites/repository.ts';
import { activeGrouping } from '../sites/site-filter-repository.ts';
import { type DashboardScope, readDashboard } from './repository.ts';

/** Cloud-scoped: the cloud and site dashboards (docs/navigation.md#routes /cloud/{cloudId}/dashboard, /site/{siteId}/dashboard). */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/dashboard',
      {
        schema: {
          tags: ['dashboards'],
          summary:
            "Devices by family, status, health and firmware, the worst sites, and clients, traffic and alerts over the range; one site's, or the cloud's as far as the caller sees it and their active site grouping narrows it",
          params: CloudParams,
          querystring: DashboardQuery,
          response: { 200: DashboardResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const { cloudId } = membership;
        const visible = visibleSiteIds(membership);
        const { site_id: siteId, range } = request.query;
        if (siteId !== undefined) {
          // A site of another cloud, deleted or hidden from the caller answers like a missing one.
          const [site] = await db
            .select({
              id: sites.id,
              name: sites.name,
              location: sites.location,
              latitude: sites.latitude,
              longitude: sites.longitude,
            })
            .from(sites)
            .where(and(liveSitesOf(cloudId, visible), eq(sites.id, siteId)));
          if (!site) throw errors.notFound();
          return readDashboard(db, { cloudId, siteIds: [siteId], site: true }, range, {
            site,
            grouping: null,
          });
        }
        const grouping = await activeGrouping(db, membership);
        let siteIds: readonly number[] | null = visible;
        if (grouping) siteIds = grouping.siteIds.filter((id) => visible === null || visible.includes(id));
        const scope: DashboardScope = { cloudId, siteIds, site: false };
        return readDashboard(db, scope, range, {
          site: null,
          grouping: grouping ? { id: grouping.id, name: grouping.name } : null,
        });
      },
    );
  };
}
