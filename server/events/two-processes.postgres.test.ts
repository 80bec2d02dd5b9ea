// @vitest-environment node
// Only on PostgreSQL (TEST_DATABASE_URL, vitest.config.ts): two server processes on one database, as behind a load balancer.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { type DatabaseHandle, openDatabase } from '../db/connect.ts';
import { sweepTasks } from '../fleet/task-schedule.ts';
import { event, sendEvents } from '../fleet/test-fleet.ts';
import { commandsOf, createTaskCloud, report, startTask } from '../fleet/test-tasks.ts';
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
    expect(alert.data).toMatchObject({ cloud_id: cloud.id, device_id: device.id, alert_type: 'DEV_REBOOT' });
    stream.close();
  });

  it('give a device waiting on one the task created through the other', async () => {
    const { cloud, session, devices } = await createTaskCloud(first, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    // The task is created once the long poll has reached the second process's channel.
    const channel = second.app.fleet.tasks.channel;
    const wait = channel.wait.bind(channel);
    const reached = new Promise<void>((resolve) => {
      vi.spyOn(channel, 'wait').mockImplementation((...args) => {
        const commands = wait(...args);
        resolve();
        return commands;
      });
    });
    const waiting = commandsOf({ ...first, app: second.app } as TestApp, device.credential, 10);
    await reached;
    const taskId = await startTask(first, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: [device.id] },
    });
    expect(await waiting).toEqual([expect.objectContaining({ taskId, type: 'TASK_REBOOT' })]);
  });

  it('carry on a rollout one of them started: its next batch is read from the database', async () => {
    const { cloud, session, devices } = await createTaskCloud(first, 2);
    const [canary, next] = devices;
    if (!canary || !next) throw new Error('no devices');
    const taskId = await startTask(first, session, cloud.id, {
      type: 'TASK_FW_ROLLING_UPDATE',
      targets: { device_ids: [canary.id, next.id] },
      params: { version: '7.3.0-4105', canarySize: 1, batchSize: 1, failureThresholdPct: 0 },
    });
    const [command] = await commandsOf(first, canary.credential);
    await report(first, canary.credential, command?.id ?? 0, {
      state: 'success',
      result: { fw: '7.3.0-4105' },
    });
    // The other process's sweep, as after a restart of the first, sends the next batch.
    const waiting = commandsOf({ ...first, app: second.app } as TestApp, next.credential, 10);
    await sweepTasks(second.database.db);
    expect(await waiting).toEqual([expect.objectContaining({ taskId, type: 'TASK_FW_ROLLING_UPDATE' })]);
  });
});
