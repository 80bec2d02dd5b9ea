// Remote web access (docs/remote-access.md): opening a device's or a recorder's web page through a tunnel,
// listing a cloud's tunnels (Tunnel Management) and closing one early.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  DeviceTunnelParams,
  OpenedTunnel,
  OpenTunnelBody,
  SmartNvrTunnelParams,
  TunnelList,
  TunnelListQuery,
  TunnelParams,
} from '../../../core/api/tunnels.ts';
import { mayReachDevice, mayReachRecorder } from '../../../core/tunnels.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf, personOf } from '../../auth/cloud-scope.ts';
import { sessionOf } from '../../auth/request-auth.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { Ok, signedInErrors } from '../../http-schemas.ts';
import { GRANT_PATH } from './host.ts';
import {
  CONSOLE_ACTOR,
  closeTunnelRow,
  deviceTarget,
  findTunnel,
  listTunnels,
  MEDIA_TUNNEL_MS,
  mayClose,
  openTunnel,
  recorderTarget,
  type TunnelTarget,
} from './service.ts';
import {
  dropTunnel,
  MEDIA_OPEN_WAIT_MS,
  provideMediaOpener,
  TunnelUnavailableError,
  waitForTunnel,
} from './transport.ts';

const tags = ['tunnels'];

/** The address of the tunnel's own host, on the port and scheme the browser reached the console on. */
function tunnelUrl(ctx: AppContext, request: FastifyRequest, id: number, hostKey: string, grant: string) {
  const port = /:(\d{1,5})$/.exec(request.headers.host ?? '')?.[1];
  const host = `t${id}-${hostKey}.${ctx.config.tunnelDomain}${port ? `:${port}` : ''}`;
  return `${request.protocol}://${host}${GRANT_PATH}?g=${encodeURIComponent(grant)}`;
}

export function tunnelRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  provideMediaOpener(async (database, recorder) => {
    const target = await recorderTarget(database, recorder.cloudId, recorder.id);
    if (!target.online) throw new TunnelUnavailableError('offline', 'The smart NVR is offline.');
    const opened = await openTunnel(database, CONSOLE_ACTOR, {
      target,
      service: 'media',
      expiresAt: new Date(Date.now() + MEDIA_TUNNEL_MS),
      userId: null,
      sessionHash: null,
    });
    if (await waitForTunnel(opened.id, MEDIA_OPEN_WAIT_MS)) return opened.id;
    await closeTunnelRow(database, opened.id, { actor: CONSOLE_ACTOR, reason: 'failed' });
    throw new TunnelUnavailableError('timeout', 'The smart NVR did not open its media tunnel in time.');
  });

  return async (app) => {
    /** Opens a member's web tunnel to the target and answers its one-time address. */
    async function openWeb(request: FastifyRequest, target: TunnelTarget, durationMin: number) {
      const membership = membershipOf(request);
      const session = sessionOf(request);
      const now = new Date();
      const opened = await openTunnel(
        db,
        actorOf(request),
        {
          target,
          service: 'web',
          expiresAt: new Date(now.getTime() + durationMin * 60_000),
          userId: membership.userId,
          sessionHash: session.idHash,
        },
        now,
      );
      request.server.fleet.notify(opened.alerts);
      return {
        tunnel: await findTunnel(db, personOf(membership), opened.id),
        url: tunnelUrl(ctx, request, opened.id, opened.hostKey, opened.grant as string),
      };
    }

    app.post(
      '/devices/:deviceId/tunnels',
      {
        // Who may reach the device is known before the body is read: a 400 tells an outsider nothing.
        preValidation: async (request) => {
          const { cloudId, deviceId } = request.params as { cloudId?: unknown; deviceId?: unknown };
          const target = await deviceTarget(
            db,
            membershipOf(request),
            Number(cloudId),
            Number(deviceId) || 0,
          );
          if (!mayReachDevice(membershipOf(request), target.siteId)) throw errors.forbidden();
        },
        schema: {
          tags,
          summary: "Opens remote web access to a device's own web page: a tunnel and a one-time address",
          params: DeviceTunnelParams,
          body: OpenTunnelBody,
          response: { 201: OpenedTunnel, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request, reply) => {
        const { cloudId, deviceId } = request.params;
        const target = await deviceTarget(db, membershipOf(request), cloudId, deviceId);
        reply.code(201);
        return openWeb(request, target, request.body.duration_min);
      },
    );

    app.post(
      '/smartnvrs/:smartNvrId/tunnels',
      {
        preValidation: async (request) => {
          if (!mayReachRecorder(membershipOf(request))) throw errors.forbidden();
        },
        schema: {
          tags,
          summary: "Opens remote web access to a smart NVR's own web page (owners and administrators)",
          params: SmartNvrTunnelParams,
          body: OpenTunnelBody,
          response: { 201: OpenedTunnel, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request, reply) => {
        const { cloudId, smartNvrId } = request.params;
        const target = await recorderTarget(db, cloudId, smartNvrId);
        reply.code(201);
        return openWeb(request, target, request.body.duration_min);
      },
    );

    app.get(
      '/tunnels',
      {
        schema: {
          tags,
          summary:
            "The cloud's tunnels, newest first (owners and administrators every one, others their own)",
          querystring: TunnelListQuery,
          response: { 200: TunnelList, ...signedInErrors },
        },
      },
      async (request) => listTunnels(db, personOf(membershipOf(request)), request.query),
    );

    app.delete(
      '/tunnels/:tunnelId',
      {
        schema: {
          tags,
          summary: 'Closes a tunnel now (owners and administrators any, others those they opened)',
          params: TunnelParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const tunnel = await findTunnel(db, personOf(membership), request.params.tunnelId);
        if (!mayClose(personOf(membership), tunnel.openedBy)) throw errors.forbidden();
        await closeTunnelRow(db, tunnel.id, { actor: actorOf(request), reason: 'closed' });
        await dropTunnel(tunnel.id, 'closed');
        return { ok: true as const };
      },
    );
  };
}
