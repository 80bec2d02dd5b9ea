import { sql } from 'drizzle-orm';
import type { HeartbeatRequest, HeartbeatResponse } from '../../core/fleet/protocol.ts';
import { applyHeartbeat } from '../../core/fleet/rules.ts';
import { heartbeatDeadlines } from '../../core/fleet/status.ts';
import type { Database } from '../db/connect.ts';
import { jsonRows, queryRows } from '../db/rows.ts';
import { errors } from '../errors.ts';
import type { NewAlert } from '../features/push/notify-alert.ts';
import { authorise, loadAgents } from './agents.ts';
import { upsertClients } from './clients.ts';
import type { Credential } from './credentials.ts';
import { type Applied, storeOutcomes } from './store-outcomes.ts';
import { agentKey, commandsFor } from './task-commands.ts';

/** A heartbeat the rules have applied, with the report it came from. */
export type AppliedHeartbeat = Applied & { report: HeartbeatRequest };

export type HeartbeatIngestOptions = {
  db: Database;
  intervalS: number;
  /** Writes the batch's metric samples in its transaction. */
  writeMetrics: (tx: Database, applied: readonly AppliedHeartbeat[]) => Promise<void>;
  /** Called with the alerts a batch created, after it committed. */
  onAlerts: (alerts: NewAlert[]) => void;
  /** Most heartbeats written in one transaction. */
  maxBatch?: number;
  /** Batches written at the same time (PostgreSQL takes several; PGlite is one connection). */
  concurrency?: number;
};

type Pending = {
  credential: Credential;
  report: HeartbeatRequest;
  /** Times it was read again because another writer changed its device first. */
  retries: number;
  resolve: (answer: HeartbeatResponse) => void;
  reject: (error: unknown) => void;
};

const MAX_RETRIES = 3;

/**
 * Heartbeats are written in batches: while batches are being written, the next ones queue, and each
 * answer waits for the commit of its batch. At a low rate a batch is one heartbeat; under load one
 * transaction carries hundreds, which is what lets one process take a large fleet. A device's heartbeats
 * are never in two batches at once, so they are written in the order they came.
 */
export function createHeartbeatIngest(options: HeartbeatIngestOptions) {
  const { db, intervalS } = options;
  const maxBatch = options.maxBatch ?? 500;
  const concurrency = options.concurrency ?? 1;
  let queue: Pending[] = [];
  /** Agents whose heartbeat is in a batch being written. */
  const busy = new Set<number>();
  let writers = 0;
  let idle: (() => void)[] = [];

  function takeBatch(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    for (const item of queue) {
      if (batch.length >= maxBatch || busy.has(item.credential.agentId)) rest.push(item);
      else {
        busy.add(item.credential.agentId);
        batch.push(item);
      }
    }
    queue = rest;
    return batch;
  }

  async function write(batch: Pending[]): Promise<void> {
    const now = new Date();
    const agents = await loadAgents(
      db,
      batch.map((item) => item.credential.agentId),
    );
    const ready: (AppliedHeartbeat & { item: Pending })[] = [];
    for (const item of batch) {
      try {
        const agent = authorise(agents.get(item.credential.agentId), item.credential, item.report.seq);
        ready.push({
          item,
          agent,
          report: item.report,
          at: now,
          outcome: applyHeartbeat(agent, item.report, now),
        });
      } catch (error) {
        item.reject(error);
      }
    }
    if (ready.length === 0) return;
    ready.sort((a, b) => a.agent.id - b.agent.id);
    const created = await db.transaction(async (tx) => {
      // A heartbeat restates the device's whole state, so one lost in a crash right after its answer is
      // made good by the next: not waiting for the WAL flush saves a disk round trip per batch. Events,
      // which nothing restates, are committed synchronously (events.ts).
      await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
      const written = new Set(await updateAgents(tx, ready, intervalS));
      const applied = ready.filter(({ agent }) => written.has(agent.id));
      for (const stale of ready.filter(({ agent }) => !written.has(agent.id))) retry(stale.item);
      const alerts = await storeOutcomes(tx, applied);
      await upsertClients(tx, applied);
      await options.writeMetrics(tx, applied);
      return { alerts, applied };
    });
    // Tasks waiting for these devices ride along, for a device that does not hold the command channel open.
    const commands = await commandsFor(
      db,
      created.applied.map(({ agent }) => agent),
    );
    for (const { item, agent } of created.applied) {
      item.resolve({ nextHeartbeatS: intervalS, commands: commands.get(agentKey(agent)) ?? [] });
    }
    if (created.alerts.length > 0) options.onAlerts(created.alerts);
  }

  function retry(item: Pending) {
    if (item.retries >= MAX_RETRIES) {
      item.reject(errors.unavailable('The device is being updated by another request; send again.'));
      return;
    }
    item.retries += 1;
    queue.push(item);
  }

  async function writer(): Promise<void> {
    writers += 1;
    for (;;) {
      // Let the requests that arrived meanwhile join the batch: PGlite answers without a trip through the
      // event loop, so without this every batch would hold one heartbeat.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = takeBatch();
      if (batch.length === 0) break;
      try {
        await write(batch);
      } catch (error) {
        for (const item of batch) item.reject(error);
      } finally {
        for (const item of batch) busy.delete(item.credential.agentId);
      }
    }
    writers -= 1;
    if (writers === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  }

  return {
    submit(credential: Credential, report: HeartbeatRequest): Promise<HeartbeatResponse> {
      return new Promise((resolve, reject) => {
        queue.push({ credential, report, retries: 0, resolve, reject });
        if (writers < concurrency) void writer();
      });
    },
    /** Waits for the heartbeats already taken to be written. */
    flush(): Promise<void> {
      return writers === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve));
    },
  };
}

/**
 * Records each heartbeat on its agent row, but only where nobody wrote the row since it was read (its
 * version): the answer says which were written.
 */
async function updateAgents(tx: Database, ready: readonly AppliedHeartbeat[], intervalS: number) {
  const rows = ready.map(({ agent, report, outcome, at }) => {
    const { clients: _clients, seq: _seq, ...telemetry } = report;
    const { skipAfter, offlineAfter } = heartbeatDeadlines(at, intervalS);
    return {
      id: agent.id,
      version: agent.version,
      seq: report.seq,
      at: at.toISOString(),
      skip: skipAfter.toISOString(),
      off: offlineAfter.toISOString(),
      state: outcome.state,
      telemetry,
    };
  });
  const written = await queryRows<{ id: number }>(
    tx,
    sql`
    UPDATE device_agents a SET seq = v.seq, version = a.version + 1, status_id = 'STATUS_ONLINE',
      last_heartbeat_at = v.at, skip_after = v.skip, offline_after = v.off, state = v.state, telemetry = v.telemetry
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(id int, version int, seq bigint, at timestamptz,
      skip timestamptz, off timestamptz, state jsonb, telemetry jsonb)
    WHERE a.id = v.id AND a.version = v.version AND a.seq < v.seq
    RETURNING a.id`,
  );
  return written.map((row) => row.id);
}

export type HeartbeatIngest = ReturnType<typeof createHeartbeatIngest>;
