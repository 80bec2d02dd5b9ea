import type { FastifyBaseLogger } from 'fastify';
import type { TaskReport } from '../../core/fleet/protocol.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import type { SecretBox } from '../features/config/seal.ts';
import type { Credential } from './credentials.ts';
import type { NewAlert } from './new-alert.ts';
import { createCommandChannel } from './task-commands.ts';
import { refreshTasks, TASK_COMMANDS_CHANNEL } from './task-moves.ts';
import { createTaskReportWriter } from './task-reports.ts';

/** How long target reports gather before their tasks' states and counts are brought up to date. */
const FOLLOW_UP_MS = 200;

/**
 * The task side of the agent API in one process: the command channel devices wait on, fed by NOTIFY from
 * every process, and device reports. Reports queue while a batch is written, as heartbeats do, and each
 * answer waits for its batch's commit; a task's own state and counts follow within FOLLOW_UP_MS, once for
 * all the reports that came meanwhile (a reboot of 10,000 devices is not 10,000 recounts), and the task
 * sweep does the same for any a crash left behind.
 */
export function createTaskEngine(
  database: DatabaseHandle,
  secrets: SecretBox,
  notify: (alerts: NewAlert[]) => void,
  log: Pick<FastifyBaseLogger, 'error'>,
  /** Told how long each device report waited for its batch (docs/metrics.md#the-fleet). */
  onReportTaken?: (waitedMs: number) => void,
) {
  const { db } = database;
  const channel = createCommandChannel(db, secrets);
  const touched = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let following: Promise<void> = Promise.resolve();
  let stopListening: (() => Promise<void>) | null = null;
  const reports = createTaskReportWriter(
    db,
    secrets,
    (outcomes, alerts) => {
      if (alerts.length > 0) notify(alerts);
      for (const outcome of outcomes) if (outcome) touched.add(outcome.taskId);
      timer ??= setTimeout(followUp, FOLLOW_UP_MS);
    },
    onReportTaken,
  );

  function followUp(): Promise<void> {
    timer = null;
    const ids = [...touched];
    touched.clear();
    following = following
      .then(() => db.transaction((tx) => refreshTasks(tx, ids, new Date())))
      .then(notify)
      .catch((error: unknown) => {
        // The task sweep (every second, docs/architecture.md) brings every task in progress up to date.
        log.error({ err: error, taskIds: ids }, 'bringing tasks up to date after their reports failed');
      });
    return following;
  }

  return {
    channel,
    async start() {
      stopListening = await database.listen(TASK_COMMANDS_CHANNEL, (payload) => {
        // No payload: the LISTEN connection is back after a loss, and what was announced meanwhile is gone.
        const handing = payload ? channel.announced(Number(payload)) : channel.recheck();
        handing.catch((error: unknown) => {
          // The devices get their commands with their next long poll or heartbeat.
          log.error(
            { err: error, taskId: payload || null },
            'handing announced commands to waiting devices failed',
          );
        });
      });
    },
    /** Applies a device's report; answers where the target stands, or null when it is not the device's. */
    async report(credential: Credential, targetId: number, report: TaskReport) {
      const outcome = await reports.submit({ credential, targetId, report });
      return outcome?.state ?? null;
    },
    /** Device reports waiting for a batch. */
    get waitingReports() {
      return reports.waiting;
    },
    /** Brings the tasks of the reports so far up to date now. */
    async flush(): Promise<void> {
      await reports.flush();
      if (timer) clearTimeout(timer);
      await (touched.size > 0 ? followUp() : following);
    },
    /** Follows up what is pending and stops listening, before the database closes. */
    async stop() {
      await this.flush();
      await stopListening?.();
    },
  };
}

export type TaskEngine = ReturnType<typeof createTaskEngine>;
