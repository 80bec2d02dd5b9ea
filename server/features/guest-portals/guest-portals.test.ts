// @vitest-environment node
// Captive portals (docs/guest-access.md#captive-portals): the operator's calls under /authport/portals.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal, PortalList } from '../../../core/api/guest-portals.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { guestPlans } from '../../db/schema/guest-access.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { TEST_PNG } from '../floor-maps/test-floors.ts';

let t: TestApp;
let cloudId: number;
let offCloudId: number;
let siteId: number;
let otherSiteId: number;
let planId: number;
let foreignPlanId: number;
const session: Record<string, Session> = {};

const SCRIPT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
const INERT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db, { authportEnabled: true })).id;
  offCloudId = (await createCloud(db)).id;
  const foreignCloudId = (await createCloud(db, { authportEnabled: true })).id;
  siteId = (await createSite(db, cloudId, { name: 'Harbour Hotel' })).id;
  otherSiteId = (await createSite(db, cloudId, { name: 'Airport Lounge' })).id;
  const plan = { name: 'Free hour', validFrom: 'first_use', validityMinutes: 60 } as const;
  [{ id: planId }] = (await db
    .insert(guestPlans)
    .values({ cloudId, ...plan })
    .returning({ id: guestPlans.id })) as [{ id: number }];
  [{ id: foreignPlanId }] = (await db
    .insert(guestPlans)
    .values({ cloudId: foreignCloudId, ...plan })
    .returning({ id: guestPlans.id })) as [{ id: number }];
  for (const [key, role, permissions] of [
    ['owner', 'ROLE_OWNER', 0],
    ['siteManager', 'ROLE_ADMIN', 8],
    ['admin', 'ROLE_ADMIN', 0],
    ['guest', 'ROLE_GUEST', 0],
  ] as const) {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role, permissions);
    await addMember(db, user.id, offCloudId, role, permissions);
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
  const outsider = await createUser(db);
  await addMember(db, outsider.id, foreignCloudId, 'ROLE_OWNER');
  session.outsider = await login(t.app, outsider.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const base = (cloud = cloudId) => `/apiv2/cloud/${cloud}/authport/portals`;
const call = (
  who: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: who ? as(session[who] as Session) : {} });
const list = async (query = '') => (await call('owner', 'GET', `${base()}${query}`)).json<PortalList>();
const errorCodes = (response: { json: () => unknown }) =>
  (response.json() as { errors: { errorCode: string; path: string }[] }).errors.map((e) => [
    e.errorCode,
    e.path,
  ]);

async function upload(
  portalId: number,
  image: string,
  file: { data: Buffer | string; type: string; name: string },
) {
  const form = new FormData();
  const bytes = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: file.type }), file.name);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'PUT',
    url: `${base()}/${portalId}/${image}`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: {
      ...as(session.owner as Session),
      'content-type': encoded.headers.get('content-type') as string,
    },
  });
}

const lobby = {
  name: 'Lobby Wi-Fi',
  primary_color: '#0B6E4F',
  texts: {
    en: { welcome: 'Welcome to the Harbour Hotel', terms: 'Be kind.' },
    hu: { welcome: 'Üdvözöljük', terms: 'Legyen kedves.' },
  },
  methods: ['voucher', 'click_through'],
  walled_garden: ['example.com', '*.Example.org'],
  redirect_url: 'https://example.com/welcome',
};

describe('captive portals', () => {
  let portal: Portal;

  it('adds a portal for a site, lists it, and records it in the change log', async () => {
    const created = await call('siteManager', 'POST', base(), {
      site_id: siteId,
      ...lobby,
      free_plan_id: planId,
    });
    expect(created.statusCode, created.body).toBe(201);
    portal = created.json<Portal>();
    expect(portal).toMatchObject({
      site_id: siteId,
      site_name: 'Harbour Hotel',
      ssid: null,
      name: 'Lobby Wi-Fi',
      primary_color: '#0B6E4F',
      background_color: '#f5f7fa',
      methods: ['voucher', 'click_through'],
      free_plan_id: planId,
      walled_garden: ['example.com', '*.example.org'],
      redirect_url: 'https://example.com/welcome',
      logo: null,
      background: null,
    });
    expect(portal.texts.hu).toEqual({ welcome: 'Üdvözöljük', terms: 'Legyen kedves.' });
    const guestsSsid = await call('owner', 'POST', base(), {
      site_id: siteId,
      ssid: 'Guests',
      name: 'Guests',
    });
    expect(guestsSsid.statusCode).toBe(201);
    expect((await list()).items.map((p) => [p.name, p.ssid])).toEqual([
      ['Lobby Wi-Fi', null],
      ['Guests', 'Guests'],
    ]);
    expect((await list(`?site_id=${otherSiteId}`)).total).toBe(0);
    const records = await t.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.objectType, 'guest_portal'), eq(auditRecords.objectId, String(portal.id))));
    expect(records.map((r) => [r.action, r.objectName])).toEqual([['created', 'Lobby Wi-Fi']]);
  });

  it('keeps one portal per site and SSID', async () => {
    const again = await call('owner', 'POST', base(), { site_id: siteId, name: 'Second default' });
    expect(again.statusCode).toBe(400);
    expect(errorCodes(again)).toEqual([['portal_exists', '/ssid']]);
    const moved = await call('owner', 'PATCH', `${base()}/${portal.id}`, { ssid: 'Guests' });
    expect(errorCodes(moved)).toEqual([['portal_exists', '/ssid']]);
  });

  it('changes a portal and records only what changed', async () => {
    const changed = await call('owner', 'PATCH', `${base()}/${portal.id}`, {
      name: 'Lobby',
      text_color: '#222222',
      texts: { en: { welcome: 'Hello', terms: '' }, ja: { welcome: '  ', terms: '' } },
      methods: ['voucher', 'account', 'email'],
      redirect_url: '',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Portal>()).toMatchObject({
      name: 'Lobby',
      text_color: '#222222',
      texts: { en: { welcome: 'Hello', terms: '' } },
      methods: ['voucher', 'account', 'email'],
      redirect_url: null,
      primary_color: '#0B6E4F',
    });
    const [record] = await t.database.db
      .select()
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.objectType, 'guest_portal'),
          eq(auditRecords.objectId, String(portal.id)),
          eq(auditRecords.action, 'changed'),
        ),
      );
    expect(record?.after).toEqual({
      name: 'Lobby',
      text_color: '#222222',
      languages: ['en'],
      methods: ['voucher', 'account', 'email'],
      redirect_url: null,
    });
  });

  it.each([
    ['an unknown key', { name: 'X', colour: 'red' }],
    ['an empty change', {}],
    ['a colour that is not #rrggbb', { primary_color: 'red' }],
    ['a language that is not one of the seven', { texts: { fr: { welcome: 'Bonjour', terms: '' } } }],
    ['an unknown key in a language', { texts: { en: { welcome: 'Hi', terms: '', footer: 'x' } } }],
    ['a welcome text over its length', { texts: { en: { welcome: 'x'.repeat(1001), terms: '' } } }],
    ['no method', { methods: [] }],
    ['a method twice', { methods: ['voucher', 'voucher'] }],
    ['an unknown method', { methods: ['sms'] }],
    ['a walled garden entry that is no host name', { walled_garden: ['https://example.com/'] }],
    ['a walled garden wildcard inside a name', { walled_garden: ['ex*.com'] }],
    ['a redirect that is not http or https', { redirect_url: 'javascript:alert(1)' }],
    ['a free plan of another cloud', { free_plan_id: 0 }],
  ])('answers 400 to %s and changes nothing', async (_name, payload) => {
    const before = await list();
    const body = 'free_plan_id' in payload ? { free_plan_id: foreignPlanId } : payload;
    const response = await call('owner', 'PATCH', `${base()}/${portal.id}`, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(await list()).toEqual(before);
  });

  it('needs a free plan for click-through and email, and a site of the cloud', async () => {
    const planless = await call('owner', 'PATCH', `${base()}/${portal.id}`, { free_plan_id: null });
    expect(errorCodes(planless)).toEqual([['free_plan_required', '/free_plan_id']]);
    const elsewhere = await call('owner', 'POST', base(), { site_id: 2_000_000, name: 'Nowhere' });
    expect(errorCodes(elsewhere)).toEqual([['site_unknown', '/site_id']]);
  });

  it('takes a PNG or an inert SVG as the logo or background, and refuses anything else', async () => {
    const logo = await upload(portal.id, 'logo', { data: TEST_PNG, type: 'image/png', name: 'logo.png' });
    expect(logo.statusCode, logo.body).toBe(200);
    expect(logo.json<Portal>().logo).toMatchObject({ name: 'logo.png', content_type: 'image/png' });
    const background = await upload(portal.id, 'background', {
      data: INERT_SVG,
      type: 'image/svg+xml',
      name: 'sea.svg',
    });
    expect(background.json<Portal>().background).toMatchObject({ content_type: 'image/svg+xml' });

    for (const refused of [
      { data: SCRIPT_SVG, type: 'image/svg+xml', name: 'evil.svg' },
      { data: '<html><body>hi</body></html>', type: 'image/png', name: 'fake.png' },
      { data: '%PDF-1.4', type: 'application/pdf', name: 'menu.pdf' },
    ]) {
      const response = await upload(portal.id, 'logo', refused);
      expect(response.statusCode).toBe(400);
      expect(errorCodes(response)).toEqual([['file_type', '/file']]);
    }
    const huge = await upload(portal.id, 'logo', {
      data: Buffer.concat([TEST_PNG, Buffer.alloc(2_000_000)]),
      type: 'image/png',
      name: 'huge.png',
    });
    expect(errorCodes(huge)).toEqual([['file_too_large', '/file']]);
    const unknownImage = await upload(portal.id, 'banner', {
      data: TEST_PNG,
      type: 'image/png',
      name: 'a.png',
    });
    expect(unknownImage.statusCode).toBe(400);
    // The logo stayed the first one.
    const [now] = (await list(`?site_id=${siteId}`)).items;
    expect(now?.logo?.name).toBe('logo.png');
  });

  it('serves the images to anyone, sandboxed, and only by the file the portal names now', async () => {
    const [now] = (await list(`?site_id=${siteId}`)).items;
    const fileId = now?.logo?.file_id as number;
    const image = await t.app.inject({
      method: 'GET',
      url: `/apiv2/guest-portal/${portal.id}/logo?file=${fileId}`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(image.rawPayload.equals(TEST_PNG)).toBe(true);
    const wrongKind = await t.app.inject({
      method: 'GET',
      url: `/apiv2/guest-portal/${portal.id}/background?file=${fileId}`,
    });
    expect(wrongKind.statusCode).toBe(404);

    const removed = await call('owner', 'DELETE', `${base()}/${portal.id}/logo`);
    expect(removed.json<Portal>().logo).toBeNull();
    const gone = await t.app.inject({
      method: 'GET',
      url: `/apiv2/guest-portal/${portal.id}/logo?file=${fileId}`,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('lets only members with manage_sites in a cloud with AuthPort on call it', async () => {
    expect((await call('admin', 'GET', base())).statusCode).toBe(403);
    expect((await call('guest', 'GET', base())).statusCode).toBe(403);
    expect((await call('outsider', 'GET', base())).statusCode).toBe(404);
    expect((await call(null, 'GET', base())).statusCode).toBe(401);
    expect((await call('owner', 'GET', base(offCloudId))).statusCode).toBe(404);
    const refused = await call('admin', 'PATCH', `${base()}/${portal.id}`, { name: 'Taken over' });
    expect(refused.statusCode).toBe(403);
    const foreign = await call('outsider', 'DELETE', `${base()}/${portal.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await list()).items.map((p) => p.name)).toContain('Lobby');
  });

  it('deletes a portal with its images and records it', async () => {
    const deleted = await call('owner', 'DELETE', `${base()}/${portal.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await list()).items.map((p) => p.name)).toEqual(['Guests']);
    expect((await call('owner', 'DELETE', `${base()}/${portal.id}`)).statusCode).toBe(404);
    const records = await t.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.objectType, 'guest_portal'), eq(auditRecords.objectId, String(portal.id))));
    expect(records.map((r) => r.action)).toContain('deleted');
  });
});
