import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { closed } from '../../../core/api/closed.ts';
import { ListQuery } from '../../../core/api/list-query.ts';
import {
  InvitationListResponse,
  InvitationSent,
  InviteBody,
  MemberUpdateBody,
} from '../../../core/api/users.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import { sessionUserId } from '../../auth/request-auth.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/accounts.ts';
import { clouds } from '../../db/schema/clouds.ts';
import { ErrorSchemas } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { mailIdentityOfCloud } from '../vpc/host-brands.ts';
import { invitationLink, mailInvitation } from './invitation-mail.ts';
import { createInvitation, listInvitations, renewInvitation, revokeInvitation } from './invitations.ts';
import { removeMember, transferOwnership, updateMember } from './members.ts';

const tags = ['users'];
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const MemberParams = Type.Object({ cloudId: CloudParams.properties.cloudId, userId: Id }, closed);
const InvitationParams = Type.Object({ cloudId: CloudParams.properties.cloudId, invitationId: Id }, closed);
const manageUsers = { permission: 'manage_users' } as const;
// A cloud API token acts for no person: it changes members and invitations as the member it stands for,
// within its own role and bits; the change log names the token (docs/api-tokens.md#cloud-tokens).
/** The member who acts: a call that needs one (handing over ownership) refuses a cloud token with 403. */
const person = (request: FastifyRequest) => ({ ...actorOf(request), userId: sessionUserId(request) });

/** Cloud-scoped, manage_users: members' roles and sites, removal, ownership and invitations. */
export function memberRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, config } = ctx;

  /** The inviting member's name (their email when they gave none); none for a cloud token. */
  async function inviterName(userId: number | null): Promise<string | null> {
    if (userId === null) return null;
    const [inviter] = await db
      .select({ firstname: users.firstname, lastname: users.lastname, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return `${inviter?.firstname ?? ''} ${inviter?.lastname ?? ''}`.trim() || (inviter?.email ?? '');
  }

  /** Mails a new link, or says why not; the link comes back only when no mail went out. */
  async function send(
    request: FastifyRequest,
    cloudId: number,
    sent: Awaited<ReturnType<typeof createInvitation>>,
  ) {
    // A vpc cloud's invitations carry its brand and open on its host name (docs/vpc.md#mail).
    const identity = await mailIdentityOfCloud(db, config, cloudId);
    const link = invitationLink(identity.publicUrl, sent.token);
    const [cloud] = await db.select({ name: clouds.name }).from(clouds).where(eq(clouds.id, cloudId));
    const mail = await mailInvitation(ctx.sendMail, request.log, {
      to: sent.invitation.email,
      cloudName: cloud?.name ?? '',
      inviter: await inviterName(actorOf(request).userId),
      productName: identity.productName,
      from: identity.from,
      link,
    });
    return { invitation: sent.invitation, mail, link: mail === 'sent' ? null : link };
  }

  return async (app) => {
    app.patch(
      '/users/:userId',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Changes a member’s role, permission bits and (a Site User) sites',
          params: MemberParams,
          body: MemberUpdateBody,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId, userId } = request.params;
        await updateMember(db, actorOf(request), membershipOf(request), cloudId, userId, request.body);
        return reply.code(204).send(null);
      },
    );

    app.delete(
      '/users/:userId',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Removes a member from the cloud',
          params: MemberParams,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId, userId } = request.params;
        await removeMember(db, actorOf(request), membershipOf(request), cloudId, userId);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/users/:userId/transfer-ownership',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'The owner makes another member the owner, and becomes an Administrator',
          params: MemberParams,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        await transferOwnership(db, person(request), request.params.cloudId, request.params.userId);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/invitations',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'The cloud’s invitations, newest first, with their state',
          params: CloudParams,
          querystring: Type.Omit(ListQuery, ['search'], closed),
          response: { 200: InvitationListResponse, ...signedInErrors },
        },
      },
      async (request) => listInvitations(db, request.params.cloudId, request.query),
    );

    app.post(
      '/invitations',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Invites an email with a role; mails the link, or answers it when no mail can go out',
          params: CloudParams,
          body: InviteBody,
          response: { 201: InvitationSent, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId } = request.params;
        const sent = await createInvitation(
          db,
          actorOf(request),
          membershipOf(request),
          cloudId,
          request.body,
        );
        return reply.code(201).send(await send(request, cloudId, sent));
      },
    );

    app.post(
      '/invitations/:invitationId/resend',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Sends an invitation again with a new link, good for another week',
          params: InvitationParams,
          response: { 200: InvitationSent, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request) => {
        const { cloudId, invitationId } = request.params;
        const renewed = await renewInvitation(
          db,
          actorOf(request),
          membershipOf(request),
          cloudId,
          invitationId,
        );
        return send(request, cloudId, renewed);
      },
    );

    app.delete(
      '/invitations/:invitationId',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Revokes an invitation: its link stops working',
          params: InvitationParams,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        await revokeInvitation(db, actorOf(request), request.params.cloudId, request.params.invitationId);
        return reply.code(204).send(null);
      },
    );
  };
}
