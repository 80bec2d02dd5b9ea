// What the simulator did: messages answered, their latency, and failures by kind.

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? null
    : Math.round(
        (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) * 10,
      ) / 10;

export function createStats() {
  const started = performance.now();
  let periodStart = started;
  let heartbeats: number[] = [];
  let events = 0;
  const total = { heartbeats: 0, events: 0 };
  const all: number[] = [];
  const failures = new Map<string, number>();
  /** Tasks the devices ran, by how each ended on the console. */
  const tasks = new Map<string, number>();
  return {
    task(state: string) {
      tasks.set(state, (tasks.get(state) ?? 0) + 1);
    },
    ok(kind: 'heartbeat' | 'event', ms: number) {
      if (kind === 'heartbeat') {
        heartbeats.push(ms);
        all.push(ms);
        total.heartbeats += 1;
      } else {
        events += 1;
        total.events += 1;
      }
    },
    failed(kind: string) {
      failures.set(kind, (failures.get(kind) ?? 0) + 1);
    },
    /** One line for the period since the last one. */
    line(devices: number): string {
      const seconds = (performance.now() - periodStart) / 1000;
      const sorted = heartbeats.sort((a, b) => a - b);
      const text = `${devices} devices: ${(sorted.length / seconds).toFixed(1)} heartbeats/s, ${(events / seconds).toFixed(1)} events/s, heartbeat ms p50 ${percentile(sorted, 50)} p95 ${percentile(sorted, 95)} p99 ${percentile(sorted, 99)}, tasks ${JSON.stringify(Object.fromEntries(tasks))}, failures ${JSON.stringify(Object.fromEntries(failures))}`;
      heartbeats = [];
      events = 0;
      periodStart = performance.now();
      return text;
    },
    summary() {
      const sorted = all.sort((a, b) => a - b);
      const seconds = (performance.now() - started) / 1000;
      return {
        seconds: Math.round(seconds),
        ...total,
        heartbeatsPerSecond: Math.round((total.heartbeats / seconds) * 10) / 10,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        tasks: Object.fromEntries(tasks),
        failures: Object.fromEntries(failures),
      };
    },
  };
}

export type Stats = ReturnType<typeof createStats>;
