// The topology (docs/topology.md): read by members who see the site.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Topology, TopologyParams } from '../../../core/api/topology.ts';
import { canSeeSite } from '../../../core/policy.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import type { LiveHub } from '../../events/hub.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { findSite } from '../site-map/repository.ts';
import { createAnswerCache } from './answer-cache.ts';
import { siteTopology } from './repository.ts';

/** How long a site's topology is answered again without reading it, when no live event changed it. */
export const TOPOLOGY_MAX_AGE_MS = 5_000;

export function topologyRoutes(ctx: AppContext, hub: LiveHub): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  const intervalS = ctx.config.heartbeatIntervalS;
  const answers = createAnswerCache<Awaited<ReturnType<typeof siteTopology>>>(TOPOLOGY_MAX_AGE_MS);
  hub.observe(answers.observe);
  return async (app) => {
    app.get(
      '/sites/:siteId/topology',
      {
        schema: {
          tags: ['sites'],
          operationId: 'getSiteTopology',
          summary:
            "A site's devices and the links between them, as LLDP, switch ports and radio reports draw them",
          params: TopologyParams,
          response: { 200: Topology, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteId } = request.params;
        // A site the caller does not see is one that does not exist (docs/api.md#http-conventions).
        if (!canSeeSite(membershipOf(request), siteId)) throw errors.notFound();
        // The site and its topology at once: a site of another cloud, or none, has no devices to read.
        const [site, { models, nodes, edges }] = await Promise.all([
          findSite(db, cloudId, siteId),
          answers.get(cloudId, siteId, () => siteTopology(db, cloudId, siteId, intervalS)),
        ]);
        if (!site) throw errors.notFound('Site not found.');
        return {
          site: { id: site.id, name: site.name },
          models,
          nodes,
          edges,
          heartbeat_interval_s: intervalS,
        };
      },
    );
  };
}
