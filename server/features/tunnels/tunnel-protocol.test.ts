// @vitest-environment node
// The tunnel (docs/agent-protocol.md, Tunnels; docs/remote-access.md) against a real, listening console:
// devices connect real WebSockets, the simulator's client among them, and a browser's requests reach the
// device's page through the tunnel host.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_WEB_PASSWORD, DEVICE_WEB_USER, deviceWeb } from '../../../sim/device-web.ts';
import { registerTunnelService } from '../../../sim/tunnel.ts';
import { queryRows } from '../../db/rows.ts';
import type { TestApp } from '../../test/app.ts';
import { sweepTunnels } from './service.ts';
import {
  deviceConnects,
  exchangeGrant,
  listeningApp,
  onlineDevice,
  openWebAccess,
  tunnelCommand,
  tunnelRow,
} from './test-tunnels.ts';
import { tunnelRequest } from './transport.ts';

let t: TestApp & { url: string };
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => {
  await t.close();
});

/** A device's own WebSocket to the tunnel call: whether the console took it, and how it ended. */
function connect(tunnelId: number, credential: string | null) {
  const socket = new WebSocket(`${t.url.replace('http', 'ws')}/agent/v1/tunnel?tunnelId=${tunnelId}`, {
    headers: credential ? { authorization: `Bearer ${credential}` } : {},
  } as unknown as string[]);
  socket.binaryType = 'arraybuffer';
  const opened = new Promise<boolean>((resolve) => {
    socket.addEventListener('open', () => resolve(true));
    socket.addEventListener('error', () => resolve(false));
  });
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (e) => resolve(e.code)));
  return { socket, opened, closed };
}

const waitForState = (id: number, state: string, reason?: string) =>
  expect
    .poll(
      async () => {
        const row = await tunnelRow(t, id);
        return [row?.state, reason === undefined ? undefined : row?.close_reason];
      },
      { timeout: 10_000 },
    )
    .toEqual([state, reason]);

describe('a device tunnel', () => {
  it("carries a browser's requests to the device's own page and its answers back", async () => {
    const device = await onlineDevice(t);
    const opened = await openWebAccess(t, device.session, device.cloud.id, device.device.id);
    expect(opened.statusCode, opened.body).toBe(201);
    const { tunnel, url } = opened.json();
    expect(tunnel.state).toBe('opening');
    expect(url).toMatch(
      new RegExp(`^http://t${tunnel.id}-[0-9a-f]{20}\\.localhost:\\d+/__tunnel/grant\\?g=`),
    );

    const { error } = await deviceConnects(t, device);
    expect(error).toBeNull();
    await waitForState(tunnel.id, 'open');

    const { answer, host, cookie } = await exchangeGrant(t, url);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/');
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host, cookie: cookie ?? '' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ap-lobby-01');
    expect(page.body).toContain('7.2.0-3988');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');

    // The grant works once.
    expect((await exchangeGrant(t, url)).answer.statusCode).toBe(403);
    // The task that asked the device to connect succeeded.
    const [target] = await queryRows<{ state: string }>(
      t.database.db,
      sql`SELECT g.state FROM task_targets g JOIN tasks k ON k.id = g.task_id
        WHERE k.type_id = 'TASK_TUNNEL_OPEN' AND (k.task_params->>'tunnelId')::int = ${tunnel.id}`,
    );
    expect(target?.state).toBe('TASK_SUCCESS');
  });

  it('refuses a wrong credential, and the tunnel of another device', async () => {
    const first = await onlineDevice(t);
    const second = await onlineDevice(t);
    const opened = await openWebAccess(t, first.session, first.cloud.id, first.device.id);
    const { tunnel } = opened.json();

    const none = connect(tunnel.id, null);
    expect(await none.opened).toBe(false);
    const wrong = connect(tunnel.id, `${first.credential.split('.')[0]}.${'A'.repeat(43)}`);
    expect(await wrong.opened).toBe(false);
    const other = connect(tunnel.id, second.credential);
    expect(await other.opened).toBe(false);
    expect((await tunnelRow(t, tunnel.id))?.state).toBe('opening');

    // Its own device connects, once: a second connection is refused.
    const own = connect(tunnel.id, first.credential);
    expect(await own.opened).toBe(true);
    await waitForState(tunnel.id, 'open');
    const again = connect(tunnel.id, first.credential);
    expect(await again.opened).toBe(false);
    own.socket.close();
    await waitForState(tunnel.id, 'closed', 'device_gone');
  });

  it('closes a tunnel whose device sends a request: it cannot reach the console through it', async () => {
    const device = await onlineDevice(t);
    const { tunnel } = (await openWebAccess(t, device.session, device.cloud.id, device.device.id)).json();
    const own = connect(tunnel.id, device.credential);
    expect(await own.opened).toBe(true);
    own.socket.send(
      JSON.stringify({
        t: 'request',
        stream: 1,
        service: 'web',
        method: 'GET',
        path: '/apiv2/auth/me',
        headers: {},
      }),
    );
    expect(await own.closed).toBe(1008);
    await waitForState(tunnel.id, 'closed', 'failed');
  });

  it('refuses a service outside the allow-list on both sides', async () => {
    const device = await onlineDevice(t);
    // The console's task API never asks a device to open a tunnel of its own accord.
    const task = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${device.cloud.id}/tasks`,
      headers: { cookie: device.session.cookie, 'x-csrf-token': device.session.csrfToken },
      payload: {
        type: 'TASK_TUNNEL_OPEN',
        params: { tunnelId: 1, service: 'media' },
        targets: { device_ids: [device.device.id] },
      },
    });
    expect(task.statusCode).toBe(400);
    expect(task.json().issues?.[0]?.errorCode ?? task.body).toContain('opened_from_remote_access');
    // An access point serves no media: its simulator refuses, as firmware would.
    const { tunnel } = (await openWebAccess(t, device.session, device.cloud.id, device.device.id)).json();
    const command = await tunnelCommand(t, device.credential);
    const { openTunnel } = await import('../../../sim/tunnel.ts');
    const refused = await openTunnel(
      device.twin,
      { url: t.url, credential: device.credential },
      {
        ...command.params,
        service: 'media',
      },
    );
    expect(refused).toMatch(/serves no media/);
    // A request for another service than the tunnel's answers an error, and the tunnel stays up.
    expect(
      await openTunnel(device.twin, { url: t.url, credential: device.credential }, command.params),
    ).toBeNull();
    await waitForState(tunnel.id, 'open');
    const answer = await tunnelRequest(tunnel.id, { method: 'GET', path: '/', headers: {} });
    expect(answer.status).toBe(200);
    await answer.body.cancel();
  });

  it('closes from the console: the device is disconnected and the host refuses', async () => {
    const device = await onlineDevice(t);
    const opened = (await openWebAccess(t, device.session, device.cloud.id, device.device.id)).json();
    await deviceConnects(t, device);
    const { host, cookie } = await exchangeGrant(t, opened.url);
    const close = await t.app.inject({
      method: 'DELETE',
      url: `/apiv2/cloud/${device.cloud.id}/tunnels/${opened.tunnel.id}`,
      headers: { cookie: device.session.cookie, 'x-csrf-token': device.session.csrfToken },
    });
    expect(close.statusCode).toBe(200);
    const row = await tunnelRow(t, opened.tunnel.id);
    expect([row?.state, row?.close_reason, row?.closed_by]).toEqual(['closed', 'closed', device.owner.id]);
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host, cookie: cookie ?? '' } });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('Remote web access is closed');
    const log = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_records WHERE object_type = 'tunnel' AND object_id = ${String(opened.tunnel.id)} ORDER BY id`,
    );
    expect(log.map((r) => r.action)).toEqual(['tunnel_opened', 'tunnel_closed']);
  });

  it('expires at its time', async () => {
    const device = await onlineDevice(t);
    const { tunnel } = (await openWebAccess(t, device.session, device.cloud.id, device.device.id)).json();
    // Its time is up a moment after the device connects.
    await t.database.db.execute(
      sql`UPDATE tunnels SET expires_at = now() + interval '1 second' WHERE id = ${tunnel.id}`,
    );
    const own = connect(tunnel.id, device.credential);
    expect(await own.opened).toBe(true);
    expect(await own.closed).toBe(1000);
    await waitForState(tunnel.id, 'closed', 'expired');
  });

  it('is closed by the sweep once unused for longer than a holder keeps one idle (its process stopped)', async () => {
    const device = await onlineDevice(t);
    const { tunnel } = (await openWebAccess(t, device.session, device.cloud.id, device.device.id)).json();
    // Open, as a process that then stopped left it: held by none, last used 10 and a half minutes ago.
    await t.database.db.execute(
      sql`UPDATE tunnels SET state = 'open', last_used_at = now() - interval '630 seconds' WHERE id = ${tunnel.id}`,
    );
    await sweepTunnels(t.database.db, [], 600);
    expect((await tunnelRow(t, tunnel.id))?.state).toBe('open');
    await sweepTunnels(t.database.db, [], 540);
    await waitForState(tunnel.id, 'closed', 'idle');
  });
});

describe('the tunnel host', () => {
  it("forwards none of the console's cookies, and strips the Domain of the device's", async () => {
    const device = await onlineDevice(t);
    const opened = (await openWebAccess(t, device.session, device.cloud.id, device.device.id)).json();
    await deviceConnects(t, device);
    const { host, cookie } = await exchangeGrant(t, opened.url);
    // The device's login sets its session cookie with a Domain of its own.
    const login = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { host, cookie: cookie ?? '', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `user=${DEVICE_WEB_USER}&password=${DEVICE_WEB_PASSWORD}`,
    });
    expect(login.statusCode).toBe(303);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/^device_session=[0-9a-f]{32}; Path=\/; HttpOnly; SameSite=Lax$/);
    // What reaches the device: its own cookie only, whatever else the browser sends.
    const seen: Record<string, string>[] = [];
    registerTunnelService('web', async (_device, request) => {
      seen.push(request.headers);
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: new Uint8Array() };
    });
    try {
      const sent = `${cookie}; ${device.session.cookie}; ${setCookie.split(';')[0]}`;
      const page = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { host, cookie: sent, 'x-forwarded-for': '203.0.113.9' },
      });
      expect(page.statusCode).toBe(200);
    } finally {
      registerTunnelService('web', deviceWeb);
    }
    expect(seen[0]?.cookie).toBe(setCookie.split(';')[0]);
    expect(seen[0]?.['x-forwarded-for']).toBeUndefined();
    expect(seen[0]?.host).toBeUndefined();
  });

  it("answers nothing of the console's own: its API and pages are not on a tunnel host", async () => {
    const device = await onlineDevice(t);
    const opened = (await openWebAccess(t, device.session, device.cloud.id, device.device.id)).json();
    const { host } = await exchangeGrant(t, opened.url);
    // With the console's session but not the tunnel's cookie: refused, not the console's answer.
    const api = await t.app.inject({
      method: 'GET',
      url: '/apiv2/auth/me',
      headers: { host, cookie: device.session.cookie },
    });
    expect(api.statusCode).toBe(403);
    expect(api.headers['content-type']).toContain('text/html');
  });
});

describe('an idle tunnel', () => {
  it('closes by itself once it carried nothing for the idle time', async () => {
    const idle = await listeningApp({ TUNNEL_IDLE_S: '1' });
    try {
      const device = await onlineDevice(idle);
      const { tunnel } = (
        await openWebAccess(idle, device.session, device.cloud.id, device.device.id)
      ).json();
      await deviceConnects(idle, device);
      await expect
        .poll(async () => (await tunnelRow(idle, tunnel.id))?.close_reason, { timeout: 10_000 })
        .toBe('idle');
    } finally {
      await idle.close();
    }
  });
});
