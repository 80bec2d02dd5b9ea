import { type SQL, sql } from 'drizzle-orm';
import type { Json } from '../../core/config/tree.ts';
import type { TaskType } from '../../core/domain.ts';
import { newestFirmware } from '../../core/fleet/firmware.ts';
import type { Command } from '../../core/fleet/protocol.ts';
import { productBrand } from '../../core/product-catalogue.ts';
import { TASK_DEFINITIONS } from '../../core/task-types.ts';
import type { Database } from '../db/connect.ts';
import { intArray, queryRows } from '../db/rows.ts';
import type { SecretBox } from '../features/config/seal.ts';
import { createBatchLookup } from './batch-queue.ts';

/** Whom a command is for: a device or a smart NVR (`d12`, `n3`). */
export type AgentKey = string;
export const agentKey = (target: { deviceId: number | null; smartNvrId: number | null }): AgentKey =>
  target.deviceId !== null ? `d${target.deviceId}` : `n${target.smartNvrId}`;

type WaitingRow = {
  id: number;
  task_id: number;
  device_id: number | null;
  smart_nvr_id: number | null;
  type_id: TaskType;
  task_params: Record<string, unknown>;
  /** What this target's command adds: a configuration change's hash and revision. */
  target_params: { hash: string; revision: number } | null;
  /** The document of that hash, its secrets sealed (docs/configuration.md#applying). */
  document: Json | null;
  product_brand_id: number | null;
};

/** What the device gets for a task: its parameters, completed with what only the console knows. */
function commandOf(secrets: SecretBox, row: WaitingRow): Command {
  let params = { ...row.task_params };
  if (row.type_id === 'TASK_CONFIG_CHANGE' && row.target_params && row.document) {
    const { hash, revision } = row.target_params;
    params = { config: secrets.open(row.document), hash, revision };
  }
  if (row.type_id === 'TASK_FW_AUTO_UPDATE') {
    // A recorder target has no device row.
    const brand = row.product_brand_id === null ? undefined : productBrand(row.product_brand_id);
    params.version = newestFirmware(brand?.productType ?? 'smartnvr');
  }
  return {
    id: row.id,
    taskId: row.task_id,
    type: row.type_id,
    params,
    timeoutS: TASK_DEFINITIONS[row.type_id].timeoutS,
  };
}

/** Targets waiting for their device (TASK_WAIT_ACK) that match `where`, as commands by whom they are for. */
async function waitingCommands(
  db: Database,
  secrets: SecretBox,
  where: SQL,
): Promise<Map<AgentKey, Command[]>> {
  const rows = await queryRows<WaitingRow>(
    db,
    sql`
    SELECT t.id, t.task_id, t.device_id, t.smart_nvr_id, k.type_id, k.task_params, t.params AS target_params,
      c.document, d.product_brand_id
    FROM task_targets t
    JOIN tasks k ON k.id = t.task_id
    LEFT JOIN config_documents c ON c.hash = t.params ->> 'hash'
    LEFT JOIN devices d ON d.id = t.device_id
    WHERE t.state = 'TASK_WAIT_ACK' AND ${where}
    ORDER BY t.id`,
  );
  const commands = new Map<AgentKey, Command[]>();
  for (const row of rows) {
    const key = agentKey({ deviceId: row.device_id, smartNvrId: row.smart_nvr_id });
    commands.set(key, [...(commands.get(key) ?? []), commandOf(secrets, row)]);
  }
  return commands;
}

/** The commands waiting for these devices and recorders (a heartbeat batch, a long poll). */
export function commandsFor(
  db: Database,
  secrets: SecretBox,
  targets: readonly { deviceId: number | null; smartNvrId: number | null }[],
) {
  const deviceIds = targets.flatMap((t) => (t.deviceId === null ? [] : [t.deviceId]));
  const nvrIds = targets.flatMap((t) => (t.smartNvrId === null ? [] : [t.smartNvrId]));
  return waitingCommands(
    db,
    secrets,
    sql`(t.device_id = ANY(${intArray(deviceIds)}) OR t.smart_nvr_id = ANY(${intArray(nvrIds)}))`,
  );
}

/** Every command of one task still waiting for its device. */
export const commandsOfTask = (db: Database, secrets: SecretBox, taskId: number) =>
  waitingCommands(db, secrets, sql`t.task_id = ${taskId}`);

type Waiter = (commands: Command[]) => void;

/** The share of a long poll's wait by which its empty answer may come early. */
const LONG_POLL_JITTER = 0.2;

/**
 * The agent API's command channel in one process: a device's long poll waits here until a task for it is
 * announced (NOTIFY from whichever process created or advanced it), so it learns of it at once rather than
 * at its next heartbeat.
 */
export function createCommandChannel(db: Database, secrets: SecretBox) {
  const waiters = new Map<AgentKey, Set<Waiter>>();
  let stop: Waiter = () => {};
  /** Settled with no commands when the server stops (release). */
  const stopping = new Promise<Command[]>((resolve) => {
    stop = resolve;
  });
  const lookUp = createBatchLookup(
    async (targets: readonly { deviceId: number | null; smartNvrId: number | null }[]) => {
      const found = await commandsFor(db, secrets, targets);
      return targets.map((target) => found.get(agentKey(target)) ?? []);
    },
  );

  return {
    /** The device's waiting commands, or, when it has none, the first announced within waitS seconds. */
    async wait(
      target: { deviceId: number | null; smartNvrId: number | null },
      waitS: number,
      signal: AbortSignal,
    ): Promise<Command[]> {
      const key = agentKey(target);
      // Registered before looking, so a task announced between the look and the wait is not missed.
      let settle: Waiter = () => {};
      const announced = new Promise<Command[]>((resolve) => {
        settle = resolve;
      });
      const set = waiters.get(key) ?? new Set();
      set.add(settle);
      waiters.set(key, set);
      // An empty answer comes a little before waitS, at random: devices that polled together poll again
      // spread out.
      const timer = setTimeout(() => settle([]), waitS * (1 - LONG_POLL_JITTER * Math.random()) * 1000);
      const abort = () => settle([]);
      signal.addEventListener('abort', abort, { once: true });
      try {
        const looking = lookUp(target);
        // Released while it looks (the server stopping), it answers at once; the look may then fail as the
        // database closes, which nobody waits for.
        looking.catch(() => {});
        const now = await Promise.race([looking, stopping]);
        if (now.length > 0 || waitS === 0) return now;
        return await announced;
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', abort);
        set.delete(settle);
        if (set.size === 0 && waiters.get(key) === set) waiters.delete(key);
      }
    },

    /** A task has targets waiting: hands each waiting device its commands, read in one query. */
    async announced(taskId: number): Promise<void> {
      if (waiters.size === 0) return;
      const commands = await commandsOfTask(db, secrets, taskId);
      for (const [key, list] of commands) {
        for (const settle of waiters.get(key) ?? []) settle(list);
      }
    },

    /**
     * Hands every waiting device the commands waiting for it, read in one query: announcements sent while
     * the LISTEN connection was being replaced are gone, and this catches up on them.
     */
    async recheck(): Promise<void> {
      if (waiters.size === 0) return;
      const targets = [...waiters.keys()].map((key) => ({
        deviceId: key.startsWith('d') ? Number(key.slice(1)) : null,
        smartNvrId: key.startsWith('n') ? Number(key.slice(1)) : null,
      }));
      const commands = await commandsFor(db, secrets, targets);
      for (const [key, list] of commands) {
        for (const settle of waiters.get(key) ?? []) settle(list);
      }
    },

    /** Answers every waiting device with no commands (the server is stopping: they ask again elsewhere). */
    release(): void {
      stop([]);
      for (const set of waiters.values()) for (const settle of set) settle([]);
    },
  };
}
