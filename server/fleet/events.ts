import { sql } from 'drizzle-orm';
import type { AgentEvent, EventsRequest } from '../../core/fleet/protocol.ts';
import { applyEvents } from '../../core/fleet/rules.ts';
import type { Database } from '../db/connect.ts';
import { jsonRows } from '../db/rows.ts';
import { type Agent, authorise, loadAgents } from './agents.ts';
import type { Credential } from './credentials.ts';
import type { NewAlert } from './new-alert.ts';
import { storeOutcomes } from './store-outcomes.ts';

/**
 * Stores a device's events and the alerts they raise in one transaction, with the agent row locked so no
 * heartbeat of the same device interleaves; the device gets its acknowledgement only after the commit.
 */
export async function storeEvents(
  db: Database,
  credential: Credential,
  request: EventsRequest,
): Promise<{ stored: number; alerts: NewAlert[] }> {
  return db.transaction(async (tx) => {
    const agents = await loadAgents(tx, [credential.agentId], true);
    const agent = authorise(agents.get(credential.agentId), credential, request.seq);
    const at = new Date();
    await tx.execute(sql`
      INSERT INTO device_events (cloud_id, agent_id, seq, type, data, occurred_at, received_at)
      SELECT ${agent.cloudId}, ${agent.id}, ${request.seq}, e.type, e.data, e.at, ${at.toISOString()}
      FROM jsonb_to_recordset(${jsonRows(request.events)}) AS e(type text, data jsonb, at timestamptz)`);
    await tx.execute(sql`UPDATE device_agents SET seq = ${request.seq} WHERE id = ${agent.id}`);
    const alerts = await applyAgentEvents(tx, agent, request.events, at);
    return { stored: request.events.length, alerts };
  });
}

/**
 * Applies events to a device whose agent row this transaction holds locked: its state, its alerts. The
 * console applies some itself (a configuration task the device reports failed).
 */
export async function applyAgentEvents(
  tx: Database,
  agent: Agent,
  events: readonly AgentEvent[],
  at: Date,
): Promise<NewAlert[]> {
  const outcome = applyEvents(agent, events, at);
  await tx.execute(sql`
    UPDATE device_agents SET version = version + 1, state = ${JSON.stringify(outcome.state)}::jsonb
    WHERE id = ${agent.id}`);
  return storeOutcomes(tx, [{ agent, outcome, at }]);
}
