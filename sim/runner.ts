// Runs simulated devices against a console: each calls home until adopted, then sends its events and
// heartbeats one message at a time, at the pace the console sets. A device whose credential is refused
// (reset, removed, blocked) forgets it and calls home again, as real firmware does.

import type { Command } from '../core/fleet/protocol.ts';
import type { AgentAnswer, AgentClient } from './agent-client.ts';
import type { SimulatedDevice } from './device.ts';
import type { StateFile } from './state-file.ts';
import type { Stats } from './stats.ts';
import { runCommand } from './tasks.ts';
import { openTunnel } from './tunnel.ts';
// The services a device serves through its tunnel.
import './device-web.ts';
import './recorder-media-service.ts';

export type RunOptions = {
  client: AgentClient;
  state: StateFile;
  stats: Stats;
  /** First messages are spread over this many seconds, so devices do not all call at once. */
  spreadS: number;
  /** Until the console sets the pace. */
  intervalS: number;
  log: (message: string) => void;
  signal: AbortSignal;
  /** Multiplies how long tasks take on the devices (1: as long as real ones). */
  taskSpeed?: number;
  /** The device stops once the console took this many of its heartbeats (without it, when signalled). */
  heartbeats?: number;
};

const sleep = (seconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, seconds * 1000);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** The console's "must be greater than N": the last sequence number it took, when the device forgot it. */
function lastTakenSeq(answer: AgentAnswer): number | null {
  const errors = answer.body.errors as { errorCode: string; message: string }[] | undefined;
  const stale = errors?.find((error) => error.errorCode === 'stale_sequence');
  const match = stale ? /greater than (\d+)/.exec(stale.message) : null;
  return match ? Number(match[1]) : null;
}

export async function runDevice(device: SimulatedDevice, options: RunOptions): Promise<void> {
  const { client, state, stats, signal } = options;
  const stored = state.get(device.identity.mac);
  if (stored.config) device.restoreConfig(stored.config);
  /** Keeps the configuration the device runs in its flash whenever it changed (a task, a local change). */
  function keepConfig() {
    if (stored.config === device.runningConfig) return;
    stored.config = device.runningConfig;
    state.changed();
  }
  const name = `${device.identity.sn} (${device.identity.mac})`;
  let intervalS = options.intervalS;
  let backoffS = 5;
  let heartbeatsTaken = 0;
  await sleep(Math.random() * options.spreadS, signal);

  /** Forgets a credential the console refused, so that the device calls home again. */
  function forget() {
    options.log(
      `${name}: the console refused its credential (reset, removed, blocked or decommissioned); it calls home again.`,
    );
    stored.credential = null;
    stored.seq = 0;
    state.changed();
  }

  /** Sends one message with the next sequence number; false when the credential was refused. */
  async function send(
    message: (seq: number) => Promise<AgentAnswer>,
    kind: 'heartbeat' | 'event',
  ): Promise<boolean> {
    const started = performance.now();
    let answer = await message(stored.seq + 1);
    const seq = answer.status === 400 ? lastTakenSeq(answer) : null;
    if (seq !== null) {
      stored.seq = seq;
      answer = await message(stored.seq + 1);
    }
    if (answer.status === 429 && answer.retryAfterS !== null) {
      // Sooner than the console's pace (this simulator restarted, say): it took nothing, so the same message
      // goes again once the wait it asked for is over.
      stats.failed(`${kind} 429`);
      if (typeof answer.body.nextHeartbeatS === 'number') intervalS = answer.body.nextHeartbeatS;
      await sleep(answer.retryAfterS, signal);
      answer = await message(stored.seq + 1);
    }
    if (answer.status === 200) {
      stored.seq += 1;
      state.changed();
      stats.ok(kind, performance.now() - started);
      if (typeof answer.body.nextHeartbeatS === 'number') intervalS = answer.body.nextHeartbeatS;
      backoffS = 5;
      return true;
    }
    stats.failed(`${kind} ${answer.status}`);
    if (answer.status === 401) {
      forget();
      return false;
    }
    // Too many requests: as long as the console says; anything else, longer each time.
    await sleep(answer.retryAfterS ?? backoffS, signal);
    if (answer.retryAfterS === null) backoffS = Math.min(backoffS * 2, 300);
    return true;
  }

  /** Command ids taken: a command can come through the channel and a heartbeat answer both. */
  const taken = new Set<number>();
  let listening = false;

  function take(credential: string, command: Command) {
    if (taken.has(command.id)) return;
    taken.add(command.id);
    let last = 'TASK_RUNNING';
    const report = async (body: Parameters<typeof client.report>[2]) => {
      const answer = await client.report(credential, command.id, body);
      if (answer.status !== 200) {
        stats.failed(`report ${answer.status}`);
        return last;
      }
      last = String(answer.body.state);
      return last;
    };
    runCommand(
      device,
      command,
      report,
      { speed: options.taskSpeed ?? 1, sleep: (ms) => sleep(ms / 1000, signal) },
      { openTunnel: (params) => openTunnel(device, { url: client.url, credential }, params) },
    )
      .then(
        () => stats.task(last),
        () => stats.failed('task'),
      )
      .finally(keepConfig);
  }

  /** Holds the command channel open, so a task reaches the device at once rather than at its next heartbeat. */
  async function listen(credential: string) {
    let waitS = 5;
    while (!signal.aborted) {
      try {
        const answer = await client.commands(credential, 25, signal);
        if (answer.status === 401) break;
        if (answer.status === 200) {
          waitS = 5;
          for (const command of answer.body.commands as Command[]) take(credential, command);
          continue;
        }
        stats.failed(`commands ${answer.status}`);
      } catch {
        if (signal.aborted) return;
        stats.failed('network');
      }
      await sleep(waitS, signal);
      waitS = Math.min(waitS * 2, 300);
    }
    listening = false;
  }

  while (!signal.aborted) {
    try {
      if (stored.credential && !listening) {
        listening = true;
        void listen(stored.credential);
      }
      if (!stored.credential) {
        const answer = await client.adopt(device.identity, device.fw, device.mgmtdVersion);
        if (answer.status === 200) {
          stored.credential = String(answer.body.credential);
          stored.seq = 0;
          intervalS = Number(answer.body.heartbeatIntervalS);
          state.changed();
          continue;
        }
        if (answer.status === 202) {
          await sleep(Number(answer.body.retryAfterS) || 60, signal);
          continue;
        }
        if (answer.status === 429) {
          // Many devices behind one address call home at once: each waits its turn, spread a little.
          stats.failed('adopt 429');
          const waitS = answer.retryAfterS ?? 5;
          await sleep(waitS + Math.random() * waitS, signal);
          continue;
        }
        options.log(
          `${name}: the console refused to adopt it (${answer.status} ${JSON.stringify(answer.body)}); it stops.`,
        );
        stats.failed(`adopt ${answer.status}`);
        return;
      }
      const credential = stored.credential;
      const { events, heartbeat } = device.step(intervalS);
      keepConfig();
      if (events.length > 0 && !(await send((seq) => client.events(credential, seq, events), 'event')))
        continue;
      if (heartbeat) {
        let commands: Command[] = [];
        const sent = await send(async (seq) => {
          const answer = await client.heartbeat(credential, { ...heartbeat, seq });
          if (answer.status === 200) commands = (answer.body.commands as Command[] | undefined) ?? [];
          return answer;
        }, 'heartbeat');
        if (!sent) continue;
        for (const command of commands) take(credential, command);
        heartbeatsTaken += 1;
        if (heartbeatsTaken === options.heartbeats) return;
      }
    } catch {
      // The console is unreachable: try again later, less often each time.
      stats.failed('network');
      await sleep(backoffS, signal);
      backoffS = Math.min(backoffS * 2, 300);
      continue;
    }
    await sleep(intervalS, signal);
  }
}
