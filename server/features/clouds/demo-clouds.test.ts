// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/demo.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';

const DEMO_PASSWORD = 'demo-console';
let t: TestApp;
let owner: Session;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
  owner = await login(t.app, 'owner@demo.example', DEMO_PASSWORD);
});
afterAll(() => t.close());

const get = (session: Session, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...as(session), ...headers } });

type Summary = { id: number; name: string };
async function ownerClouds(): Promise<Summary[]> {
  return (await get(owner, '/apiv2/clouds')).json().clouds;
}
const idOf = (clouds: Summary[], name: string) => clouds.find((cloud) => cloud.name === name)?.id as number;

describe('the demo data through the cloud calls (DESIGN §4)', () => {
  it("lists the owner's clouds by name and the partner's two pending invitations", async () => {
    const body = (await get(owner, '/apiv2/clouds')).json();
    const names = body.clouds.map((cloud: Summary) => cloud.name);
    expect(names.length).toBeGreaterThanOrEqual(12);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    expect(body.invitations.map((i: { cloud_name: string }) => i.cloud_name).sort()).toEqual([
      'Metro Fiber Co',
      'Partner ISP',
    ]);
    expect(body.invitations[0].invited_by).toBe('Pat Partner');
    expect((await get(owner, '/apiv2/user/unread-invitations')).json()).toEqual({ unreadInvitationCount: 2 });
  });

  it('flags the suspended, expired and expiring demo clouds', async () => {
    const clouds = await ownerClouds();
    const status = async (name: string) =>
      (await get(owner, `/apiv2/cloud/${idOf(clouds, name)}/license-status`)).json();
    expect(await status('Lakeside Hotels')).toMatchObject({ suspended: true, expired: true });
    expect(await status('Riverside Campus')).toMatchObject({
      suspended: false,
      expired: true,
      cloudWillExpire: false,
    });
    expect(await status('Northgate Retail')).toMatchObject({ expired: false, cloudWillExpire: true });
    const demo = await status('Demo Networks');
    expect(demo).toMatchObject({
      suspended: false,
      expired: false,
      cloudWillExpire: false,
      freeLicensesUsed: 8,
    });
    expect(demo.licensesUsed).toBeGreaterThan(200);
    expect((await status('Legacy Farms Co-op')).licensesUsed).toBe(0);
  });

  it('gives billing to the owner and administrator of Demo Networks, not to the guest or site user', async () => {
    const demoId = idOf(await ownerClouds(), 'Demo Networks');
    const billing = async (email: string) =>
      (await get(await login(t.app, email, DEMO_PASSWORD), `/apiv2/cloud/${demoId}`)).json().billing;
    expect(await billing('owner@demo.example')).toEqual({ address: { country: 'US' } });
    expect(await billing('admin@demo.example')).toEqual({ address: { country: 'US' } });
    expect(await billing('guest@demo.example')).toBeNull();
    expect(await billing('siteuser@demo.example')).toBeNull();
  });

  it('offers Demo Networks its promotional videos and its licensed smart NVR', async () => {
    const demoId = idOf(await ownerClouds(), 'Demo Networks');
    const { videos } = (await get(owner, `/apiv2/cloud/${demoId}/addons/advertisement`)).json();
    expect(videos.length).toBeGreaterThan(0);
    const licence = (await get(owner, '/apiv2/smartnvr/license', { 'x-cloud-id': String(demoId) })).json();
    expect(licence.deviceId).toEqual(expect.any(Number));
  });
});
