// Tasks on a fleet: the real server in its own process, the bench cloud's devices in another
// (bench/tasks-devices.ts) holding the command channel open, and this process as the operator creating
// tasks through the API. Measures a reboot on every device (creation until all were delivered, until all
// were SUCCESS) and a rolling firmware update where a share of devices fail (where it stops and how many
// it touched). The floor beside the reboot, measured after the server stops: the same task created, its
// commands read and its reports applied in batches by the console's own code straight on the database,
// without HTTP. Run with `npm run bench -- tasks`.
//   BENCH_DATABASE_URL   PostgreSQL database to use (emptied first); else a fresh PGlite data dir
//   BENCH_DEVICES        devices for the reboot, default 10000
//   BENCH_ROLLOUT        devices in the rolling update, default 1000 (5 % of them fail)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/rows.ts';
import { secretBox } from '../server/features/config/seal.ts';
import { createTask as createTaskRow, planTask } from '../server/features/tasks/create.ts';
import { loadAgents } from '../server/fleet/agents.ts';
import { commandsOfTask } from '../server/fleet/task-commands.ts';
import { applyTaskReports } from '../server/fleet/task-reports.ts';
import { env, open, root, seedOperator, signIn, startServer } from './fleet-server.ts';

type Devices = {
  polling: Promise<void>;
  stop: () => Promise<{
    arrived: number;
    medianArrived: number | null;
    lastArrived: number | null;
    done: number;
    failures: object;
  }>;
};

/** The bench cloud's devices in their own process (bench/tasks-devices.ts), answering their commands. */
export function startDevices(url: string, devices: number, failPct: number, restartMs: number): Devices {
  const child = spawn(
    process.execPath,
    [join(root, 'bench/tasks-devices.ts'), JSON.stringify({ url, devices, failPct, restartMs })],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let output = '';
  let polling: () => void = () => {};
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (output.includes('polling\n')) polling();
  });
  return {
    // Every device's first poll was sent.
    polling: new Promise<void>((resolve) => {
      polling = resolve;
    }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve(JSON.parse(output.trim().split('\n').at(-1) as string)));
        child.stdin.end();
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function waitForTask(url: string, headers: Record<string, string>, taskId: number, limitMs: number) {
  const started = Date.now();
  for (;;) {
    const response = await fetch(`${url}/apiv2/cloud/1/tasks/${taskId}?limit=1`, { headers });
    const { task } = (await response.json()) as {
      task: {
        task_state: string;
        stateCounts: Record<string, number>;
        rollout: { stoppedReason: string | null } | null;
      };
    };
    if (!['TASK_PENDING', 'TASK_STANDBY', 'TASK_WAIT_ACK', 'TASK_RUNNING'].includes(task.task_state))
      return task;
    if (Date.now() - started > limitMs) return task;
    await sleep(100);
  }
}

async function createTask(url: string, headers: Record<string, string>, body: object) {
  const response = await fetch(`${url}/apiv2/cloud/1/tasks`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`task refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { task: { id: number } }).task.id;
}

/**
 * Waits until the server took every device's long poll: each starts with a look at the device's waiting
 * commands, and while those queue, a readiness check (one query) queues behind them.
 */
export async function pollsTaken(url: string) {
  let quick = 0;
  while (quick < 3) {
    const started = performance.now();
    await fetch(`${url}/readyz`);
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    await sleep(200);
  }
}

/**
 * The floor of the same reboot: the task created and its commands read by the console's own code straight
 * on the database, then every device's two reports applied in batches, without HTTP.
 */
async function floor(dataDir: string, devices: number) {
  const database = await open(dataDir);
  const { db } = database;
  const [user] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE email = 'operator@bench.example'`,
  );
  const membership = {
    userId: user?.id ?? 0,
    cloudId: 1,
    roleId: 'ROLE_OWNER' as const,
    permissions: 0,
    pushAlerts: false,
    alertsViewedAt: null,
    tasksViewedAt: null,
    activeSiteFilterId: null,
  };
  const body = {
    type: 'TASK_REBOOT' as const,
    targets: { device_ids: Array.from({ length: devices }, (_, n) => n + 1) },
  };
  const started = performance.now();
  const plan = await planTask(db, membership, body);
  const { taskId } = await createTaskRow(db, { userId: membership.userId, ip: null }, membership, body, plan);
  const secrets = secretBox(randomBytes(32));
  const commands = await commandsOfTask(db, secrets, taskId);
  const delivered = performance.now() - started;
  const agents = await loadAgents(
    db,
    Array.from({ length: devices }, (_, n) => n + 1),
  );
  const targets = [...commands].flatMap(([key, list]) => {
    const agent = agents.get(Number(key.slice(1)));
    return agent && list[0] ? [{ agent, targetId: list[0].id }] : [];
  });
  // As the engine applies them: batches of 500, every device's "running", then every "success".
  const reports = performance.now();
  for (const state of ['running', 'success'] as const) {
    for (let start = 0; start < targets.length; start += 500) {
      await applyTaskReports(
        db,
        secrets,
        targets.slice(start, start + 500).map((target) => ({ ...target, report: { state } })),
      );
    }
  }
  const perReport = (performance.now() - reports) / (2 * targets.length);
  await database.close();
  return { delivered, perReport };
}

export async function runTasks(): Promise<void> {
  const devices = Number(env('BENCH_DEVICES', '10000'));
  const rollout = Math.min(devices, Number(env('BENCH_ROLLOUT', '1000')));
  const dataDir = mkdtempSync(join(tmpdir(), 'console-tasks-'));
  await seedOperator(dataDir, devices);
  const server = await startServer(dataDir, { HEARTBEAT_INTERVAL_S: '3600' });
  const headers = await signIn(server.url);
  const kind = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`${kind}, ${devices} devices, load average ${loadavg()[0]?.toFixed(2)} before`);

  // A reboot of every device.
  let fleet = startDevices(server.url, devices, 0, 0);
  await fleet.polling;
  await pollsTaken(server.url);
  const ids = Array.from({ length: devices }, (_, n) => n + 1);
  const created = Date.now();
  const reboot = await createTask(server.url, headers, { type: 'TASK_REBOOT', targets: { device_ids: ids } });
  const answered = Date.now();
  const rebooted = await waitForTask(server.url, headers, reboot, 300_000);
  const finished = Date.now();
  let seen = await fleet.stop();
  console.log(`reboot of ${devices} devices: creation answered in ${seconds(answered - created)}`);
  console.log(
    `  delivered to ${seen.arrived} devices: all within ${seconds((seen.lastArrived ?? created) - created)} of creation (median ${seconds((seen.medianArrived ?? created) - created)})`,
  );
  console.log(
    `  ${rebooted.task_state} after ${seconds(finished - created)} (${JSON.stringify(rebooted.stateCounts)}); device-side failures ${JSON.stringify(seen.failures)}`,
  );

  // Rolling firmware updates where 5 % of the devices fail to boot the new firmware: under a threshold
  // below that share the canary stops it; above it, it goes through every batch.
  for (const failureThresholdPct of [4, 10]) {
    fleet = startDevices(server.url, rollout, 5, 1000);
    await fleet.polling;
    await pollsTaken(server.url);
    const params = { version: '7.3.0-4105', canarySize: 20, batchSize: 100, failureThresholdPct };
    const rolloutStarted = Date.now();
    const rolling = await createTask(server.url, headers, {
      type: 'TASK_FW_ROLLING_UPDATE',
      targets: { device_ids: ids.slice(0, rollout) },
      params,
    });
    const result = await waitForTask(server.url, headers, rolling, 600_000);
    const rolloutEnded = Date.now();
    seen = await fleet.stop();
    console.log(
      `rolling update of ${rollout} devices (canary ${params.canarySize}, batches of ${params.batchSize}, threshold ${failureThresholdPct} %, 5 % failing):`,
    );
    console.log(
      `  ${result.task_state} after ${seconds(rolloutEnded - rolloutStarted)}; devices touched ${seen.arrived}; ${JSON.stringify(result.stateCounts)}`,
    );
    console.log(`  ${result.rollout?.stoppedReason ?? 'not stopped'}`);
  }
  await server.stop();
  const measured = await floor(dataDir, devices);
  console.log(
    `floor: the reboot created and its ${devices} commands read on the database in ${seconds(measured.delivered)}; ${measured.perReport.toFixed(3)} ms a report applied in batches of 500`,
  );
  rmSync(dataDir, { recursive: true, force: true });
}
