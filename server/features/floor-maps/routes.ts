// Floor maps (docs/floor-maps.md): read by members who see the site; floors, plans and places need edit_map.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { UploadForm } from '../../../core/api/files.ts';
import {
  CreateFloorBody,
  Floor,
  FloorParams,
  FloorPosition,
  FloorPositionBody,
  FloorPositionParams,
  FloorsParams,
  PLAN_CONTENT_TYPES,
  SiteFloors,
  UpdateFloorBody,
} from '../../../core/api/floor-maps.ts';
import { UPLOAD_FORM_LIMITS, UPLOAD_MAX_BYTES, UPLOAD_NAME_MAX_LENGTH } from '../../../core/limits.ts';
import { canSeeSite, sitePermissions } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/connect.ts';
import { errors } from '../../errors.ts';
import { Ok, signedInErrors } from '../../http-schemas.ts';
import { untrustedContent } from '../../untrusted-reply.ts';
import { acceptedType, cleanFileName, contentMatches } from '../files/content-check.ts';
import { readUpload, uploadRefused } from '../files/upload-reader.ts';
import {
  createFloor,
  deleteFloor,
  findDevice,
  findFloor,
  findSite,
  floorDevices,
  listFloors,
  planContent,
  positionDevice,
  removePlan,
  replacePlan,
  updateFloor,
} from './repository.ts';

/** The caller's permissions on a site they see; 404 for a site they do not (docs/api.md#http-conventions). */
function permissionsOn(request: FastifyRequest, siteId: number | null) {
  const membership = membershipOf(request);
  if (siteId === null || !canSeeSite(membership, siteId)) throw errors.notFound();
  return sitePermissions(membership, siteId);
}

/** Who may change a site's floors is known before the body is read: a 400 tells an outsider nothing. */
async function mayEditSite(request: FastifyRequest) {
  const { siteId } = request.params as { siteId?: unknown };
  if (!permissionsOn(request, Number(siteId) || 0).has('edit_map')) throw errors.forbidden();
}

/** The site and one of its floors; 404 for a floor of another site. */
async function siteAndFloor(db: Database, params: { cloudId: number; siteId: number; floorId: number }) {
  const site = await findSite(db, params.cloudId, params.siteId);
  const floor = site && (await findFloor(db, params.cloudId, site.id, params.floorId));
  if (!site || !floor) throw errors.notFound('Floor not found.');
  return { site, floor };
}

/** The floor as it is after a change. */
async function floorNow(db: Database, cloudId: number, siteId: number, floorId: number) {
  const floor = await findFloor(db, cloudId, siteId, floorId);
  if (!floor) throw errors.notFound('Floor not found.');
  return floor;
}

const PlanQuery = Type.Object(
  { file: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) },
  { additionalProperties: false },
);

export function floorMapRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/sites/:siteId/floors',
      {
        schema: {
          tags: ['sites'],
          operationId: 'getSiteFloors',
          summary:
            "A site's floors in order (at most 50), and its devices with their health, clients and place",
          params: FloorsParams,
          response: { 200: SiteFloors, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteId } = request.params;
        const granted = permissionsOn(request, siteId);
        const site = await findSite(db, cloudId, siteId);
        if (!site) throw errors.notFound('Site not found.');
        const [floors, devices] = await Promise.all([
          listFloors(db, cloudId, siteId),
          floorDevices(db, cloudId, siteId),
        ]);
        return { floors, devices, can_edit_map: granted.has('edit_map') };
      },
    );

    app.post(
      '/sites/:siteId/floors',
      {
        preValidation: mayEditSite,
        schema: {
          tags: ['sites'],
          operationId: 'createFloor',
          summary: 'Adds a floor after the others (site permission edit_map); recorded in the change log',
          params: FloorsParams,
          body: CreateFloorBody,
          response: { 201: Floor, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId, siteId } = request.params;
        const site = await findSite(db, cloudId, siteId);
        if (!site) throw errors.notFound('Site not found.');
        const id = await createFloor(db, request, cloudId, site, request.body.name.trim());
        if (id === null)
          throw errors.validation([
            {
              errorCode: 'floor_limit',
              location: 'body',
              path: '/name',
              message: 'A site has at most 50 floors: delete one before adding another.',
            },
          ]);
        return reply.code(201).send(await floorNow(db, cloudId, siteId, id));
      },
    );

    app.patch(
      '/sites/:siteId/floors/:floorId',
      {
        preValidation: mayEditSite,
        schema: {
          tags: ['sites'],
          operationId: 'updateFloor',
          summary: "Renames a floor, moves it in the site's order or sets its scale (edit_map)",
          params: FloorParams,
          body: UpdateFloorBody,
          response: { 200: Floor, ...signedInErrors },
        },
      },
      async (request) => {
        const { site, floor } = await siteAndFloor(db, request.params);
        const { name, position, scale } = request.body;
        if (scale && scale.x1 === scale.x2 && scale.y1 === scale.y2)
          throw errors.validation([
            {
              errorCode: 'scale_points',
              location: 'body',
              path: '/scale',
              message: 'Mark two different points on the plan.',
            },
          ]);
        if (scale && !floor.plan)
          throw errors.validation([
            {
              errorCode: 'scale_without_plan',
              location: 'body',
              path: '/scale',
              message: 'Upload a plan before setting its scale.',
            },
          ]);
        await updateFloor(db, request, request.params.cloudId, site, floor, {
          name: name?.trim(),
          position,
          scale,
        });
        return floorNow(db, request.params.cloudId, site.id, floor.id);
      },
    );

    app.delete(
      '/sites/:siteId/floors/:floorId',
      {
        preValidation: mayEditSite,
        schema: {
          tags: ['sites'],
          operationId: 'deleteFloor',
          summary: 'Deletes a floor and its plan; its devices are on no floor after it (edit_map)',
          params: FloorParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        const { site, floor } = await siteAndFloor(db, request.params);
        await deleteFloor(db, request, request.params.cloudId, site, floor);
        return { ok: true as const };
      },
    );

    app.get(
      '/sites/:siteId/floors/:floorId/plan',
      {
        schema: {
          tags: ['sites'],
          operationId: 'getFloorPlan',
          summary: "The floor's plan image, for members who see the site",
          params: FloorParams,
          querystring: PlanQuery,
          response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...signedInErrors },
        },
      },
      async (request, reply) => {
        permissionsOn(request, request.params.siteId);
        const { floor } = await siteAndFloor(db, request.params);
        const file = floor.plan && (await planContent(db, request.params.cloudId, floor.plan.file_id));
        if (!floor.plan || !file) throw errors.notFound('This floor has no plan.');
        // The address names the upload (?file=), so that address may be kept; any other is asked again.
        const lasting = request.query.file === floor.plan.file_id;
        return untrustedContent(reply, file.content_type)
          .header('content-disposition', `attachment; filename="plan-${floor.id}"`)
          .header('cache-control', lasting ? 'private, max-age=86400, immutable' : 'private, no-cache')
          .send(file.data);
      },
    );

    app.delete(
      '/sites/:siteId/floors/:floorId/plan',
      {
        preValidation: mayEditSite,
        schema: {
          tags: ['sites'],
          operationId: 'deleteFloorPlan',
          summary: "Deletes a floor's plan and its scale (edit_map); devices keep their places",
          params: FloorParams,
          response: { 200: Floor, ...signedInErrors },
        },
      },
      async (request) => {
        const { site, floor } = await siteAndFloor(db, request.params);
        await removePlan(db, request, request.params.cloudId, site, floor);
        return floorNow(db, request.params.cloudId, site.id, floor.id);
      },
    );

    // The upload, within a plugin of its own: only its body is read as form data.
    await app.register(async (upload) => {
      upload.removeAllContentTypeParsers();
      upload.addContentTypeParser('*', async (_request: FastifyRequest, _payload: unknown) => undefined);
      await upload.register(fastifyMultipart, {
        limits: { fileSize: UPLOAD_MAX_BYTES, ...UPLOAD_FORM_LIMITS },
      });
      upload.withTypeProvider().put(
        '/sites/:siteId/floors/:floorId/plan',
        {
          preValidation: mayEditSite,
          schema: {
            tags: ['sites'],
            operationId: 'uploadFloorPlan',
            summary:
              "Uploads a floor's plan (PNG, JPEG or an SVG without script, 10 MB at most) in place of its old one; " +
              'the old scale is cleared (edit_map)',
            params: FloorParams,
            body: UploadForm,
            response: { 200: Floor, ...signedInErrors },
          },
        },
        async (request) => {
          const params = request.params as FloorParams;
          const { site, floor } = await siteAndFloor(db, params);
          const file = await readUpload(request);
          const type = acceptedType(file.mimetype);
          const planType = PLAN_CONTENT_TYPES.find((allowed) => allowed === type);
          if (!planType || !contentMatches(planType, file.data))
            throw uploadRefused(
              'file_type',
              'A plan must be a PNG or JPEG image, or an SVG drawing without script.',
            );
          await replacePlan(db, request, params.cloudId, site, floor, {
            // The uploader: none for a cloud API token (docs/api-tokens.md#cloud-tokens).
            userId: actorOf(request).userId,
            name: cleanFileName(file.filename, UPLOAD_NAME_MAX_LENGTH),
            contentType: planType,
            data: file.data,
          });
          return floorNow(db, params.cloudId, site.id, floor.id);
        },
      );
    });

    app.put(
      '/devices/:deviceId/floor-position',
      {
        // Who may place the device is known before the body is read: a 400 tells an outsider nothing.
        preValidation: async (request) => {
          const { cloudId, deviceId } = request.params as { cloudId?: unknown; deviceId?: unknown };
          const device = await findDevice(db, Number(cloudId) || 0, Number(deviceId) || 0);
          if (!device) throw errors.notFound();
          if (!permissionsOn(request, device.site_id).has('edit_map')) throw errors.forbidden();
        },
        schema: {
          tags: ['devices'],
          operationId: 'setDeviceFloorPosition',
          summary:
            "Places a device on one of its site's floors, or takes it off with all null (site permission " +
            'edit_map); recorded in the change log',
          params: FloorPositionParams,
          body: FloorPositionBody,
          response: { 200: FloorPosition, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, deviceId } = request.params;
        const { floor_id, x, y } = request.body;
        const device = await findDevice(db, cloudId, deviceId);
        if (!device) throw errors.notFound();
        const nulls = [floor_id, x, y].filter((value) => value === null).length;
        if (nulls !== 0 && nulls !== 3)
          throw errors.validation([
            {
              errorCode: 'position_set',
              location: 'body',
              path: floor_id === null ? '/floor_id' : x === null ? '/x' : '/y',
              message: 'Give floor_id, x and y, or all three null to take the device off its floor.',
            },
          ]);
        if (floor_id !== null && x !== null && y !== null) {
          const floor =
            device.site_id === null ? null : await findFloor(db, cloudId, device.site_id, floor_id);
          if (!floor)
            throw errors.validation([
              {
                errorCode: 'floor_unknown',
                location: 'body',
                path: '/floor_id',
                message: "Choose a floor of the device's site.",
              },
            ]);
          await positionDevice(db, request, cloudId, device, { floor_id, x, y });
          return { id: device.id, floor_id, x, y };
        }
        await positionDevice(db, request, cloudId, device, null);
        return { id: device.id, floor_id: null, x: null, y: null };
      },
    );
  };
}
