// The load generator of the api-tokens benchmark, in its own process: for each round, each kind of caller
// in turn sends `requests` calls, `concurrency` at a time; then prints one JSON line with each kind's
// latencies (ms) and wall time per round.
//   node bench/api-tokens-load.ts '{"url":"http://...","requests":2000,"concurrency":8,"rounds":5,"callers":[...]}'
import { performance } from 'node:perf_hooks';

type Caller = { name: string; path: string; headers: Record<string, string> };
type Options = { url: string; requests: number; concurrency: number; rounds: number; callers: Caller[] };
const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const result: Record<string, { latencyMs: number[]; roundMs: number[]; failures: number }> = {};
for (const caller of options.callers) result[caller.name] = { latencyMs: [], roundMs: [], failures: 0 };

async function run(caller: Caller, record: boolean) {
  const entry = result[caller.name] as (typeof result)[string];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < options.requests) {
      next += 1;
      const began = performance.now();
      const response = await fetch(`${options.url}${caller.path}`, { headers: caller.headers });
      await response.arrayBuffer();
      if (!record) continue;
      if (!response.ok) entry.failures += 1;
      entry.latencyMs.push(performance.now() - began);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  if (record) entry.roundMs.push(performance.now() - started);
}

// A warm-up round, not recorded, then the rounds, every caller in turn so the machine's load falls on all.
for (const caller of options.callers) await run(caller, false);
for (let round = 0; round < options.rounds; round += 1) {
  for (const caller of options.callers) await run(caller, true);
}
process.stdout.write(`${JSON.stringify(result)}\n`);
