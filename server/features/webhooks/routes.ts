// Webhooks (docs/webhooks.md): a cloud's receivers, a test delivery and the delivery log, for members with
// manage_users. Deliveries are the background job's work (deliver.ts), never a request's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateWebhookBody,
  UpdateWebhookBody,
  WEBHOOKS_PER_CLOUD_MAX,
  Webhook,
  WebhookDeliveryPage,
  WebhookPage,
  WebhookPageQuery,
  WebhookParams,
  WebhooksParams,
  WebhookTestAnswer,
} from '../../../core/api/webhooks.ts';
import { actorOf } from '../../audit/record.ts';
import type { AppContext } from '../../context.ts';
import { errors, type ValidationIssue } from '../../errors.ts';
import { Ok, signedInErrors } from '../../http-schemas.ts';
import { knownSiteIds } from '../reports/repository.ts';
import { receiverAddress } from './address.ts';
import {
  countWebhooks,
  createWebhook,
  deleteWebhook,
  findWebhook,
  listDeliveries,
  listWebhooks,
  queueTest,
  updateWebhook,
} from './repository.ts';

const issue = (path: string, errorCode: string, message: string): ValidationIssue => ({
  errorCode,
  location: 'body',
  path,
  message,
});

const URL_TEXT = {
  bad_url: 'Enter an http:// or https:// address without a user name or password.',
  private_address:
    'The receiver is on a private, loopback or link-local address, which the console does not call.',
  unresolved: 'The host name does not resolve.',
} as const;

const manageUsers = { permission: 'manage_users' as const };
const tags = ['webhooks'];

export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  const allowPrivate = ctx.config.webhookAllowPrivate;

  /** What the schema cannot check: where the URL points (docs/webhooks.md#receivers) and the cloud's sites. */
  async function check(cloudId: number, body: { url?: string; site_ids?: number[] }) {
    const issues: ValidationIssue[] = [];
    if (body.url !== undefined) {
      const resolved = await receiverAddress(body.url, allowPrivate);
      if ('problem' in resolved) issues.push(issue('/url', resolved.problem, URL_TEXT[resolved.problem]));
    }
    if (body.site_ids && body.site_ids.length > 0) {
      const known = await knownSiteIds(db, cloudId, body.site_ids);
      if (known.length !== body.site_ids.length)
        issues.push(issue('/site_ids', 'unknown_site', 'Choose sites of this cloud.'));
    }
    if (issues.length > 0) throw errors.validation(issues);
  }

  async function found(cloudId: number, webhookId: number) {
    const webhook = await findWebhook(db, cloudId, webhookId);
    if (!webhook) throw errors.notFound('No such webhook.');
    return webhook;
  }

  return async (app) => {
    app.get(
      '/webhooks',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: "A page of the cloud's webhooks",
          params: WebhooksParams,
          querystring: WebhookPageQuery,
          response: { 200: WebhookPage, ...signedInErrors },
        },
      },
      async (request) => listWebhooks(db, request.params.cloudId, request.query.offset, request.query.limit),
    );

    app.post(
      '/webhooks',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Adds a webhook: a receiver URL, the events it wants, a signing secret and a format',
          params: WebhooksParams,
          body: CreateWebhookBody,
          response: { 201: Webhook, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId } = request.params;
        await check(cloudId, request.body);
        if ((await countWebhooks(db, cloudId)) >= WEBHOOKS_PER_CLOUD_MAX)
          throw errors.conflict(`A cloud keeps at most ${WEBHOOKS_PER_CLOUD_MAX} webhooks.`);
        const webhook = await createWebhook(db, ctx.secrets, actorOf(request), cloudId, request.body);
        return reply.code(201).send(webhook);
      },
    );

    app.patch(
      '/webhooks/:webhookId',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Changes a webhook: its URL, events, filters, format, secret, or turns it on or off',
          params: WebhookParams,
          body: UpdateWebhookBody,
          response: { 200: Webhook, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, webhookId } = request.params;
        const before = await found(cloudId, webhookId);
        await check(cloudId, request.body);
        return updateWebhook(db, ctx.secrets, actorOf(request), before, request.body);
      },
    );

    app.delete(
      '/webhooks/:webhookId',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Deletes a webhook and its delivery log',
          params: WebhookParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, webhookId } = request.params;
        await deleteWebhook(db, actorOf(request), await found(cloudId, webhookId));
        return { ok: true as const };
      },
    );

    app.post(
      '/webhooks/:webhookId/test',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: 'Queues a test delivery to the webhook; answers its id for the delivery log',
          params: WebhookParams,
          response: { 202: WebhookTestAnswer, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId, webhookId } = request.params;
        const answer = await queueTest(db, await found(cloudId, webhookId));
        return reply.code(202).send(answer);
      },
    );

    app.get(
      '/webhooks/:webhookId/deliveries',
      {
        config: manageUsers,
        schema: {
          tags,
          summary: "A page of the webhook's deliveries, newest first, kept 14 days",
          params: WebhookParams,
          querystring: WebhookPageQuery,
          response: { 200: WebhookDeliveryPage, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, webhookId } = request.params;
        const webhook = await found(cloudId, webhookId);
        return listDeliveries(db, webhook.id, request.query.offset, request.query.limit);
      },
    );
  };
}
