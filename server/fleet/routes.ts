import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { closed } from '../../core/api/closed.ts';
import { isBandChannel } from '../../core/fleet/channels.ts';
import {
  AdoptedResponse,
  AdoptRequest,
  AGENT_BODY_LIMIT,
  CommandsQuery,
  CommandsResponse,
  EventsRequest,
  EventsResponse,
  type HeartbeatRequest,
  HeartbeatResponse,
  HeartbeatRequest as HeartbeatSchema,
  HeartbeatTooEarlyResponse,
  PendingResponse,
  RESULT_INLINE_LIMIT,
  RESULT_TEXT_LIMIT,
  resultTextBytes,
  TASK_REPORT_BODY_LIMIT,
  TaskReport,
  TaskReportResponse,
} from '../../core/fleet/protocol.ts';
import type { AppContext } from '../context.ts';
import { ErrorSchemas, errors } from '../errors.ts';
import type { ConsoleMetrics } from '../features/console-metrics/console-metrics.ts';
import { adopt } from './adopt.ts';
import { registerAgentRateLimit } from './agent-rate-limit.ts';
import { authenticate, loadAgents } from './agents.ts';
import { createBatchLookup } from './batch-queue.ts';
import { type Credential, parseCredential } from './credentials.ts';
import { storeEvents } from './events.ts';
import type { HeartbeatIngest } from './heartbeats.ts';
import type { NewAlert } from './new-alert.ts';
import type { TaskEngine } from './task-engine.ts';

const tags = ['agent'];
const security = [{ device: [] }];
const refused = {
  400: ErrorSchemas.validation,
  401: ErrorSchemas.message,
  429: ErrorSchemas.message,
} as const;
/** How long a device that got no credential waits before calling home again. */
const PENDING_RETRY_S = 60;

declare module 'fastify' {
  interface FastifyRequest {
    agentCredential: Credential | null;
  }
}

/**
 * Device credentials only: a browser session, whatever cookies it sends, is not one. Checked before the
 * body is validated, so a caller without one learns nothing from a 400.
 */
async function requireCredential(request: FastifyRequest) {
  request.agentCredential = parseCredential(request.headers.authorization);
  if (!request.agentCredential) {
    throw errors.unauthorized('A device credential is required: Authorization: Bearer <credential>.');
  }
}

const credentialOf = (request: FastifyRequest) => request.agentCredential as Credential;

/** Radios must use a channel of their band (core/fleet/channels.ts); the schema cannot say that. */
function checkChannels(report: HeartbeatRequest) {
  const issues = (report.radios ?? []).flatMap((radio, index) =>
    isBandChannel(radio.band, radio.channel)
      ? []
      : [
          {
            errorCode: 'channel_not_in_band',
            location: 'body' as const,
            path: `/radios/${index}/channel`,
            message: `channel ${radio.channel} is not a channel of the ${radio.band} GHz band`,
          },
        ],
  );
  if (issues.length > 0) throw errors.validation(issues);
}

/** The parts of a result the body limit cannot bound apart from its file (docs/agent-protocol.md, Sizes). */
function checkResultSize(report: TaskReport) {
  const bytes = resultTextBytes(report.result);
  const limit = report.result?.file ? RESULT_INLINE_LIMIT : RESULT_TEXT_LIMIT;
  if (bytes > limit) {
    throw errors.tooLarge(
      `The result is ${bytes} bytes as JSON${report.result?.file ? ' besides its file' : ''}; at most ${limit} are taken.`,
    );
  }
}

export type FleetDeps = {
  ingest: HeartbeatIngest;
  tasks: TaskEngine;
  notify: (alerts: NewAlert[]) => void;
  /** Counts heartbeats and events as they come (docs/metrics.md#the-fleet). */
  metrics: Pick<ConsoleMetrics, 'heartbeatReceived' | 'deviceEventsReceived'>;
};

/** The agent of a request that changes nothing of its state (no sequence number). */
function agentLookup(ctx: AppContext) {
  const find = createBatchLookup(async (ids: readonly number[]) => {
    const agents = await loadAgents(ctx.db, ids);
    return ids.map((id) => agents.get(id));
  });
  return async (request: FastifyRequest) => {
    const credential = credentialOf(request);
    return authenticate(await find(credential.agentId), credential);
  };
}

/** The device agent API (docs/agent-protocol.md): adoption, heartbeats and events. */
export function agentRoutes(ctx: AppContext, fleet: FleetDeps): FastifyPluginAsyncTypebox {
  const agentOf = agentLookup(ctx);
  return async (app) => {
    app.decorateRequest('agentCredential', null);
    registerAgentRateLimit(app, ctx.db, {
      adoptPerMinute: ctx.config.agentAdoptRateLimit,
      perSecond: ctx.config.agentRateLimit,
    });
    app.post(
      '/adopt',
      {
        bodyLimit: AGENT_BODY_LIMIT,
        schema: {
          tags,
          summary:
            "A device calls home; one a cloud registered gets its credential once, with that cloud's onboarding key or a member's approval",
          body: AdoptRequest,
          response: {
            200: AdoptedResponse,
            202: PendingResponse,
            400: ErrorSchemas.validation,
            429: ErrorSchemas.message,
          },
        },
      },
      async (request, reply) => {
        const adoption = await adopt(ctx.db, request.body, request.ip);
        if (adoption.status === 'pending') {
          return reply.code(202).send({ status: 'pending', retryAfterS: PENDING_RETRY_S });
        }
        return { ...adoption, heartbeatIntervalS: ctx.config.heartbeatIntervalS };
      },
    );

    app.post(
      '/heartbeat',
      {
        onRequest: requireCredential,
        bodyLimit: AGENT_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary: "The device's status and telemetry; the answer sets the pace and carries its commands",
          body: HeartbeatSchema,
          response: {
            200: HeartbeatResponse,
            ...refused,
            429: HeartbeatTooEarlyResponse,
            503: ErrorSchemas.incident,
          },
        },
      },
      async (request) => {
        const credential = credentialOf(request);
        checkChannels(request.body);
        // Weighed as it came over the wire; a body sent in chunks counts as large as it may be.
        const bytes = Number(request.headers['content-length']) || AGENT_BODY_LIMIT;
        fleet.metrics.heartbeatReceived();
        return fleet.ingest.submit(credential, request.body, bytes);
      },
    );

    app.post(
      '/events',
      {
        onRequest: requireCredential,
        bodyLimit: AGENT_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary: 'Things that happened between heartbeats; stored before they are acknowledged',
          body: EventsRequest,
          response: { 200: EventsResponse, ...refused },
        },
      },
      async (request) => {
        const { stored, alerts } = await storeEvents(ctx.db, credentialOf(request), request.body);
        fleet.metrics.deviceEventsReceived(stored);
        if (alerts.length > 0) fleet.notify(alerts);
        return { stored };
      },
    );

    app.get(
      '/commands',
      {
        onRequest: requireCredential,
        schema: {
          tags,
          security,
          summary:
            'The command channel: tasks waiting for the device, at once, or the first one given within waitS',
          querystring: CommandsQuery,
          response: { 200: CommandsResponse, ...refused },
        },
      },
      async (request) => {
        const agent = await agentOf(request);
        // A device that hangs up stops waiting.
        const hangUp = new AbortController();
        request.raw.once('close', () => hangUp.abort());
        const commands = await fleet.tasks.channel.wait(agent, request.query.waitS ?? 25, hangUp.signal);
        return { commands };
      },
    );

    app.post(
      '/commands/:id',
      {
        onRequest: requireCredential,
        bodyLimit: TASK_REPORT_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary: 'The device reports on a task: taken, progress, done or failed (with its result)',
          params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, closed),
          body: TaskReport,
          response: {
            200: TaskReportResponse,
            ...refused,
            404: ErrorSchemas.message,
            413: ErrorSchemas.message,
          },
        },
      },
      async (request) => {
        checkResultSize(request.body);
        const state = await fleet.tasks.report(credentialOf(request), request.params.id, request.body);
        if (!state) throw errors.notFound('No such task for this device.');
        return { state };
      },
    );
  };
}
