// A cloud's single sign-on settings (docs/single-sign-on.md#a-clouds-provider): owners and administrators
// read, save, remove and test them; the client secret never comes back.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  SsoSettings,
  SsoSettingsBody,
  SsoTestBody,
  SsoTestResponse,
} from '../../../core/api/single-sign-on.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { testIssuer } from './provider.ts';
import { deleteSettings, readSettings, saveSettings } from './repository.ts';

const tags = ['single sign-on'];
const manageUsers = { permission: 'manage_users' } as const;

export function singleSignOnCloudRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, config, secrets } = ctx;
  return async (app) => {
    app.get(
      '/single-sign-on',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: "The cloud's single sign-on provider, the secret only as set or not",
          params: CloudParams,
          response: { 200: SsoSettings, ...signedInErrors },
        },
      },
      async (request) => readSettings(db, config, request.params.cloudId),
    );

    app.put(
      '/single-sign-on',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: "Saves the cloud's single sign-on provider; a left-out client secret keeps the one set",
          params: CloudParams,
          body: SsoSettingsBody,
          response: { 200: SsoSettings, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request) => {
        const { cloudId } = request.params;
        await saveSettings(
          db,
          secrets,
          config,
          actorOf(request),
          membershipOf(request),
          cloudId,
          request.body,
        );
        return readSettings(db, config, cloudId);
      },
    );

    app.delete(
      '/single-sign-on',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: "Removes the cloud's single sign-on provider",
          params: CloudParams,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        await deleteSettings(db, actorOf(request), request.params.cloudId);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/single-sign-on/test',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: "Reads the issuer's OpenID Connect discovery document",
          params: CloudParams,
          body: SsoTestBody,
          response: { 200: SsoTestResponse, ...signedInErrors },
        },
      },
      async (request) => testIssuer(request.body.issuer_url, config.oidcAllowHttp),
    );
  };
}
