// Runs simulated devices against a console: each calls home until adopted, then sends its events and
// heartbeats one message at a time, at the pace the console sets.
import type { AgentAnswer, AgentClient } from './agent-client.ts';
import type { SimulatedDevice } from './device.ts';
import type { StateFile } from './state-file.ts';
import type { Stats } from './stats.ts';

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
  const name = `${device.identity.sn} (${device.identity.mac})`;
  let intervalS = options.intervalS;
  let backoffS = 5;
  await sleep(Math.random() * options.spreadS, signal);

  /** Sends one message with the next sequence number; false when the device must stop. */
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
      options.log(
        `${name}: the console refused its credential (removed, blocked or decommissioned); it stops.`,
      );
      return false;
    }
    await sleep(backoffS, signal);
    backoffS = Math.min(backoffS * 2, 300);
    return true;
  }

  while (!signal.aborted) {
    try {
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
        options.log(
          `${name}: the console refused to adopt it (${answer.status} ${JSON.stringify(answer.body)}); it stops.`,
        );
        stats.failed(`adopt ${answer.status}`);
        return;
      }
      const credential = stored.credential;
      const { events, heartbeat } = device.step(intervalS);
      if (events.length > 0 && !(await send((seq) => client.events(credential, seq, events), 'event')))
        return;
      if (
        heartbeat &&
        !(await send((seq) => client.heartbeat(credential, { ...heartbeat, seq }), 'heartbeat'))
      )
        return;
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
