// LinqPath (docs/linqpath.md#who-may-use-it) under /apiv2/cloud/{cloudId}/linqpath: every member takes ends
// from the places they see; saved plans are read by the members who see every site and saved, changed and
// deleted with manage_sites.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  LinqPathListQuery,
  LinqPathParams,
  LinqPathPlaces,
  LinqPathPlacesQuery,
  LinqPathPlan,
  LinqPathPlanBody,
  LinqPathPlanParams,
  LinqPathPlanPatch,
  LinqPathPlans,
} from '../../../core/api/linqpath.ts';
import { can, seesAllSites, visibleSiteIds } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { Ok, signedInErrors } from '../../http-schemas.ts';
import { findPlaces } from './places.ts';
import { planFileName, planPdfInWorker } from './plan-pdf.ts';
import { createPlan, deletePlan, findPlan, listPlans, updatePlan } from './repository.ts';

const tags = ['linqpath'];
const PdfFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' });

/** A plan holds places of any site: only members who see every site read them. */
async function mayRead(request: FastifyRequest) {
  if (!seesAllSites(membershipOf(request))) throw errors.forbidden();
}

/** Known before the body is read, so a 400 tells a caller without the permission nothing. */
async function mayEdit(request: FastifyRequest) {
  if (!can(membershipOf(request), 'manage_sites')) throw errors.forbidden();
}

export function linqpathRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/linqpath/places',
      {
        schema: {
          tags,
          operationId: 'listLinqPathPlaces',
          summary:
            'Sites with coordinates and link radios with coordinates, by name, that a link end may be taken ' +
            'from (every member, within the sites they see)',
          params: LinqPathParams,
          querystring: LinqPathPlacesQuery,
          response: { 200: LinqPathPlaces, ...signedInErrors },
        },
      },
      async (request) =>
        findPlaces(db, request.params.cloudId, visibleSiteIds(membershipOf(request)), {
          search: request.query.search?.trim() ?? '',
          limit: request.query.limit,
        }),
    );

    app.get(
      '/linqpath/plans',
      {
        preValidation: mayRead,
        schema: {
          tags,
          operationId: 'listLinqPathPlans',
          summary: "The cloud's saved link plans by name, a page at a time (members who see every site)",
          params: LinqPathParams,
          querystring: LinqPathListQuery,
          response: { 200: LinqPathPlans, ...signedInErrors },
        },
      },
      async (request) => ({
        ...(await listPlans(db, request.params.cloudId, request.query)),
        can_edit: can(membershipOf(request), 'manage_sites'),
      }),
    );

    app.get(
      '/linqpath/plans/:planId',
      {
        preValidation: mayRead,
        schema: {
          tags,
          operationId: 'getLinqPathPlan',
          summary: 'One saved link plan',
          params: LinqPathPlanParams,
          response: { 200: LinqPathPlan, ...signedInErrors },
        },
      },
      async (request) => findPlan(db, request.params.cloudId, request.params.planId),
    );

    app.get(
      '/linqpath/plans/:planId/pdf',
      {
        preValidation: mayRead,
        schema: {
          tags,
          operationId: 'exportLinqPathPlanPdf',
          summary:
            'One saved link plan as a PDF: its ends, link settings, budget both ways, clearance and path profile',
          params: LinqPathPlanParams,
          response: { 200: PdfFile, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const plan = await findPlan(db, request.params.cloudId, request.params.planId);
        const pdf = await planPdfInWorker(plan, ctx.config.theme.product_name);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${planFileName(plan.name)}"`)
          .send(pdf);
      },
    );

    app.post(
      '/linqpath/plans',
      {
        preValidation: mayEdit,
        schema: {
          tags,
          operationId: 'createLinqPathPlan',
          summary: 'Saves a link plan under a name (manage_sites); recorded in the change log',
          params: LinqPathParams,
          body: LinqPathPlanBody,
          response: { 201: LinqPathPlan, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const plan = await createPlan(db, actorOf(request), request.params.cloudId, request.body);
        return reply.code(201).send(plan);
      },
    );

    app.patch(
      '/linqpath/plans/:planId',
      {
        preValidation: mayEdit,
        schema: {
          tags,
          operationId: 'updateLinqPathPlan',
          summary: 'Renames a saved link plan or replaces its inputs (manage_sites)',
          params: LinqPathPlanParams,
          body: LinqPathPlanPatch,
          response: { 200: LinqPathPlan, ...signedInErrors },
        },
      },
      async (request) =>
        updatePlan(db, actorOf(request), request.params.cloudId, request.params.planId, request.body),
    );

    app.delete(
      '/linqpath/plans/:planId',
      {
        preValidation: mayEdit,
        schema: {
          tags,
          operationId: 'deleteLinqPathPlan',
          summary: 'Deletes a saved link plan (manage_sites)',
          params: LinqPathPlanParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        await deletePlan(db, actorOf(request), request.params.cloudId, request.params.planId);
        return { ok: true as const };
      },
    );
  };
}
