// How many alerts the demo fleet raises: signs in as the demo accounts, waits the given minutes while the
// simulator runs against a console started with `npm start`, then counts the alerts raised meanwhile in
// every cloud the accounts see, by type. Usage: node bench/demo-alerts.ts --url http://localhost:8080 --minutes 20
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { type ConsoleSession, signIn } from '../sim/console-api.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    minutes: { type: 'string', default: '20' },
  },
});
const ACCOUNTS = ['owner@demo.example', 'trial@demo.example', 'partner@demo.example'];

async function sessions(): Promise<Map<number, ConsoleSession>> {
  const byCloud = new Map<number, ConsoleSession>();
  for (const email of ACCOUNTS) {
    const session = await signIn(values.url, email, 'demo-console');
    const { clouds } = await session.get('/apiv2/clouds');
    for (const cloud of clouds) if (!byCloud.has(cloud.id)) byCloud.set(cloud.id, session);
  }
  return byCloud;
}

const from = new Date();
const minutes = Number(values.minutes);
console.log(`counting alerts raised from ${from.toISOString()} for ${minutes} min`);
await sleep(minutes * 60_000);
const to = new Date();
const byType = new Map<string, number>();
for (const [cloudId, session] of await sessions()) {
  for (let offset = 0; ; offset += 100) {
    const page = await session.get('/apiv2/cloud/{cloudId}/alerts', {
      path: { cloudId },
      query: { from: from.toISOString(), to: to.toISOString(), limit: 100, offset },
    });
    for (const alert of page.items) byType.set(alert.alert_type, (byType.get(alert.alert_type) ?? 0) + 1);
    if (page.items.length < 100) break;
  }
}
const total = [...byType.values()].reduce((sum, count) => sum + count, 0);
console.log(`alerts raised in ${minutes} min: ${total}`);
for (const [type, count] of [...byType].sort((a, b) => b[1] - a[1])) console.log(`  ${type}: ${count}`);
