// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_VERSION, type TestApp } from './test/app.ts';

const SCRIPT = `export const words = ${JSON.stringify('network '.repeat(500))};\n`;

let t: TestApp;
beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'console-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Console</title><div id="root"></div>');
  // A script of the build as vite.config.ts writes it: with its brotli and gzip copies beside it.
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'app-1.js'), SCRIPT);
  writeFileSync(join(webRoot, 'assets', 'app-1.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(webRoot, 'assets', 'app-1.js.gz'), gzipSync(SCRIPT));
  t = await createTestApp({ webRoot });
  t.app.get('/apiv2/test-failure', { config: { public: true } }, async () => {
    throw new Error('connection string postgres://secret@db');
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('every response', () => {
  it.each(['/healthz', '/apiv2/auth/me', '/apiv2/unknown', '/cloud/1/dashboard'])(
    'carries X-App-Version: %s',
    async (url) => {
      expect((await get(url)).headers['x-app-version']).toBe(TEST_VERSION);
    },
  );

  it('carries security headers with a CSP that allows no inline script', async () => {
    const response = await get('/welcome/login');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('echoes a request id, keeping a well-formed one from the caller', async () => {
    expect((await get('/healthz', { 'x-request-id': 'lb-1234' })).headers['x-request-id']).toBe('lb-1234');
    expect((await get('/healthz', { 'x-request-id': 'bad id!' })).headers['x-request-id']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });
});

describe('errors', () => {
  it('hides the cause of a 500 behind an incident id', async () => {
    const response = await get('/apiv2/test-failure');
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['incidentId', 'message']);
    expect(body.incidentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body).not.toContain('secret');
  });

  it('refuses a NUL character or a prototype key in a JSON body with the 400 shape', async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/apiv2/auth/login',
        payload,
        headers: { 'content-type': 'application/json' },
      });
    const nul = await post('{"email":"a@b.example","password":"x\\u0000y"}');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors[0]).toMatchObject({
      errorCode: 'nul_character',
      location: 'body',
      path: '/password',
    });
    const proto = await post('{"email":"a@b.example","password":"x","__proto__":{"admin":true}}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json().errors[0]).toMatchObject({ errorCode: 'forbidden_key', location: 'body' });
  });

  it('refuses a NUL character in a query string with the 400 shape', async () => {
    const response = await get('/apiv2/blog-posts?search=a%00b');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      errorCode: 'nul_character',
      location: 'query',
      path: '/search',
    });
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const response = await get('/apiv2/no-such-call');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });
});

describe('health', () => {
  it('GET /healthz says the process is alive', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz says the database answers', async () => {
    const response = await get('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });
});

describe('web app', () => {
  it.each([
    '/cloud/12/dashboard',
    '/cloud/12/activity',
    '/site/4/dashboard',
    '/device/9',
    '/smartnvr/2/dashboard',
    '/v2/cloud/12/devices',
    '/v2/cloud/12/authport/history',
    '/admintools',
    '/welcome/login',
    '/welcome/logout',
    '/voucher',
  ])('serves the app for %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves the app with 404 for an unknown page, so it can say so', async () => {
    const response = await get('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it("sends a script's build-time brotli or gzip copy to a browser that takes it, and the script to others", async () => {
    const brotli = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await get('/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-1.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves the app at the root, which forwards to the default cloud', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });
});

describe('API answers', () => {
  it('come compressed over 1 KiB to a client that takes it, and as they are under it or to others', async () => {
    const large = await get('/apiv2/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).openapi).toMatch(/^3\./);
    const gzip = await get('/apiv2/openapi.json', { 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString()).openapi).toMatch(/^3\./);
    expect((await get('/apiv2/openapi.json')).headers['content-encoding']).toBeUndefined();
    const small = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeDefined();
  });
});

describe('API documentation', () => {
  it('publishes the OpenAPI document with the auth calls', async () => {
    const response = await get('/apiv2/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/apiv2/auth/login', '/apiv2/auth/me']),
    );
    expect(document.paths['/apiv2/auth/login'].post.requestBody).toBeDefined();
  });

  it('serves browsable docs', async () => {
    const response = await get('/apiv2/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
