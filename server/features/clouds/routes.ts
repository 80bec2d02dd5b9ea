import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  AdvertisementResponse,
  CloudListResponse,
  CloudResponse,
  LicenseStatusResponse,
  MembershipAnswerBody,
  PushAlertsBody,
  PushAlertsResponse,
  UnreadInvitationsResponse,
} from '../../../core/api/clouds.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf, personOf, reachesCloud } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/connect.ts';
import { errors } from '../../errors.ts';
import { CloudParams, Ok, signedInErrors } from '../../http-schemas.ts';
import {
  answerInvitation,
  countPendingInvitations,
  findUserEmail,
  type Invitee,
  listPendingInvitations,
  listUserClouds,
} from './invitations-repository.ts';
import { presentCloud, presentLicenseStatus } from './presenters.ts';
import { countDeviceLicenses, findCloud, listActiveAdvertisements, setPushAlerts } from './repository.ts';

const tags = ['clouds'];

async function cloudOf(db: Database, request: FastifyRequest) {
  const cloud = await findCloud(db, membershipOf(request).cloudId);
  if (!cloud) throw errors.notFound();
  return cloud;
}

/** Cloud-scoped: the cloud with billing, push alerts toggle, license status, advertisement (docs/api.md#the-calls). */
export function cloudRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '',
      {
        schema: {
          summary: "The cloud, with the caller's role, permissions and push alerts",
          tags,
          params: CloudParams,
          response: { 200: CloudResponse, ...signedInErrors },
        },
      },
      async (request) => presentCloud(await cloudOf(db, request), membershipOf(request)),
    );

    app.post(
      '',
      {
        schema: {
          summary: "Turn push alerts on or off for the caller's membership of the cloud",
          tags,
          params: CloudParams,
          body: PushAlertsBody,
          response: { 200: PushAlertsResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const pushAlerts = request.body.user.push_alerts;
        await setPushAlerts(
          db,
          { ...actorOf(request), userId: personOf(membership).userId },
          membership.cloudId,
          pushAlerts,
        );
        return { user: { push_alerts: pushAlerts } };
      },
    );

    app.get(
      '/license-status',
      {
        schema: {
          summary: "The cloud's plan and licenses: used, free and when they expire",
          tags,
          params: CloudParams,
          response: { 200: LicenseStatusResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const cloud = await cloudOf(db, request);
        return presentLicenseStatus(cloud, await countDeviceLicenses(db, cloud.id), new Date());
      },
    );

    app.get(
      '/addons/advertisement',
      {
        schema: {
          summary: 'The advertisement videos the cloud shows, if it shows any',
          tags,
          params: CloudParams,
          response: { 200: AdvertisementResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const cloud = await cloudOf(db, request);
        return { videos: cloud.enableAdvertisement ? await listActiveAdvertisements(db) : [] };
      },
    );
  };
}

async function inviteeOf(db: Database, request: FastifyRequest): Promise<Invitee> {
  const userId = request.session?.userId ?? 0;
  const email = await findUserEmail(db, userId);
  if (email === null) throw errors.unauthorized();
  return { userId, email };
}

/** The user's clouds and invitations (docs/api.md#the-calls). */
export function cloudListRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/clouds',
      {
        schema: {
          summary: 'The clouds the caller belongs to and the invitations waiting for them',
          tags,
          response: { 200: CloudListResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const invitee = await inviteeOf(db, request);
        const [clouds, invitations] = await Promise.all([
          listUserClouds(db, invitee.userId),
          listPendingInvitations(db, invitee, new Date()),
        ]);
        // A personal token kept to some clouds (docs/api-tokens.md#limits) lists only those.
        return { clouds: clouds.filter((cloud) => reachesCloud(request.apiToken, cloud.id)), invitations };
      },
    );

    app.get(
      '/user/unread-invitations',
      {
        schema: {
          summary: 'How many invitations the caller has not answered',
          tags,
          response: { 200: UnreadInvitationsResponse, ...signedInErrors },
        },
      },
      async (request) => ({
        unreadInvitationCount: await countPendingInvitations(db, await inviteeOf(db, request), new Date()),
      }),
    );

    for (const answer of ['join', 'decline'] as const) {
      app.post(
        `/user/membership/${answer}`,
        {
          schema: {
            summary:
              answer === 'join' ? 'Accept an invitation: join its cloud' : 'Decline an invitation to a cloud',
            tags,
            body: MembershipAnswerBody,
            response: { 200: Ok, ...signedInErrors },
          },
        },
        async (request) => {
          const invitee = await inviteeOf(db, request);
          const answered = await answerInvitation(
            db,
            actorOf(request),
            invitee,
            request.body.cloudId,
            answer,
            new Date(),
          );
          if (!answered) throw errors.notFound('No pending invitation to this cloud.');
          return { ok: true as const };
        },
      );
    }
  };
}
