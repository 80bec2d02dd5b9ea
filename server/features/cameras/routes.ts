// A smart NVR's cameras (docs/cameras.md): every member reads them; each change is a task to the recorder,
// which needs manage_snvr (docs/roles.md), made on the console's task path and recorded in the change log.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  AdoptCameraBody,
  CameraItem,
  CameraListQuery,
  CameraListResponse,
  CameraParams,
  CameraProfileBody,
  CameraRecordingBody,
  CameraTaskResponse,
  DiscoveredCameraListQuery,
  DiscoveredCameraListResponse,
  DiscoveredCameraParams,
  RecorderParams,
  RenameCameraBody,
} from '../../../core/api/cameras.ts';
import { listPageRequest } from '../../../core/api/list-query.ts';
import type { CreateTaskBody } from '../../../core/api/tasks.ts';
import type { TaskType } from '../../../core/domain.ts';
import { can } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { createTask, planTask } from '../tasks/create.ts';
import { findTask } from '../tasks/repository.ts';
import {
  findCamera,
  findDiscoveredCamera,
  findRecorder,
  latestScan,
  listCameras,
  listDiscoveredCameras,
} from './repository.ts';

/** Who may change the cameras is known before the body is read: a 400 tells a reader nothing. */
async function mayManage(request: FastifyRequest) {
  if (!can(membershipOf(request), 'manage_snvr')) throw errors.forbidden();
}

const taskResponses = { 201: CameraTaskResponse, ...signedInErrors };

export function cameraRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;

  async function recorderOf(cloudId: number, smartNvrId: number) {
    const recorder = await findRecorder(db, cloudId, smartNvrId);
    if (!recorder) throw errors.notFound('No such smart NVR in this cloud.');
    return recorder;
  }

  async function cameraOf(cloudId: number, smartNvrId: number, cameraId: string) {
    await recorderOf(cloudId, smartNvrId);
    const camera = await findCamera(db, cloudId, smartNvrId, cameraId);
    if (!camera) throw errors.notFound('The recorder has no such camera.');
    return camera;
  }

  /** Starts the task on the recorder by the console's task path and answers it. */
  async function startTask(
    request: FastifyRequest,
    smartNvrId: number,
    type: TaskType,
    params: Record<string, unknown>,
  ) {
    const membership = membershipOf(request);
    const body: CreateTaskBody = { type, params, targets: { snvr_device_ids: [smartNvrId] } };
    const plan = await planTask(db, membership, body);
    const { taskId, alerts } = await createTask(db, actorOf(request), membership, body, plan);
    request.server.fleet.notify(alerts);
    const task = await findTask(
      db,
      { cloudId: membership.cloudId, siteIds: null, viewedAt: membership.tasksViewedAt },
      taskId,
    );
    if (!task) throw errors.notFound('No such task.');
    return { task };
  }

  return async (app) => {
    app.get(
      '/smartnvrs/:smartNvrId/cameras',
      {
        schema: {
          tags: ['cameras'],
          operationId: 'listCameras',
          summary:
            "One page of a smart NVR's cameras by name, searched and filtered, and whether the caller may change them",
          params: RecorderParams,
          querystring: CameraListQuery,
          response: { 200: CameraListResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, smartNvrId } = request.params;
        const recorder = await recorderOf(cloudId, smartNvrId);
        const page = await listCameras(db, cloudId, smartNvrId, {
          ...listPageRequest(request.query),
          filter: request.query.filter,
        });
        return { ...page, recorder, can_manage: can(membershipOf(request), 'manage_snvr') };
      },
    );

    app.get(
      '/smartnvrs/:smartNvrId/cameras/:cameraId',
      {
        schema: {
          tags: ['cameras'],
          operationId: 'getCamera',
          summary: 'One camera of a smart NVR, as its latest heartbeat listed it',
          params: CameraParams,
          response: { 200: CameraItem, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, smartNvrId, cameraId } = request.params;
        return cameraOf(cloudId, smartNvrId, cameraId);
      },
    );

    app.get(
      '/smartnvrs/:smartNvrId/discovered-cameras',
      {
        schema: {
          tags: ['cameras'],
          operationId: 'listDiscoveredCameras',
          summary:
            "The cameras a smart NVR's latest ONVIF scan found that it does not record, by address, and that scan",
          params: RecorderParams,
          querystring: DiscoveredCameraListQuery,
          response: { 200: DiscoveredCameraListResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, smartNvrId } = request.params;
        await recorderOf(cloudId, smartNvrId);
        const [page, lastScan] = await Promise.all([
          listDiscoveredCameras(db, cloudId, smartNvrId, request.query),
          latestScan(db, smartNvrId),
        ]);
        return { ...page, last_scan: lastScan };
      },
    );

    app.post(
      '/smartnvrs/:smartNvrId/camera-scans',
      {
        preValidation: mayManage,
        schema: {
          tags: ['cameras'],
          operationId: 'scanForCameras',
          summary:
            'Starts an ONVIF scan on the smart NVR (manage_snvr): its result lists the cameras to adopt',
          params: RecorderParams,
          response: taskResponses,
        },
      },
      async (request, reply) => {
        const { cloudId, smartNvrId } = request.params;
        await recorderOf(cloudId, smartNvrId);
        return reply.code(201).send(await startTask(request, smartNvrId, 'TASK_ONVIF_SCAN_AND_COLLECT', {}));
      },
    );

    app.post(
      '/smartnvrs/:smartNvrId/discovered-cameras/:discoveredId/adopt',
      {
        preValidation: mayManage,
        schema: {
          tags: ['cameras'],
          operationId: 'adoptCamera',
          summary:
            'Adds a camera the scan found to the smart NVR, under its name or the one given (manage_snvr)',
          params: DiscoveredCameraParams,
          body: AdoptCameraBody,
          response: taskResponses,
        },
      },
      async (request, reply) => {
        const { cloudId, smartNvrId, discoveredId } = request.params;
        await recorderOf(cloudId, smartNvrId);
        const found = await findDiscoveredCamera(db, cloudId, smartNvrId, discoveredId);
        if (!found)
          throw errors.notFound('The scan found no such camera, or the recorder records it already.');
        const name = request.body.name ?? found.name;
        return reply
          .code(201)
          .send(await startTask(request, smartNvrId, 'TASK_CAMERA_ADOPT', { ip: found.ip, name }));
      },
    );

    app.delete(
      '/smartnvrs/:smartNvrId/cameras/:cameraId',
      {
        preValidation: mayManage,
        schema: {
          tags: ['cameras'],
          operationId: 'removeCamera',
          summary: 'Removes a camera from the smart NVR (manage_snvr)',
          params: CameraParams,
          response: taskResponses,
        },
      },
      async (request, reply) => {
        const { cloudId, smartNvrId, cameraId } = request.params;
        await cameraOf(cloudId, smartNvrId, cameraId);
        return reply.code(201).send(await startTask(request, smartNvrId, 'TASK_CAMERA_REMOVE', { cameraId }));
      },
    );

    app.put(
      '/smartnvrs/:smartNvrId/cameras/:cameraId/name',
      {
        preValidation: mayManage,
        schema: {
          tags: ['cameras'],
          operationId: 'renameCamera',
          summary: 'Renames a camera of the smart NVR (manage_snvr)',
          params: CameraParams,
          body: RenameCameraBody,
          response: taskResponses,
        },
      },
      async (request, reply) => {
        const { cloudId, smartNvrId, cameraId } = request.params;
        await cameraOf(cloudId, smartNvrId, cameraId);
        const { name } = request.body;
        return reply
          .code(201)
          .send(await startTask(request, smartNvrId, 'TASK_CAMERA_RENAME', { cameraId, name }));
      },
    );

    app.put(
      '/smartnvrs/:smartNvrId/cameras/:cameraId/recording',
      {
        preValidation: mayManage,
        schema: {
          tags: ['cameras'],
          operationId: 'setCameraRecording',
          summary: 'Starts or stops recording a camera of the smart NVR (manage_snvr)',
          params: CameraParams,
          body: CameraRecordingBody,
          response: taskResponses,
        },
      },
      async (request, reply) => {
        const { cloudId, smartNvrId, cameraId } = request.params;
        await cameraOf(cloudId, smartNvrId, cameraId);
        const { enabled } = request.body;
        return reply
          .code(201)
          .send(await startTask(request, smartNvrId, 'TASK_CAMERA_RECORDING', { cameraId, enabled }));
      },
    );

    app.put(
      '/smartnvrs/:smartNvrId/cameras/:cameraId/recording-profile',
      {
        preValidation: mayManage,
        schema: {
          tags: ['cameras'],
          operationId: 'setCameraRecordingProfile',
          summary:
            'Sets when the smart NVR records a camera and how many days it keeps the footage (manage_snvr)',
          params: CameraParams,
          body: CameraProfileBody,
          response: taskResponses,
        },
      },
      async (request, reply) => {
        const { cloudId, smartNvrId, cameraId } = request.params;
        await cameraOf(cloudId, smartNvrId, cameraId);
        const { profile, retention_days: retentionDays } = request.body;
        return reply
          .code(201)
          .send(
            await startTask(request, smartNvrId, 'TASK_CAMERA_PROFILE', { cameraId, profile, retentionDays }),
          );
      },
    );
  };
}
