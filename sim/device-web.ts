// A simulated device's own small web page, served through its tunnel (the `web` service,
// docs/remote-access.md): its status (name, model, firmware, uptime) and a login form, as a device's local
// interface has. Every link is relative, so the page works under whatever host the console gives it. Its
// session cookie carries a Domain, as some firmware sets, which the console strips.
import { randomBytes } from 'node:crypto';
import { productBrand } from '../core/product-catalogue.ts';
import type { SimulatedDevice } from './device.ts';
import { registerTunnelService, type ServiceAnswer, type ServiceRequest } from './tunnel.ts';

/** The device's local administrator: the password a factory-new device has. */
export const DEVICE_WEB_USER = 'admin';
export const DEVICE_WEB_PASSWORD = 'admin';
const COOKIE = 'device_session';

/** Signed-in sessions of each device's page, by cookie value. */
const sessions = new WeakMap<SimulatedDevice, Set<string>>();

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function uptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${days}d ${hours}h ${minutes}m`;
}

function page(title: string, content: string): Uint8Array {
  return new TextEncoder().encode(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1b}header{background:#0b3d91;color:#fff;padding:1rem}
main{padding:1rem;max-width:40rem}dt{font-weight:600}dd{margin:0 0 .5rem}label{display:block;margin:.5rem 0 .25rem}
input{font-size:1rem;padding:.4rem;width:100%;max-width:20rem;box-sizing:border-box}button{margin-top:1rem;font-size:1rem;padding:.4rem 1rem}
a{color:#0b3d91}.error{color:#a00000}</style></head>
<body><header><p style="margin:0;font-size:1.25rem">${escapeHtml(title)}</p></header><main>${content}</main></body></html>`);
}

const html = (status: number, body: Uint8Array, extra: Record<string, string> = {}): ServiceAnswer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...extra },
  body,
});

function signedIn(device: SimulatedDevice, request: ServiceRequest): boolean {
  const cookie = request.headers.cookie ?? '';
  const value = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === COOKIE)?.[1];
  return value !== undefined && (sessions.get(device)?.has(value) ?? false);
}

function statusPage(device: SimulatedDevice, request: ServiceRequest): ServiceAnswer {
  const model = productBrand(device.identity.productBrandId)?.name ?? device.identity.productType;
  const account = signedIn(device, request)
    ? `<p>Signed in as ${DEVICE_WEB_USER}. <a href="./logout">Sign out</a></p>`
    : '<p><a href="./login">Sign in to change settings</a></p>';
  return html(
    200,
    page(
      device.hostname,
      `<h1>${escapeHtml(device.hostname)}</h1>
<dl><dt>Model</dt><dd>${escapeHtml(model)}</dd>
<dt>Serial number</dt><dd>${escapeHtml(device.identity.sn)}</dd>
<dt>MAC address</dt><dd>${escapeHtml(device.identity.mac)}</dd>
<dt>Firmware</dt><dd>${escapeHtml(device.fw)}</dd>
<dt>Uptime</dt><dd>${uptime(device.uptimeS)}</dd></dl>${account}`,
    ),
  );
}

function loginPage(device: SimulatedDevice, error: boolean): ServiceAnswer {
  return html(
    error ? 401 : 200,
    page(
      device.hostname,
      `<h1>Sign in</h1>${error ? '<p class="error" role="alert">Wrong user name or password.</p>' : ''}
<form method="post" action="./login">
<label for="user">User name</label><input id="user" name="user" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form><p><a href="./">Back to the status</a></p>`,
    ),
  );
}

/** The device's web page: `/` its status, `/login` and `/logout`. */
export async function deviceWeb(device: SimulatedDevice, request: ServiceRequest): Promise<ServiceAnswer> {
  const path = request.path.split('?')[0];
  if (path === '/' && (request.method === 'GET' || request.method === 'HEAD'))
    return statusPage(device, request);
  if (path === '/login' && request.method === 'GET') return loginPage(device, false);
  if (path === '/login' && request.method === 'POST') {
    const form = new URLSearchParams(new TextDecoder().decode(request.body));
    if (form.get('user') !== DEVICE_WEB_USER || form.get('password') !== DEVICE_WEB_PASSWORD)
      return loginPage(device, true);
    const value = randomBytes(16).toString('hex');
    const known = sessions.get(device) ?? new Set();
    known.add(value);
    sessions.set(device, known);
    return {
      status: 303,
      headers: {
        location: './',
        'set-cookie': `${COOKIE}=${value}; Path=/; Domain=device.local; HttpOnly; SameSite=Lax`,
      },
      body: new Uint8Array(),
    };
  }
  if (path === '/logout') {
    return {
      status: 303,
      headers: { location: './', 'set-cookie': `${COOKIE}=; Path=/; Domain=device.local; Max-Age=0` },
      body: new Uint8Array(),
    };
  }
  return html(404, page(device.hostname, '<h1>Not found</h1><p><a href="./">Back to the status</a></p>'));
}

registerTunnelService('web', deviceWeb);
