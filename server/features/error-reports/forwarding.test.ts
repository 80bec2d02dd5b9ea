// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { sampleReport } from './test-report.ts';

type Received = { headers: IncomingHttpHeaders; body: unknown; path: string };

// A stand-in for the external error-reporting service of docs/decisions.md.
let service: Server;
let received: Received[] = [];
let answerStatus = 200;
let t: TestApp;
let administrator: Session;

beforeAll(async () => {
  service = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        path: request.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      response.writeHead(answerStatus, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const { port } = service.address() as AddressInfo;
  t = await createTestApp(
    {},
    { ERROR_REPORT_URL: `http://127.0.0.1:${port}/v1/events:report`, ERROR_REPORT_KEY: 'service-key' },
  );
  await createUser(t.database.db, { email: 'root@forward.example', isAdministrator: true });
  administrator = await login(t.app, 'root@forward.example', TEST_PASSWORD);
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => service.close(resolve));
});

const post = (message: string) =>
  t.app.inject({
    method: 'POST',
    url: '/apiv2/error-reports',
    payload: sampleReport(message),
    headers: as(administrator),
  });

describe('POST /apiv2/error-reports with ERROR_REPORT_URL', () => {
  it('forwards the same JSON to the configured service with the key in X-Api-Key', async () => {
    received = [];
    answerStatus = 200;
    const response = await post('Error: forwarded');
    expect(response.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe('/v1/events:report');
    expect(received[0]?.headers['x-api-key']).toBe('service-key');
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(received[0]?.body).toEqual(sampleReport('Error: forwarded'));
  });

  it('still answers 200 and keeps the report when the service refuses it', async () => {
    received = [];
    answerStatus = 500;
    const response = await post('Error: refused upstream');
    expect(response.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/apiv2/error-reports',
      headers: as(administrator),
    });
    expect(listed.json().reports[0].report.message).toBe('Error: refused upstream');
  });
});

describe('POST /apiv2/error-reports with an unreachable ERROR_REPORT_URL', () => {
  it('stores the report and answers 200', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const offline = await createTestApp({}, { ERROR_REPORT_URL: `http://127.0.0.1:${port}/report` });
    try {
      await createUser(offline.database.db, { email: 'root@offline.example', isAdministrator: true });
      const session = await login(offline.app, 'root@offline.example', TEST_PASSWORD);
      const response = await offline.app.inject({
        method: 'POST',
        url: '/apiv2/error-reports',
        payload: sampleReport('Error: nobody listening'),
        headers: as(session),
      });
      expect(response.statusCode).toBe(200);
      const listed = await offline.app.inject({
        method: 'GET',
        url: '/apiv2/error-reports',
        headers: as(session),
      });
      expect(listed.json().total).toBe(1);
    } finally {
      await offline.close();
    }
  });
});
