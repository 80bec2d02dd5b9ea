// @vitest-environment node
// A live event stream whose reader does not keep up is ended at STREAM_BUFFER_LIMIT, and the browser,
// reconnecting with the last event it received, is sent the rest.
import { connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { LIVE_EVENTS_CHANNEL } from './publish.ts';
import { openStream } from './test-stream.ts';

const lines: string[] = [];
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(() => t.close());

/** Resolves once `done` answers true, asking again every 20 ms. */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Commits events numbered from..to, each carrying `padding` bytes, and announces them. */
const publish = (cloudId: number, from: number, to: number, padding: number) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO live_events (cloud_id, site_id, kind, data)
      SELECT ${cloudId}, NULL, 'alert', jsonb_build_object('n', g, 'padding', repeat('x', ${padding}))
      FROM generate_series(${from}::int, ${to}::int) g`);
    await tx.execute(sql`SELECT pg_notify(${LIVE_EVENTS_CHANNEL}, '')`);
  });

/** The events in a text/event-stream, complete ones only. */
const eventsIn = (text: string) =>
  [...text.matchAll(/id: (\d+)\nevent: alert\ndata: (\{.*\})\n\n/g)].map((m) => ({
    id: Number(m[1]),
    n: (JSON.parse(m[2] as string) as { n: number }).n,
  }));

describe('GET /apiv2/events and a reader that does not keep up', () => {
  it('ends the stream once 1 MiB waits to be sent; reconnecting from the last event received brings the rest', async () => {
    const db = t.database.db;
    const cloud = await createCloud(db);
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, 'ROLE_OWNER');
    const session = await login(t.app, user.email, TEST_PASSWORD);

    // A raw HTTP client, to stop reading at will.
    let received = '';
    let ended = false;
    const socket: Socket = connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      // The last chunk of the response (the browser would now reconnect), or the connection gone.
      if (received.endsWith('\r\n0\r\n\r\n')) ended = true;
    });
    socket.on('close', () => {
      ended = true;
    });
    // From the first event on, whether it is committed before or after the stream opens.
    socket.write(
      `GET /apiv2/events HTTP/1.1\r\nHost: console\r\nCookie: ${session.cookie}\r\nLast-Event-ID: 0\r\n\r\n`,
    );
    await publish(cloud.id, 0, 0, 0);
    await until(() => eventsIn(received).length === 1);

    // It stops reading; 16 MB of events follow, more than the connection's buffers hold.
    socket.pause();
    const LAST = 2000;
    await publish(cloud.id, 1, LAST, 8000);
    await until(() => lines.some((line) => line.includes('its reader does not keep up')));
    socket.resume();
    await until(() => ended);
    socket.destroy();
    const first = eventsIn(received);
    expect(first.at(-1)?.n).toBeLessThan(LAST);

    // The browser reconnects with the last id it received, as often as the server ends its stream.
    const rest: number[] = [];
    let lastId = first.at(-1)?.id ?? 0;
    while (rest.at(-1) !== LAST) {
      const stream = await openStream(`http://127.0.0.1:${port}`, session.cookie, lastId);
      try {
        for (;;) {
          const event = await stream.next(10_000);
          rest.push(event.data.n as number);
          lastId = event.id;
          if (event.data.n === LAST) break;
        }
      } catch (error) {
        if ((error as Error).message !== 'the stream ended') throw error;
      }
      stream.close();
    }
    const start = first.at(-1)?.n ?? 0;
    expect(rest).toEqual(Array.from({ length: LAST - start }, (_, i) => start + 1 + i));
  }, 60_000);
});
