// @vitest-environment node
// Floor maps (docs/floor-maps.md): a site's floors, their plans and scale, and devices placed on them.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Floor, SiteFloors } from '../../../core/api/floor-maps.ts';
import { UPLOAD_MAX_BYTES } from '../../../core/limits.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { floorPositions, floors } from '../../db/schema/floor-maps.ts';
import { demoPlanSvg } from '../../db/seed/demo-floors.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { contentMatches } from '../files/content-check.ts';
import { createFloor, TEST_PNG } from './test-floors.ts';

const SVG =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

let t: TestApp;
let cloudId: number;
let siteId: number;
let otherSiteId: number;
let lobby: number;
let elsewhere: number;
let ground: number;
let otherFloor: number;
const session: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  siteId = (await createSite(db, cloudId, { name: 'Offices' })).id;
  otherSiteId = (await createSite(db, cloudId)).id;
  lobby = (await createDevice(db, cloudId, siteId, { name: 'Lobby AP', healthId: 'HEALTH_WARNING' })).id;
  elsewhere = (await createDevice(db, cloudId, otherSiteId, { name: 'Elsewhere' })).id;
  ground = (await createFloor(db, cloudId, siteId, { name: 'Ground floor' })).id;
  otherFloor = (await createFloor(db, cloudId, otherSiteId, { name: 'Other floor' })).id;
  for (const [key, role, sites] of [
    ['owner', 'ROLE_OWNER', null],
    ['guest', 'ROLE_GUEST', null],
    ['mapper', 'ROLE_USER', ['read_site', 'read_device', 'edit_map']],
    ['reader', 'ROLE_USER', ['read_site', 'read_device']],
  ] as const) {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role, 0);
    if (sites) await assignSite(db, user.id, cloudId, siteId, [...sites]);
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
  const outsider = await createUser(db);
  await addMember(db, outsider.id, (await createCloud(db)).id, 'ROLE_OWNER');
  session.outsider = await login(t.app, outsider.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const base = (site = siteId) => `/apiv2/cloud/${cloudId}/sites/${site}/floors`;
const call = (
  who: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: as(session[who] as Session) });
const floorsOf = async (who = 'owner') => (await call(who, 'GET', base())).json<SiteFloors>();

type Part = { name: string; data: Buffer | string; type?: string; filename?: string };
async function upload(floorId: number, parts: Part[], who = 'owner', site = siteId) {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.name, String(part.data));
    else {
      const bytes = typeof part.data === 'string' ? Buffer.from(part.data) : part.data;
      form.append(part.name, new Blob([new Uint8Array(bytes)], { type: part.type ?? '' }), part.filename);
    }
  }
  const encoded = new Response(form);
  return t.app.inject({
    method: 'PUT',
    url: `${base(site)}/${floorId}/plan`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: {
      ...as(session[who] as Session),
      'content-type': encoded.headers.get('content-type') as string,
    },
  });
}
const position = (who: string, deviceId: number, payload: object) =>
  call(who, 'PUT', `/apiv2/cloud/${cloudId}/devices/${deviceId}/floor-position`, payload);

describe('floors', () => {
  it('adds floors after the others, renames and reorders them, and records each change', async () => {
    const added = await call('mapper', 'POST', base(), { name: '  First floor ' });
    expect(added.statusCode).toBe(201);
    const first = added.json<Floor>();
    expect(first).toMatchObject({ name: 'First floor', position: 1, plan: null, scale: null });

    const moved = await call('owner', 'PATCH', `${base()}/${first.id}`, { position: 0, name: 'Level 1' });
    expect(moved.json<Floor>()).toMatchObject({ name: 'Level 1', position: 0 });
    expect((await floorsOf()).floors.map((f) => f.name)).toEqual(['Level 1', 'Ground floor']);
    const records = await t.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.objectType, 'site'), eq(auditRecords.objectId, String(siteId))));
    expect(records.map((r) => r.after)).toContainEqual({ floor: 'Level 1', name: 'Level 1', position: 0 });

    await call('owner', 'PATCH', `${base()}/${first.id}`, { position: 1 });
    expect((await floorsOf()).floors.map((f) => [f.name, f.position])).toEqual([
      ['Ground floor', 0],
      ['Level 1', 1],
    ]);
  });

  it.each([
    ['an empty name', 'POST', {}],
    ['a blank name', 'POST', { name: '   ' }],
    ['an unknown key', 'POST', { name: 'Roof', colour: 'red' }],
    ['an empty change', 'PATCH', {}],
    ['an unknown key in a change', 'PATCH', { name: 'Roof', site_id: 2 }],
    ['a scale point off the plan', 'PATCH', { scale: { x1: 0, y1: 0, x2: 1.2, y2: 0, metres: 10 } }],
    ['a scale of no length', 'PATCH', { scale: { x1: 0.5, y1: 0.5, x2: 0.5, y2: 0.5, metres: 10 } }],
    ['a scale of zero metres', 'PATCH', { scale: { x1: 0, y1: 0, x2: 1, y2: 0, metres: 0 } }],
  ] as const)('answers 400 to %s and changes nothing', async (_name, method, payload) => {
    const before = await floorsOf();
    const url = method === 'POST' ? base() : `${base()}/${ground}`;
    const response = await call('owner', method, url, payload);
    expect(response.statusCode).toBe(400);
    expect(await floorsOf()).toEqual(before);
  });

  it('sets and clears the scale of a floor with a plan', async () => {
    const scale = { x1: 0.1, y1: 0.5, x2: 0.9, y2: 0.5, metres: 24 };
    const set = await call('owner', 'PATCH', `${base()}/${ground}`, { scale });
    expect(set.statusCode).toBe(200);
    expect(set.json<Floor>().scale).toEqual(scale);
    const cleared = await call('owner', 'PATCH', `${base()}/${ground}`, { scale: null });
    expect(cleared.json<Floor>().scale).toBeNull();
  });

  it("answers 404 for another site's floor, and refuses more than 50 floors", async () => {
    expect((await call('owner', 'PATCH', `${base()}/${otherFloor}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('owner', 'DELETE', `${base()}/${otherFloor}`)).statusCode).toBe(404);
    expect((await call('owner', 'GET', `${base()}/${otherFloor}/plan`)).statusCode).toBe(404);
    expect(
      (await upload(otherFloor, [{ name: 'file', data: TEST_PNG, type: 'image/png', filename: 'a.png' }]))
        .statusCode,
    ).toBe(404);

    const full = (await createSite(t.database.db, cloudId)).id;
    for (let n = 0; n < 50; n++)
      await createFloor(t.database.db, cloudId, full, { position: n, plan: false });
    const refused = await call('owner', 'POST', base(full), { name: 'One too many' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ errorCode: 'floor_limit' });
  });

  it('lets members who see the site read, and only edit_map change', async () => {
    expect((await floorsOf('guest')).can_edit_map).toBe(false);
    expect((await floorsOf('reader')).can_edit_map).toBe(false);
    expect((await floorsOf('mapper')).can_edit_map).toBe(true);
    expect((await call('reader', 'POST', base(), { name: 'No' })).statusCode).toBe(403);
    expect((await call('reader', 'GET', base(otherSiteId))).statusCode).toBe(404);
    expect((await call('outsider', 'GET', base())).statusCode).toBe(404);
  });
});

describe('plans', () => {
  it('stores a PNG, serves it to members as an attachment-safe image, and replaces it', async () => {
    const uploaded = await upload(ground, [
      { name: 'file', data: TEST_PNG, type: 'image/png', filename: 'ground.png' },
    ]);
    expect(uploaded.statusCode).toBe(200);
    const plan = uploaded.json<Floor>().plan;
    expect(plan).toMatchObject({ name: 'ground.png', content_type: 'image/png', size: TEST_PNG.length });

    const served = await call('guest', 'GET', `${base()}/${ground}/plan?file=${plan?.file_id}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TEST_PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="plan-${ground}"`,
      'content-security-policy': "sandbox; default-src 'none'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=86400, immutable',
    });
    expect((await call('reader', 'GET', `${base()}/${ground}/plan`)).statusCode).toBe(200);
    expect((await call('outsider', 'GET', `${base()}/${ground}/plan`)).statusCode).toBe(404);

    const replaced = await upload(ground, [
      { name: 'file', data: SVG, type: 'image/svg+xml', filename: 'ground.svg' },
    ]);
    expect(replaced.json<Floor>().plan).toMatchObject({ name: 'ground.svg', content_type: 'image/svg+xml' });
    const again = await call('owner', 'GET', `${base()}/${ground}/plan`);
    expect(again.body).toBe(SVG);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it.each([
    [
      'a text file posing as a PNG',
      [{ name: 'file', data: 'not an image', type: 'image/png', filename: 'a.png' }],
      'file_type',
    ],
    [
      'a PDF',
      [{ name: 'file', data: '%PDF-1.7\n', type: 'application/pdf', filename: 'a.pdf' }],
      'file_type',
    ],
    [
      'an SVG with a script',
      [
        {
          name: 'file',
          data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          type: 'image/svg+xml',
          filename: 'a.svg',
        },
      ],
      'file_type',
    ],
    [
      'an SVG with an event handler',
      [
        {
          name: 'file',
          data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
          type: 'image/svg+xml',
          filename: 'a.svg',
        },
      ],
      'file_type',
    ],
    [
      'a file over 10 MB',
      [
        {
          name: 'file',
          data: Buffer.concat([TEST_PNG, Buffer.alloc(UPLOAD_MAX_BYTES)]),
          type: 'image/png',
          filename: 'big.png',
        },
      ],
      'file_too_large',
    ],
    [
      'an unknown part',
      [
        { name: 'file', data: TEST_PNG, type: 'image/png', filename: 'a.png' },
        { name: 'scale', data: '10' },
      ],
      'additionalProperties',
    ],
    ['no file', [{ name: 'note', data: 'x' }], 'additionalProperties'],
  ] as const)('refuses %s with a 400 and keeps the plan', async (_name, parts, errorCode) => {
    const before = (await floorsOf()).floors.find((f) => f.id === ground)?.plan;
    const response = await upload(ground, [...parts] as Part[]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ errorCode, location: 'body' });
    expect((await floorsOf()).floors.find((f) => f.id === ground)?.plan).toEqual(before);
  });

  it("takes the demo's plans as it takes an upload (docs/demo.md#floor-maps)", () => {
    const plan = Buffer.from(
      demoPlanSvg('Headquarters, Ground floor', [{ x: 50, y: 30, w: 300, h: 250, name: 'Lobby' }]),
    );
    expect(contentMatches('image/svg+xml', plan)).toBe(true);
  });

  it('deletes a plan, after which it is not served', async () => {
    const spare = (await createFloor(t.database.db, cloudId, siteId, { name: 'Attic', position: 9 })).id;
    expect((await call('guest', 'DELETE', `${base()}/${spare}/plan`)).statusCode).toBe(403);
    const removed = await call('owner', 'DELETE', `${base()}/${spare}/plan`);
    expect(removed.json<Floor>().plan).toBeNull();
    expect((await call('owner', 'GET', `${base()}/${spare}/plan`)).statusCode).toBe(404);
    await call('owner', 'DELETE', `${base()}/${spare}`);
  });
});

describe('PUT /apiv2/cloud/:cloudId/devices/:deviceId/floor-position', () => {
  it('places, moves and takes a device off a floor, recording each change', async () => {
    const placed = await position('mapper', lobby, { floor_id: ground, x: 0.25, y: 0.5 });
    expect(placed.json()).toEqual({ id: lobby, floor_id: ground, x: 0.25, y: 0.5 });
    expect((await floorsOf()).devices.find((d) => d.id === lobby)).toMatchObject({
      name: 'Lobby AP',
      health_id: 'HEALTH_WARNING',
      floor_id: ground,
      x: 0.25,
      y: 0.5,
    });
    const [record] = await t.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.objectType, 'device'), eq(auditRecords.objectId, String(lobby))));
    expect(record).toMatchObject({
      action: 'changed',
      before: { floor_id: null, x: null, y: null },
      after: { floor_id: ground, x: 0.25, y: 0.5 },
    });
    const off = await position('owner', lobby, { floor_id: null, x: null, y: null });
    expect(off.json()).toEqual({ id: lobby, floor_id: null, x: null, y: null });
  });

  it.each([
    ['a place off the plan', { floor_id: 0, x: 1.5, y: 0.5 }],
    ['a floor of another site', { floor_id: 0, x: 0.5, y: 0.5 }],
    ['a floor without a place', { floor_id: 0, x: null, y: null }],
    ['an unknown key', { floor_id: 0, x: 0.5, y: 0.5, site_id: 1 }],
  ])('answers 400 to %s and changes nothing', async (name, payload) => {
    await position('owner', lobby, { floor_id: ground, x: 0.1, y: 0.1 });
    const floorId = name === 'a floor of another site' ? otherFloor : ground;
    const response = await position('owner', lobby, { ...payload, floor_id: floorId });
    expect(response.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(floorPositions).where(eq(floorPositions.deviceId, lobby));
    expect(row).toMatchObject({ floorId: ground, x: 0.1, y: 0.1 });
  });

  it('answers 403 without edit_map and 404 for a device the caller does not see', async () => {
    expect((await position('reader', lobby, { floor_id: ground, x: 0, y: 0 })).statusCode).toBe(403);
    expect((await position('guest', lobby, { floor_id: ground, x: 0, y: 0 })).statusCode).toBe(403);
    expect((await position('mapper', elsewhere, { floor_id: otherFloor, x: 0, y: 0 })).statusCode).toBe(404);
  });

  it('takes its devices off a floor that is deleted, and closes up the order', async () => {
    const doomed = (await call('owner', 'POST', base(), { name: 'Basement' })).json<Floor>();
    await position('owner', lobby, { floor_id: doomed.id, x: 0.5, y: 0.5 });
    const deleted = await call('owner', 'DELETE', `${base()}/${doomed.id}`);
    expect(deleted.statusCode).toBe(200);
    const after = await floorsOf();
    expect(after.devices.find((d) => d.id === lobby)).toMatchObject({ floor_id: null, x: null, y: null });
    expect(after.floors.map((f) => f.position)).toEqual(after.floors.map((_, n) => n));
    expect(await t.database.db.select().from(floors).where(eq(floors.id, doomed.id))).toEqual([]);
  });
});
