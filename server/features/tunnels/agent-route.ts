// GET /agent/v1/tunnel (docs/agent-protocol.md, Tunnels): a device connects the tunnel the console asked
// it to open, authenticated with its credential as every agent call, for its own tunnel only.
import fastifyWebsocket from '@fastify/websocket';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { closed } from '../../../core/api/closed.ts';
import {
  allowsService,
  TUNNEL_CLOSE,
  TUNNEL_FRAME_BYTES,
  type TunnelService,
} from '../../../core/fleet/tunnel-protocol.ts';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../db/rows.ts';
import { errors } from '../../errors.ts';
import { authenticate, loadAgents } from '../../fleet/agents.ts';
import { parseCredential } from '../../fleet/credentials.ts';
import { CONSOLE_ACTOR, closeTunnelRow, sweepTunnels } from './service.ts';
import { attachTunnel, connectedTunnels, dropTunnel, type EarlyFrame } from './transport.ts';

const TunnelQuery = Type.Object({ tunnelId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, closed);

type Waiting = { id: number; service: TunnelService; expires_at: Date | string; product_type: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The tunnel a device's upgrade request is for, once checked. */
    tunnel: Waiting | null;
  }
}

/** How often tunnels that never connected or outlived their time are closed. */
const SWEEP_MS = 30_000;

/** The WebSocket plugin, the device's tunnel call, and the sweep of tunnels left behind. */
export async function registerTunnelAgent(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Whatever stops the console stops its tunnels first, their rows closed while the database is there.
  app.addHook('preClose', async () => {
    await Promise.all(connectedTunnels().map((id) => dropTunnel(id, 'closed')));
  });
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 4 + TUNNEL_FRAME_BYTES, perMessageDeflate: false },
  });
  let sweep: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    sweep = setInterval(
      () => void sweepTunnels(ctx.db, connectedTunnels(), ctx.config.tunnelIdleS).catch(() => {}),
      SWEEP_MS,
    );
    sweep.unref();
  });
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
  });
  app.decorateRequest('tunnel', null);

  await app.register(async (agent) => {
    agent.get(
      '/agent/v1/tunnel',
      {
        websocket: true,
        logLevel: 'warn',
        schema: { querystring: TunnelQuery },
        // The credential before anything else, as every agent call (server/fleet/routes.ts).
        onRequest: async (request: FastifyRequest) => {
          const credential = parseCredential(request.headers.authorization);
          if (!credential)
            throw errors.unauthorized('A device credential is required: Authorization: Bearer <credential>.');
          const agents = await loadAgents(ctx.db, [credential.agentId]);
          const found = authenticate(agents.get(credential.agentId), credential);
          const { tunnelId } = request.query as { tunnelId?: unknown };
          const id = Number(tunnelId);
          if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return;
          // The device's own tunnel, waiting for it: another device's, or one already open or closed, is refused.
          const [row] = await queryRows<Waiting>(
            ctx.db,
            sql`
            SELECT t.id, t.service, t.expires_at, coalesce(d.product_type, 'smartnvr') AS product_type
            FROM tunnels t LEFT JOIN devices d ON d.id = t.device_id
            WHERE t.id = ${id} AND t.state = 'opening' AND t.expires_at > now()
              AND ${found.deviceId === null ? sql`t.smart_nvr_id = ${found.smartNvrId}` : sql`t.device_id = ${found.deviceId}`}`,
          );
          if (!row || !allowsService(row.product_type as never, row.service))
            throw errors.forbidden('No tunnel of this device waits to be opened.');
          request.tunnel = row;
        },
      },
      async (socket, request) => {
        const waiting = request.tunnel;
        if (!waiting) return socket.close(TUNNEL_CLOSE.refused, 'refused');
        // What the device sends while its row is being opened is held and read in order once attached.
        const early: EarlyFrame[] = [];
        const hold = (data: Buffer, isBinary: boolean) => early.push([data, isBinary]);
        socket.on('message', hold);
        const [opened] = await queryRows<{ id: number }>(
          ctx.db,
          sql`UPDATE tunnels SET state = 'open' WHERE id = ${waiting.id} AND state = 'opening' RETURNING id`,
        );
        socket.off('message', hold);
        if (!opened) return socket.close(TUNNEL_CLOSE.refused, 'refused');
        attachTunnel({
          early,
          tunnelId: waiting.id,
          service: waiting.service,
          db: ctx.db,
          socket,
          expiresAt: new Date(waiting.expires_at),
          idleMs: ctx.config.tunnelIdleS * 1000,
          onClosed: async (reason) => {
            await closeTunnelRow(ctx.db, waiting.id, { actor: CONSOLE_ACTOR, reason });
          },
        });
      },
    );
  });
}
