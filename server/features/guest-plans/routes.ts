// Service plans (docs/guest-access.md#service-plans) under /apiv2/cloud/{cloudId}/authport: the AuthPort
// scope (server/guest-access/scope.ts) has checked manage_sites and that AuthPort is on.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  GuestPlan,
  GuestPlanBody,
  GuestPlanList,
  GuestPlanListQuery,
  GuestPlanParams,
  GuestPlanPatch,
} from '../../../core/api/guest-plans.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas } from '../../errors.ts';
import { changeSessions } from '../../guest-access/coa.ts';
import { CloudParams, Ok, signedInErrors } from '../../http-schemas.ts';
import { createPlan, deletePlan, findPlan, listPlans, updatePlan } from './repository.ts';

const tags = ['guest access'];

export function guestPlanRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/plans',
      {
        schema: {
          tags,
          operationId: 'listGuestPlans',
          summary: "The cloud's service plans by name, with how many guest accounts use each",
          params: CloudParams,
          querystring: GuestPlanListQuery,
          response: { 200: GuestPlanList, ...signedInErrors },
        },
      },
      async (request) => listPlans(db, membershipOf(request).cloudId, request.query),
    );

    app.get(
      '/plans/:planId',
      {
        schema: {
          tags,
          operationId: 'getGuestPlan',
          summary: 'One service plan',
          params: GuestPlanParams,
          response: { 200: GuestPlan, ...signedInErrors },
        },
      },
      async (request) => findPlan(db, request.params.cloudId, request.params.planId),
    );

    app.post(
      '/plans',
      {
        schema: {
          tags,
          operationId: 'createGuestPlan',
          summary: 'Makes a service plan (its name unique in the cloud, sites of this cloud only)',
          params: CloudParams,
          body: GuestPlanBody,
          response: { 201: GuestPlan, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request, reply) => {
        const plan = await createPlan(db, actorOf(request), request.params.cloudId, request.body);
        reply.code(201);
        return plan;
      },
    );

    app.patch(
      '/plans/:planId',
      {
        schema: {
          tags,
          operationId: 'updateGuestPlan',
          summary:
            'Changes a service plan; the open sessions of its guests get the new limits (Change-of-Authorization)',
          params: GuestPlanParams,
          body: GuestPlanPatch,
          response: { 200: GuestPlan, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request) => {
        const { cloudId, planId } = request.params;
        const { plan, inUse, changed } = await updatePlan(
          db,
          actorOf(request),
          cloudId,
          planId,
          request.body,
        );
        if (inUse && changed) {
          // The change stands whatever the access points answer (docs/guest-access.md#service-plans).
          try {
            await changeSessions(ctx, { cloudId, planId });
          } catch (error) {
            request.log.warn({ err: error, planId }, 'sessions of a changed service plan not updated');
          }
        }
        return plan;
      },
    );

    app.delete(
      '/plans/:planId',
      {
        schema: {
          tags,
          operationId: 'deleteGuestPlan',
          summary: 'Deletes a service plan no guest account, voucher or batch uses (else 409)',
          params: GuestPlanParams,
          response: { 200: Ok, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request) => {
        await deletePlan(db, actorOf(request), request.params.cloudId, request.params.planId);
        return { ok: true as const };
      },
    );
  };
}
