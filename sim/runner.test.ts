import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentClient } from './agent-client.ts';
import { createDevice } from './device.ts';
import { generateFleet } from './identity.ts';
import { createPlaces } from './places.ts';
import { DEFAULT_RATES } from './rates.ts';
import { runDevice } from './runner.ts';
import { openStateFile } from './state-file.ts';
import { createStats } from './stats.ts';

/** A stand-in console: answers from a script, one answer per call, and records what it was sent. */
const script: Record<string, { status: number; body: object; headers?: Record<string, string> }[]> = {};
const received: {
  path: string;
  body: { seq?: number; onboardingKey?: string };
  authorization?: string;
}[] = [];
const server = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => {
    text += chunk;
  });
  request.on('end', () => {
    const path = request.url ?? '';
    received.push({ path, body: text ? JSON.parse(text) : {}, authorization: request.headers.authorization });
    const next = script[path]?.shift() ?? { status: 401, body: { message: 'revoked' } };
    response
      .writeHead(next.status, { 'content-type': 'application/json', ...next.headers })
      .end(JSON.stringify(next.body));
  });
});
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a simulated device talking to a console', () => {
  it('calls home until adopted, follows the pace, waits when told, recovers its sequence number and calls home again when its credential is refused', async () => {
    script['/agent/v1/adopt'] = [
      { status: 202, body: { status: 'pending', retryAfterS: 0.01 } },
      { status: 200, body: { status: 'adopted', credential: '7.secret', heartbeatIntervalS: 0.01 } },
    ];
    script['/agent/v1/heartbeat'] = [
      {
        status: 400,
        body: { errors: [{ errorCode: 'stale_sequence', message: 'must be greater than 41, the last' }] },
      },
      { status: 200, body: { nextHeartbeatS: 0.01, commands: [] } },
      // Too soon: nothing was taken, so the same heartbeat goes again after Retry-After.
      { status: 429, body: { message: 'too soon', nextHeartbeatS: 0.01 }, headers: { 'retry-after': '0' } },
      { status: 200, body: { nextHeartbeatS: 0.01, commands: [] } },
      { status: 200, body: { nextHeartbeatS: 0.01, commands: [] } },
    ];
    const quiet = {
      ...Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])),
    } as typeof DEFAULT_RATES;
    const [identity] = generateFleet(1, 1);
    const device = createDevice(identity as never, 1, quiet, createPlaces()('a'));
    const state = openStateFile(null);
    const logged: string[] = [];
    await runDevice(device, {
      client: agentClient(url),
      state,
      stats: createStats(),
      spreadS: 0,
      intervalS: 0.01,
      log: (message) => logged.push(message),
      signal: new AbortController().signal,
    });
    const calls = received.filter((call) => !call.path.startsWith('/agent/v1/commands'));
    // The last heartbeat's credential is refused: the device forgets it and calls home again, which the
    // stand-in refuses too, so it stops.
    expect(calls.map((call) => call.path)).toEqual([
      '/agent/v1/adopt',
      '/agent/v1/adopt',
      '/agent/v1/heartbeat',
      '/agent/v1/heartbeat',
      '/agent/v1/heartbeat',
      '/agent/v1/heartbeat',
      '/agent/v1/heartbeat',
      '/agent/v1/heartbeat',
      '/agent/v1/adopt',
    ]);
    const heartbeats = calls.filter((call) => call.path === '/agent/v1/heartbeat');
    expect(heartbeats.map((call) => call.body.seq)).toEqual([1, 42, 43, 43, 44, 45]);
    expect(heartbeats.every((call) => call.authorization === 'Bearer 7.secret')).toBe(true);
    expect(state.get(identity?.mac as string)).toEqual({
      credential: null,
      seq: 0,
      config: device.runningConfig,
    });
    expect(logged).toEqual([
      expect.stringMatching(/refused its credential .*; it calls home again/),
      expect.stringMatching(/refused to adopt it \(401/),
    ]);
  });

  it('calls home with its onboarding key, and waits as long as a 429 says', async () => {
    received.length = 0;
    script['/agent/v1/adopt'] = [
      { status: 429, body: { message: 'Too many requests.' }, headers: { 'retry-after': '1' } },
      { status: 200, body: { status: 'adopted', credential: '9.secret', heartbeatIntervalS: 0.01 } },
    ];
    script['/agent/v1/heartbeat'] = [];
    const quiet = Object.fromEntries(
      Object.keys(DEFAULT_RATES).map((name) => [name, 0]),
    ) as typeof DEFAULT_RATES;
    const [identity] = generateFleet(3, 1);
    const keyed = { ...(identity as NonNullable<typeof identity>), onboardingKey: 'k'.repeat(32) };
    const stats = createStats();
    const stop = new AbortController();
    const running = runDevice(createDevice(keyed, 3, quiet, createPlaces()('c')), {
      client: agentClient(url),
      state: openStateFile(null),
      stats,
      spreadS: 0,
      intervalS: 0.01,
      log: () => stop.abort(),
      signal: stop.signal,
    });
    await running;
    const adoptions = received.filter((call) => call.path === '/agent/v1/adopt');
    expect(adoptions.map((call) => call.body.onboardingKey)).toEqual(['k'.repeat(32), 'k'.repeat(32)]);
    expect(stats.summary().failures).toMatchObject({ 'adopt 429': 1 });
  });

  it('takes a task from the command channel, runs it once though a heartbeat brings it again, and reports it', async () => {
    received.length = 0;
    const command = {
      id: 5,
      taskId: 2,
      type: 'TASK_TROUBLESHOOT',
      params: { tool: 'ping', host: '10.0.0.1', count: 1 },
      timeoutS: 300,
    };
    script['/agent/v1/adopt'] = [
      { status: 200, body: { status: 'adopted', credential: '8.secret', heartbeatIntervalS: 0.05 } },
    ];
    script['/agent/v1/commands?waitS=25'] = [{ status: 200, body: { commands: [command] } }];
    script['/agent/v1/heartbeat'] = [
      { status: 200, body: { nextHeartbeatS: 0.05, commands: [command] } },
      { status: 200, body: { nextHeartbeatS: 0.05, commands: [command] } },
    ];
    script['/agent/v1/commands/5'] = [
      { status: 200, body: { state: 'TASK_RUNNING' } },
      { status: 200, body: { state: 'TASK_RUNNING' } },
      { status: 200, body: { state: 'TASK_SUCCESS' } },
    ];
    const quiet = Object.fromEntries(
      Object.keys(DEFAULT_RATES).map((name) => [name, 0]),
    ) as typeof DEFAULT_RATES;
    const [identity] = generateFleet(2, 1);
    const stats = createStats();
    await runDevice(createDevice(identity as never, 2, quiet, createPlaces()('b')), {
      client: agentClient(url),
      state: openStateFile(null),
      stats,
      spreadS: 0,
      intervalS: 0.05,
      log: () => {},
      signal: new AbortController().signal,
      taskSpeed: 0,
    });
    const reports = () => received.filter((call) => call.path === '/agent/v1/commands/5');
    for (let tries = 0; reports().length < 3 && tries < 100; tries++)
      await new Promise((r) => setTimeout(r, 10));
    // Taken, the reply as it came (docs/tools.md#results-as-they-come), then done.
    expect(reports().map((call) => call.body)).toEqual([
      { state: 'running', progress: 0 },
      expect.objectContaining({ state: 'running', progress: 50 }),
      {
        state: 'success',
        result: {
          lines: [expect.stringMatching(/^PING 10.0.0.1/), expect.any(String), expect.any(String)],
          troubleshoot: expect.objectContaining({ tool: 'ping', address: '10.0.0.1', sent: 1, received: 1 }),
        },
      },
    ]);
    expect(reports().every((call) => call.authorization === 'Bearer 8.secret')).toBe(true);
    expect(stats.summary().tasks).toEqual({ TASK_SUCCESS: 1 });
  });

  it('applies a configuration a heartbeat brings, keeps it in its flash and reports its hash from then on', async () => {
    received.length = 0;
    const hash = 'd'.repeat(64);
    const config = {
      general_locale: { country: 'US' },
      sdwan_group: { gateways: [], wan_mode: 'failover', tunnels: [] },
    };
    const command = {
      id: 6,
      taskId: 4,
      type: 'TASK_CONFIG_CHANGE',
      params: { config, hash, revision: 2 },
      timeoutS: 300,
    };
    script['/agent/v1/adopt'] = [
      { status: 200, body: { status: 'adopted', credential: '6.secret', heartbeatIntervalS: 0.05 } },
    ];
    const answer = (commands: object[]) => ({ status: 200, body: { nextHeartbeatS: 0.05, commands } });
    script['/agent/v1/heartbeat'] = [answer([command]), answer([]), answer([]), answer([]), answer([])];
    script['/agent/v1/commands/6'] = [
      { status: 200, body: { state: 'TASK_RUNNING' } },
      { status: 200, body: { state: 'TASK_SUCCESS' } },
    ];
    const quiet = Object.fromEntries(
      Object.keys(DEFAULT_RATES).map((name) => [name, 0]),
    ) as typeof DEFAULT_RATES;
    const identity = generateFleet(4, 10).find((candidate) => candidate.productType === 'gateway');
    if (!identity) throw new Error('no gateway');
    const state = openStateFile(null);
    await runDevice(createDevice(identity, 4, quiet, createPlaces()('g')), {
      client: agentClient(url),
      state,
      stats: createStats(),
      spreadS: 0,
      intervalS: 0.05,
      log: () => {},
      signal: new AbortController().signal,
      taskSpeed: 0,
    });
    const sent = received
      .filter((call) => call.path === '/agent/v1/heartbeat')
      .map((call) => (call.body as { config?: { appliedHash?: string } }).config?.appliedHash);
    expect(sent[0]).toBeUndefined();
    expect(sent.at(-1)).toBe(hash);
    expect(state.get(identity.mac).config).toMatchObject({ document: config, hash, unsyncedFiles: [] });
  });
});
