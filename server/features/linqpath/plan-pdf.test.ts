// @vitest-environment node
// A saved plan as a PDF (docs/linqpath.md#exporting-a-plan-as-a-pdf): read like saved plans, an attachment
// named after the plan; another cloud's plan is none. server/test/access-table.ts has every caller kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinqPathPlan } from '../../../core/api/linqpath.ts';
import { tableLinqPathInputs } from '../../test/access-table-linqpath.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

let t: TestApp;
let cloudId: number;
let otherCloudId: number;
let owner: Session;
let siteUser: Session;
let otherOwner: Session;
let plan: LinqPathPlan;
let otherPlan: LinqPathPlan;

async function signedIn(cloud: number, role: 'ROLE_OWNER' | 'ROLE_USER') {
  const user = await createUser(t.database.db);
  await addMember(t.database.db, user.id, cloud, role, 0);
  return { session: await login(t.app, user.email, TEST_PASSWORD), userId: user.id };
}

const save = async (session: Session, cloud: number, name: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloud}/linqpath/plans`,
    headers: as(session),
    payload: { name, inputs: tableLinqPathInputs() },
  });
  expect(response.statusCode).toBe(201);
  return response.json<LinqPathPlan>();
};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  otherCloudId = (await createCloud(db)).id;
  const siteId = (await createSite(db, cloudId, { name: 'Harbour' })).id;
  owner = (await signedIn(cloudId, 'ROLE_OWNER')).session;
  const user = await signedIn(cloudId, 'ROLE_USER');
  await assignSite(db, user.userId, cloudId, siteId, ['read_site', 'register']);
  siteUser = user.session;
  otherOwner = (await signedIn(otherCloudId, 'ROLE_OWNER')).session;
  plan = await save(owner, cloudId, 'Pier → "Roof" B/2');
  otherPlan = await save(otherOwner, otherCloudId, 'Elsewhere');
});
afterAll(async () => {
  await t.close();
});

const pdf = (session: Session, cloud: number, planId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloud}/linqpath/plans/${planId}/pdf`,
    headers: as(session),
  });

describe('a plan as a PDF', () => {
  it('is a PDF file to download, named after the plan with only header-safe characters', async () => {
    const response = await pdf(owner, cloudId, plan.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Pier-Roof-B-2.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.length).toBeGreaterThan(5000);
  });

  it("is none for another cloud's plan", async () => {
    expect((await pdf(owner, cloudId, otherPlan.id)).statusCode).toBe(404);
  });

  it('is refused to a Site User, like the saved plans', async () => {
    expect((await pdf(siteUser, cloudId, plan.id)).statusCode).toBe(403);
  });
});
