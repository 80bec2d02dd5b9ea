// @vitest-environment node
// Only on PostgreSQL (npm run test:postgres): two server processes on one database, as behind a load balancer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { type DatabaseHandle, openDatabase } from '../db/connect.ts';
import { event, sendEvents } from '../fleet/test-fleet.ts';
import { commandsOf, createTaskCloud, startTask } from '../fleet/test-tasks.ts';
import { TEST_VERSION, type TestApp } from '../test/app.ts';
import { openTestDatabase } from '../test/database.ts';
import { openStream } from './test-stream.ts';

let first: TestApp;
let second: { app: App; database: DatabaseHandle };
let secondUrl: string;
beforeAll(async () => {
  const database = await openTestDatabase();
  if (!database.url) throw new Error('needs PostgreSQL');
  const config = readConfig({ DEMO: '0' });
  const app = await buildApp(createContext(database, config, TEST_VERSION));
  await app.ready();
  first = { app, database, close: async () => {} };
  const other = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  second = { app: await buildApp(createContext(other, config, TEST_VERSION)), database: other };
  secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
  first.close = async () => {
    await second.app.close();
    await other.close();
    await app.close();
    await database.close();
  };
});
afterAll(() => first.close());

describe('two server processes on one PostgreSQL database', () => {
  it('send a browser connected to one the alerts raised through the other', async () => {
    const { cloud, session, devices } = await createTaskCloud(first, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    const stream = await openStream(secondUrl, session.cookie);
    await sendEvents(first, device.credential, 1, [event('reboot', { reason: 'power', uptimeS: 5 })]);
    const alert = await stream.until((e) => e.event === 'alert');
    expect(alert.data).toMatchObject({ cloudId: cloud.id, deviceId: device.id, alertType: 'DEV_REBOOT' });
    stream.close();
  });

  it('give a device waiting on one the task created through the other', async () => {
    const { cloud, session, devices } = await createTaskCloud(first, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    const waiting = commandsOf({ ...first, app: second.app } as TestApp, device.credential, 10);
    // Give the long poll time to reach its wait before the task exists.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const taskId = await startTask(first, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { deviceIds: [device.id] },
    });
    expect(await waiting).toEqual([expect.objectContaining({ taskId, type: 'TASK_REBOOT' })]);
  });
});
