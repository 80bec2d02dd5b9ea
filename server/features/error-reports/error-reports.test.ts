// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REPORT_MESSAGE_MAX } from '../../../core/api/error-reports.ts';
import { as, cookieHeader, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { storeErrorReport } from './repository.ts';
import { sampleReport } from './test-report.ts';

let t: TestApp;
let reporter: Session;
let administrator: Session;
let reporterId: number;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.database.db, { email: 'reporter@test.example' });
  reporterId = user.id;
  await createUser(t.database.db, { email: 'root@test.example', isAdministrator: true });
  reporter = await login(t.app, 'reporter@test.example', TEST_PASSWORD);
  administrator = await login(t.app, 'root@test.example', TEST_PASSWORD);
});
afterAll(() => t.close());

const report = (payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/apiv2/error-reports', payload: payload as object, headers });

const list = (session: Session | null, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/error-reports${query}`,
    headers: session ? as(session) : {},
  });

describe('POST /apiv2/error-reports', () => {
  it('stores the report of a signed-in user with their id', async () => {
    const response = await report(sampleReport('Error: first'), as(reporter));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const stored = (await list(administrator)).json().reports[0];
    expect(stored).toMatchObject({ user_id: reporterId, user_email: 'reporter@test.example' });
    expect(stored.report).toEqual(sampleReport('Error: first'));
  });

  it('accepts a report after the session is gone, with the CSRF cookie echoed, but not the email it claims', async () => {
    const response = await report(sampleReport('Error: anonymous'), {
      cookie: 'csrf_token=left-over-token; sid=expired-session',
      'x-csrf-token': 'left-over-token',
    });
    expect(response.statusCode).toBe(200);
    const stored = (await list(administrator)).json().reports[0];
    expect(stored).toMatchObject({ user_id: null, user_email: null });
    expect(stored.report.message).toBe('Error: anonymous');
    expect(stored.report.context.user).toBe('');
  });

  it('refuses a report without the CSRF token', async () => {
    const signedIn = await report(sampleReport(), { cookie: reporter.cookie });
    const anonymous = await report(sampleReport(), { cookie: 'csrf_token=abc' });
    expect([signedIn.statusCode, anonymous.statusCode]).toEqual([403, 403]);
  });

  it('answers a malformed report with the validation list', async () => {
    const { message: _message, ...noMessage } = sampleReport();
    const missing = await report(noMessage, as(reporter));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual(
      expect.objectContaining({ location: 'body', path: '/message', errorCode: 'required' }),
    );
    const tooLong = await report(sampleReport('x'.repeat(ERROR_REPORT_MESSAGE_MAX + 1)), as(reporter));
    expect(tooLong.statusCode).toBe(400);
    const badLine = sampleReport();
    const wrongType = await report(
      {
        ...badLine,
        context: {
          ...badLine.context,
          reportLocation: { ...badLine.context.reportLocation, lineNumber: 'one' },
        },
      },
      as(reporter),
    );
    expect(wrongType.statusCode).toBe(400);
  });

  it('refuses fields the schema does not know, at any depth, and stores nothing', async () => {
    const before = (await list(administrator)).json().total;
    const extra = await report({ ...sampleReport('Error: extra'), secret: 'kept?' }, as(reporter));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual([
      expect.objectContaining({ errorCode: 'additionalProperties', path: '/secret' }),
    ]);
    const sample = sampleReport('Error: extra');
    const nested = await report({ ...sample, context: { ...sample.context, userId: 1 } }, as(reporter));
    expect(nested.json().errors).toEqual([
      expect.objectContaining({ errorCode: 'additionalProperties', path: '/context/userId' }),
    ]);
    expect((await list(administrator)).json().total).toBe(before);
  });
});

describe('error reports cannot fill the disk', () => {
  const anonymous = (remoteAddress: string, payload: object = sampleReport('Error: flood')) =>
    t.app.inject({
      method: 'POST',
      url: '/apiv2/error-reports',
      payload,
      remoteAddress,
      headers: { cookie: 'csrf_token=any', 'x-csrf-token': 'any' },
    });

  it('takes ten reports at once from an address without a session, then one a minute', async () => {
    const before = (await list(administrator)).json().total;
    const flood = [];
    for (let i = 0; i < 15; i++) flood.push(await anonymous('203.0.113.50'));
    expect(flood.map((r) => r.statusCode)).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
    expect(Number(flood.at(-1)?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await list(administrator)).json().total).toBe(before + 10);
    expect((await anonymous('203.0.113.51')).statusCode).toBe(200);
  });

  it('takes 30 reports from one address however many sessions it signs in, then five a minute', async () => {
    const user = await createUser(t.database.db);
    const address = '203.0.113.60';
    const codes: number[] = [];
    for (let session = 0; session < 5; session++) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/apiv2/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
        remoteAddress: address,
      });
      const fresh = {
        cookie: cookieHeader(signIn),
        csrfToken: signIn.cookies.find((c) => c.name === 'csrf_token')?.value ?? '',
      };
      for (let i = 0; i < 10; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/apiv2/error-reports',
          payload: sampleReport('Error: from many sessions'),
          remoteAddress: address,
          headers: as(fresh),
        });
        codes.push(response.statusCode);
      }
    }
    expect(codes.filter((code) => code === 200)).toHaveLength(30);
    expect(codes.slice(30)).toEqual(Array(20).fill(429));
  });

  it('refuses a body larger than a report can be', async () => {
    const padded = { ...sampleReport(), padding: 'x'.repeat(70 * 1024) };
    const response = await anonymous('203.0.113.52', padded);
    expect(response.statusCode).toBe(413);
  });

  it('keeps the newest reports up to the cap, dropping the oldest', async () => {
    for (const n of [1, 2, 3, 4, 5])
      await storeErrorReport(t.database.db, null, sampleReport(`Error: cap ${n}`), 3);
    const { reports, total } = (await list(administrator, '?limit=100')).json();
    expect(total).toBe(3);
    expect(reports.map((r: { report: { message: string } }) => r.report.message)).toEqual([
      'Error: cap 5',
      'Error: cap 4',
      'Error: cap 3',
    ]);
  });
});

describe('GET /apiv2/error-reports', () => {
  it('lists reports newest first, paged, with the total', async () => {
    for (const n of [1, 2, 3]) await report(sampleReport(`Error: paged ${n}`), as(reporter));
    const all = (await list(administrator, '?limit=100')).json();
    const firstPage = (await list(administrator, '?limit=2')).json();
    const secondPage = (await list(administrator, '?limit=2&offset=2')).json();
    expect(all.total).toBe(all.reports.length);
    expect(all.reports.slice(0, 3).map((r: { report: { message: string } }) => r.report.message)).toEqual([
      'Error: paged 3',
      'Error: paged 2',
      'Error: paged 1',
    ]);
    expect(firstPage.reports.map((r: { id: number }) => r.id)).toEqual(
      all.reports.slice(0, 2).map((r: { id: number }) => r.id),
    );
    expect(secondPage.reports.map((r: { id: number }) => r.id)).toEqual(
      all.reports.slice(2, 4).map((r: { id: number }) => r.id),
    );
    expect(secondPage.total).toBe(all.total);
  });

  it('is for platform administrators only', async () => {
    const user = await list(reporter);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({
      message: 'Access denied: your account does not have sufficient permissions.',
    });
    expect((await list(null)).statusCode).toBe(401);
  });

  it('refuses a page size above the maximum', async () => {
    expect((await list(administrator, '?limit=101')).statusCode).toBe(400);
    expect((await list(administrator, '?offset=-1')).statusCode).toBe(400);
  });
});
