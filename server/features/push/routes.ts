import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PushEndpointBody,
  PushSubscriptionBody,
  PushTestResponse,
  VapidPublicKeyResponse,
} from '../../../core/api/push.ts';
import { routes } from '../../../core/routes.ts';
import { sessionUserId } from '../../auth/request-auth.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { Ok } from '../../http-schemas.ts';
import { pushServiceUrl } from './push-service-hosts.ts';
import { deleteSubscription, saveSubscription } from './repository.ts';
import { sendPush } from './send-push.ts';
import { vapidKeys } from './vapid-keys.ts';

const tags = ['push'];
const userErrors = {
  400: ErrorSchemas.validation,
  401: ErrorSchemas.message,
  403: ErrorSchemas.message,
} as const;

/** Web Push: the server's VAPID public key and the caller's browser subscriptions (docs/states.md push toggle). */
export function pushRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/push/vapid-public-key',
      {
        schema: {
          tags,
          summary: 'The key browsers subscribe with (PushManager applicationServerKey)',
          response: { 200: VapidPublicKeyResponse, 401: ErrorSchemas.message },
        },
      },
      async (request) => {
        sessionUserId(request);
        return { public_key: (await vapidKeys(db)).publicKey };
      },
    );

    app.put(
      '/user/push-subscriptions',
      {
        schema: {
          tags,
          summary:
            "Saves (or refreshes) this browser's push subscription for the caller; the endpoint must be on one of PUSH_SERVICE_HOSTS",
          body: PushSubscriptionBody,
          response: { 200: Ok, ...userErrors },
        },
      },
      async (request) => {
        const userId = sessionUserId(request);
        if (!pushServiceUrl(request.body.endpoint, ctx.config.pushServiceHosts)) {
          throw errors.validation([
            {
              errorCode: 'push_service_host',
              location: 'body',
              path: '/endpoint',
              message: 'must be the address of a browser push service',
            },
          ]);
        }
        await saveSubscription(db, userId, request.body);
        return { ok: true as const };
      },
    );

    app.delete(
      '/user/push-subscriptions',
      {
        schema: {
          tags,
          summary: "Removes the caller's subscription with this endpoint (nothing when there is none)",
          body: PushEndpointBody,
          response: { 200: Ok, ...userErrors },
        },
      },
      async (request) => {
        await deleteSubscription(db, sessionUserId(request), request.body.endpoint);
        return { ok: true as const };
      },
    );

    app.post(
      '/user/push-subscriptions/test',
      {
        schema: {
          tags,
          summary: "Sends a test notification to the caller's own browsers",
          response: { 200: PushTestResponse, 401: ErrorSchemas.message, 403: ErrorSchemas.message },
        },
      },
      async (request) => {
        const outcome = await sendPush(ctx, [sessionUserId(request)], {
          title: 'Push notifications are on',
          body: ctx.config.theme.product_name,
          url: routes.home.href(),
          tag: 'push-test',
        });
        return { sent: outcome.sent, failed: outcome.failed };
      },
    );
  };
}
