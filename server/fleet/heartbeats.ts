import { sql } from 'drizzle-orm';
import type { Command, HeartbeatRequest, HeartbeatResponse } from '../../core/fleet/protocol.ts';
import { applyHeartbeat } from '../../core/fleet/rules.ts';
import { heartbeatDeadlines, heartbeatWaitS } from '../../core/fleet/status.ts';
import type { Database } from '../db/connect.ts';
import { jsonRows, queryRows } from '../db/rows.ts';
import { errors } from '../errors.ts';
import { publishLive } from '../events/publish.ts';
import type { SecretBox } from '../features/config/seal.ts';
import { authorise, loadAgents } from './agents.ts';
import { createBatchQueue, type ItemOutcome } from './batch-queue.ts';
import { storeCameras } from './cameras.ts';
import { upsertClients } from './clients.ts';
import type { Credential } from './credentials.ts';
import { storeDeviceLinks } from './device-links.ts';
import { storeLldp } from './lldp.ts';
import type { NewAlert } from './new-alert.ts';
import { type Applied, storeOutcomes } from './store-outcomes.ts';
import { agentKey, commandsFor } from './task-commands.ts';

/** A heartbeat the rules have applied, with the report it came from. */
export type AppliedHeartbeat = Applied & { report: HeartbeatRequest };

export type HeartbeatIngestOptions = {
  db: Database;
  /** Opens the sealed documents of the configuration commands that ride along (docs/configuration.md#secrets). */
  secrets: SecretBox;
  intervalS: number;
  /** Refuses a heartbeat sent sooner than half an interval after the last one (HEARTBEAT_PACE). */
  pace?: boolean;
  /** Writes the batch's metric samples in its transaction. */
  writeMetrics: (tx: Database, applied: readonly AppliedHeartbeat[]) => Promise<void>;
  /** Called with the alerts a batch created, after it committed. */
  onAlerts: (alerts: NewAlert[]) => void;
  log: { error: (details: object, message: string) => void };
  /** Most heartbeats written in one transaction. */
  maxBatch?: number;
  /** Most bytes of heartbeats (as they came over the wire) written in one transaction. */
  maxBatchBytes?: number;
  /** Batches written at the same time (PostgreSQL takes several; PGlite is one connection). */
  concurrency?: number;
  /** Told how long each heartbeat waited for its batch (docs/metrics.md#the-fleet). */
  onTaken?: (waitedMs: number) => void;
};

/** Most bytes of heartbeats in one batch: about 500 typical ones, or 16 of the largest (docs/security.md). */
const HEARTBEAT_BATCH_BYTES = 4 * 1024 * 1024;

type Pending = { credential: Credential; report: HeartbeatRequest; bytes: number };

/** A heartbeat sent too soon: the device waits `retryAfterS` and learns the pace (docs/agent-protocol.md). */
const tooEarly = (retryAfterS: number, intervalS: number) =>
  errors.tooManyRequests(
    retryAfterS,
    `Heartbeats come every ${intervalS} s; this one came less than half of that after the last one.`,
    { nextHeartbeatS: intervalS },
  );

/**
 * Heartbeats are written in batches (batch-queue.ts). A device's heartbeats are never in two batches at
 * once, so they are written in the order they came; one that lost a race with another writer (an event,
 * the sweep) is read again and retried once its batch is over, and never written after its batch failed.
 */
export function createHeartbeatIngest(options: HeartbeatIngestOptions) {
  const { db, secrets, intervalS } = options;
  const queue = createBatchQueue<Pending, HeartbeatResponse>({
    maxItems: options.maxBatch ?? 500,
    maxBytes: options.maxBatchBytes ?? HEARTBEAT_BATCH_BYTES,
    weigh: (item) => item.bytes,
    keyOf: (item) => item.credential.agentId,
    concurrency: options.concurrency ?? 1,
    retryError: () => errors.unavailable('The device is being updated by another request; send again.'),
    write,
    onTaken: options.onTaken,
  });

  async function write(batch: readonly Pending[]): Promise<ItemOutcome<HeartbeatResponse>[]> {
    const now = new Date();
    const agents = await loadAgents(
      db,
      batch.map((item) => item.credential.agentId),
    );
    const outcomes: ItemOutcome<HeartbeatResponse>[] = batch.map(() => ({ retry: true }));
    const ready: (AppliedHeartbeat & { index: number })[] = [];
    batch.forEach((item, index) => {
      try {
        const agent = authorise(agents.get(item.credential.agentId), item.credential, item.report.seq);
        const waitS = options.pace
          ? heartbeatWaitS(
              { at: agent.lastHeartbeatAt, uptimeS: agent.state.uptimeS },
              item.report.uptimeS,
              now,
              intervalS,
            )
          : 0;
        if (waitS > 0) throw tooEarly(waitS, intervalS);
        ready.push({
          index,
          agent,
          report: item.report,
          at: now,
          outcome: applyHeartbeat(agent, item.report, now),
        });
      } catch (error) {
        outcomes[index] = { error };
      }
    });
    if (ready.length === 0) return outcomes;
    ready.sort((a, b) => a.agent.id - b.agent.id);
    const created = await db.transaction(async (tx) => {
      // A heartbeat restates the device's whole state, so one lost in a crash right after its answer is
      // made good by the next: not waiting for the WAL flush saves a disk round trip per batch. Events,
      // which nothing restates, are committed synchronously (events.ts). And every statement of a batch
      // reads rows by their keys: without bitmap scans the clients' upsert finds each client by its
      // (cloud_id, mac) key rather than through the MAC trigram index search uses, which the planner
      // prefers and which answers an equal MAC about 100 times slower (bench/README.md, ingestion).
      await tx.execute(
        sql`SELECT set_config('synchronous_commit', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
      );
      // Rows another writer changed since they were read are not written: their items stay `retry`.
      const written = new Set(await updateAgents(tx, ready, intervalS));
      const applied = ready.filter(({ agent }) => written.has(agent.id));
      const alerts = await storeOutcomes(tx, applied);
      await upsertClients(tx, applied);
      await storeLldp(tx, applied, intervalS);
      await publishLive(tx, await storeDeviceLinks(tx, applied));
      await storeCameras(tx, applied);
      await options.writeMetrics(tx, applied);
      return { alerts, applied };
    });
    if (created.alerts.length > 0) options.onAlerts(created.alerts);
    // Tasks waiting for these devices ride along, for a device that does not hold the command channel open.
    // The batch is committed whatever this read does: without it the answer carries none, and they come
    // through the channel or with the next heartbeat.
    const commands = await commandsFor(
      db,
      secrets,
      created.applied.map(({ agent }) => agent),
    ).catch((error: unknown) => {
      options.log.error({ err: error }, 'reading the commands of a written heartbeat batch failed');
      return new Map<string, Command[]>();
    });
    for (const { index, agent } of created.applied) {
      outcomes[index] = { ok: { nextHeartbeatS: intervalS, commands: commands.get(agentKey(agent)) ?? [] } };
    }
    return outcomes;
  }

  return {
    /** Queues a heartbeat of `bytes` bytes; answers once its batch committed. */
    submit(credential: Credential, report: HeartbeatRequest, bytes: number): Promise<HeartbeatResponse> {
      return queue.submit({ credential, report, bytes });
    },
    /** Waits for the heartbeats already taken to be written. */
    flush: () => queue.flush(),
    /** Heartbeats waiting for a batch. */
    get waiting() {
      return queue.waiting;
    },
  };
}

/**
 * Records each heartbeat on its agent row, but only where nobody wrote the row since it was read (its
 * version): the answer says which were written.
 */
async function updateAgents(tx: Database, ready: readonly AppliedHeartbeat[], intervalS: number) {
  const rows = ready.map(({ agent, report, outcome, at }) => {
    // Clients and LLDP neighbours have their own tables (clients.ts, lldp.ts).
    const { clients: _clients, lldp: _lldp, seq: _seq, ...telemetry } = report;
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
