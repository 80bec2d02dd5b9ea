import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  CreateCloudBody,
  DeleteCloudBody,
  LeftCloudResponse,
  UpdateCloudBody,
} from '../../../core/api/cloud-management.ts';
import { CloudResponse, CloudSummarySchema } from '../../../core/api/clouds.ts';
import { isCountryCode } from '../../../core/countries.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf, personOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { CloudParams, Ok, signedInErrors } from '../../http-schemas.ts';
import { listUserClouds } from './invitations-repository.ts';
import {
  type CloudProperties,
  createCloud,
  deleteCloud,
  leaveCloud,
  updateCloud,
} from './management-repository.ts';
import { presentCloud } from './presenters.ts';
import { findCloud } from './repository.ts';

const tags = ['clouds'];

const bodyIssue = (errorCode: string, path: string, message: string) =>
  errors.validation([{ errorCode, location: 'body', path, message }]);

/** Only an Owner deletes a cloud; the check runs before the body is read, so others learn nothing from a 400. */
async function requireOwner(request: FastifyRequest) {
  if (membershipOf(request).roleId !== 'ROLE_OWNER') throw errors.forbidden();
}

/** POST /apiv2/clouds: any signed-in user may create a cloud, and becomes its Owner (docs/decisions.md). */
export function cloudCreateRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.post(
      '/clouds',
      {
        schema: {
          tags,
          summary: 'Creates a cloud on a trial plan; the caller becomes its Owner with every permission',
          body: CreateCloudBody,
          response: { 200: CloudSummarySchema, ...signedInErrors },
        },
      },
      async (request) => {
        const userId = request.session?.userId;
        if (!userId) throw errors.unauthorized();
        const values = { name: request.body.name.trim(), company: request.body.company?.trim() ?? '' };
        return createCloud(db, userId, values, actorOf(request), new Date());
      },
    );
  };
}

/** Cloud-scoped: Cloud Properties (manage_licenses), deleting a cloud (its Owner) and leaving it. */
export function cloudManagementRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.patch(
      '',
      {
        config: { permission: 'manage_licenses' },
        schema: {
          tags,
          summary: 'Changes the cloud name, company or billing country; the change log records what changed',
          params: CloudParams,
          body: UpdateCloudBody,
          response: { 200: CloudResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const { name, company, country } = request.body;
        if (country && !isCountryCode(country))
          throw bodyIssue('country', '/country', 'Choose a country from the list.');
        const patch: Partial<CloudProperties> = {};
        if (name !== undefined) patch.name = name.trim();
        if (company !== undefined) patch.company = company.trim();
        if (country !== undefined) patch.country = country;
        const membership = membershipOf(request);
        await updateCloud(db, membership.cloudId, patch, actorOf(request));
        const cloud = await findCloud(db, membership.cloudId);
        if (!cloud) throw errors.notFound();
        return presentCloud(cloud, membership);
      },
    );

    app.delete(
      '',
      {
        preValidation: requireOwner,
        schema: {
          tags,
          summary: "Deletes the cloud (its Owner, typing the cloud's name); every member loses it at once",
          params: CloudParams,
          body: DeleteCloudBody,
          response: { 200: Ok, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request) => {
        const deleted = await deleteCloud(db, request.params.cloudId, request.body.name, actorOf(request));
        if (deleted === undefined) throw errors.notFound();
        if (deleted === 'mismatch')
          throw errors.conflict("The name typed is not the cloud's name: the cloud was not deleted.");
        return { ok: true as const };
      },
    );

    app.post(
      '/leave',
      {
        schema: {
          tags,
          summary: 'Ends the caller’s membership of the cloud; refused to its only Owner',
          params: CloudParams,
          response: { 200: LeftCloudResponse, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const left = await leaveCloud(db, personOf(membership).userId, membership.cloudId, actorOf(request));
        if (left === undefined) throw errors.notFound();
        if (left === 'onlyOwner')
          throw errors.conflict(
            'You are the only Owner of this cloud: make someone else its Owner, or delete the cloud.',
          );
        const [next] = await listUserClouds(db, personOf(membership).userId);
        return { default_cloud_id: next?.id ?? null };
      },
    );
  };
}
