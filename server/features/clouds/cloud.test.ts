// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CLOUD_PERMISSIONS, CLOUD_PERMISSION } from '../../../core/domain.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
let cloudId: number;
let owner: Session;
let admin: Session;
let licenseManager: Session;
let guest: Session;
let siteUser: Session;
let outsider: Session;

const CLOUD_FIELDS = [
  'access_control_list',
  'authport_enabled',
  'badge_of_courage',
  'billing',
  'company',
  'enable_advertisement',
  'enable_credit_card',
  'id',
  'large_site_support_allowed',
  'name',
  'permissions',
  'plan_type',
  'push_alerts',
  'role_id',
  'suspend_type',
  'suspended_at',
];

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const cloud = await createCloud(db, {
    name: 'Harbour Net',
    company: 'Harbour Net Ltd',
    planType: 'vpc',
    authportEnabled: true,
    accessControlList: ['10.0.0.0/8'],
    billingAddress: { street: '1 Quay', country: 'GB' },
  });
  cloudId = cloud.id;
  const member = async (role: Parameters<typeof addMember>[3], permissions = 0) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role, permissions);
    return login(t.app, user.email, TEST_PASSWORD);
  };
  owner = await member('ROLE_OWNER');
  admin = await member('ROLE_ADMIN', CLOUD_PERMISSION.manage_sites);
  licenseManager = await member('ROLE_USER', CLOUD_PERMISSION.manage_licenses);
  // A Guest holds no bit whatever is stored: read-only.
  guest = await member('ROLE_GUEST', CLOUD_PERMISSION.manage_licenses);
  siteUser = await member('ROLE_USER');
  const stranger = await createUser(db);
  await addMember(db, stranger.id, (await createCloud(db)).id, 'ROLE_OWNER');
  outsider = await login(t.app, stranger.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const getCloud = (session: Session, id = cloudId) =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${id}`, headers: as(session) });
const setPush = (session: Session, pushAlerts: boolean, headers: Record<string, string> = as(session)) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}`,
    headers,
    payload: { user: { push_alerts: pushAlerts } },
  });

describe('GET /apiv2/cloud/:cloudId', () => {
  it('answers the cloud with the fields of docs/entities.md and the caller membership', async () => {
    const response = await getCloud(owner);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(CLOUD_FIELDS);
    expect(body).toEqual({
      id: cloudId,
      name: 'Harbour Net',
      plan_type: 'vpc',
      badge_of_courage: false,
      large_site_support_allowed: false,
      enable_credit_card: true,
      enable_advertisement: false,
      access_control_list: ['10.0.0.0/8'],
      suspended_at: null,
      suspend_type: null,
      company: 'Harbour Net Ltd',
      authport_enabled: true,
      billing: { address: { country: 'GB' } },
      role_id: 'ROLE_OWNER',
      permissions: ALL_CLOUD_PERMISSIONS,
      push_alerts: false,
    });
  });

  it('gives the stored permission bits to members other than the owner', async () => {
    expect((await getCloud(admin)).json()).toMatchObject({
      role_id: 'ROLE_ADMIN',
      permissions: CLOUD_PERMISSION.manage_sites,
    });
    expect((await getCloud(guest)).json()).toMatchObject({ role_id: 'ROLE_GUEST', permissions: 0 });
  });

  it('shows billing to the owner, an administrator and a member with manage_licenses only', async () => {
    for (const session of [owner, admin, licenseManager]) {
      expect((await getCloud(session)).json().billing).toEqual({ address: { country: 'GB' } });
    }
    for (const session of [guest, siteUser]) {
      expect((await getCloud(session)).json().billing).toBeNull();
    }
  });

  it('answers a suspended cloud with its suspension and a missing billing country as null', async () => {
    const { db } = t.database;
    const suspendedAt = new Date('2025-03-01T10:00:00Z');
    const cloud = await createCloud(db, { suspendedAt, suspendType: 'payment', billingAddress: {} });
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, 'ROLE_OWNER');
    const session = await login(t.app, user.email, TEST_PASSWORD);
    expect((await getCloud(session, cloud.id)).json()).toMatchObject({
      suspended_at: suspendedAt.toISOString(),
      suspend_type: 'payment',
      billing: { address: { country: null } },
    });
  });

  it('answers 404 to a member of another cloud and 401 without a session', async () => {
    expect((await getCloud(outsider)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /apiv2/cloud/:cloudId', () => {
  it('sets push alerts for the caller only', async () => {
    const response = await setPush(guest, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { push_alerts: true } });
    expect((await getCloud(guest)).json().push_alerts).toBe(true);
    expect((await getCloud(owner)).json().push_alerts).toBe(false);
    expect((await getCloud(admin)).json().push_alerts).toBe(false);

    expect((await setPush(guest, false)).json()).toEqual({ user: { push_alerts: false } });
    expect((await getCloud(guest)).json().push_alerts).toBe(false);
  });

  it('rejects a body without user.push_alerts with the 400 shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${cloudId}`,
      headers: as(owner),
      payload: { user: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ location: 'body', path: '/user/push_alerts' });
  });

  it('answers 403 without the CSRF token, 404 to an outsider and 401 without a session', async () => {
    expect((await setPush(siteUser, true, { cookie: siteUser.cookie })).statusCode).toBe(403);
    expect((await getCloud(siteUser)).json().push_alerts).toBe(false);
    expect((await setPush(outsider, true)).statusCode).toBe(404);
    // A caller without a session echoes the csrf_token cookie, so only the session is missing.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${cloudId}`,
      headers: { cookie: 'csrf_token=anonymous-token', 'x-csrf-token': 'anonymous-token' },
      payload: { user: { push_alerts: true } },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
