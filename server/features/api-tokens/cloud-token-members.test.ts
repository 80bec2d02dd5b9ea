// @vitest-environment node
// A cloud token with manage_users manages the cloud's members as a member with its role and bits would
// (docs/api-tokens.md#cloud-tokens): it invites (the mail names the cloud, as no person invites), changes a
// member within its own bits, is refused giving more, uploads with no uploader, and the change log names it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema/clouds.ts';
import { uploadedFiles } from '../../db/schema/content.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';

let t: TestApp;
let smtp: SmtpStandIn;
let cloudId: number;
let owner: Session;
let guest: { id: number; email: string };
let token: string;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp(
    {},
    {
      PUBLIC_URL: 'https://console.example',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Console <console@test.example>',
    },
  );
  const db = t.database.db;
  cloudId = (await createCloud(db, { name: 'Harbour Networks' })).id;
  const ownerUser = await createUser(db, { firstname: 'Olga', lastname: 'Owner' });
  await addMember(db, ownerUser.id, cloudId, 'ROLE_OWNER');
  guest = await createUser(db);
  await addMember(db, guest.id, cloudId, 'ROLE_GUEST');
  owner = await login(t.app, ownerUser.email, TEST_PASSWORD);
  // An Administrator's token holding manage_sites (8) only.
  const made = await t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/api-tokens`,
    headers: as(owner),
    payload: {
      name: 'Directory sync',
      read_only: false,
      expires_at: null,
      role_id: 'ROLE_ADMIN',
      permissions: 8,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  token = made.json().token;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const bearer = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/apiv2/cloud/${cloudId}${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const grantOf = async (userId: number) => {
  const [row] = await t.database.db
    .select({ roleId: memberships.roleId, permissions: memberships.permissions })
    .from(memberships)
    .where(and(eq(memberships.cloudId, cloudId), eq(memberships.userId, userId)));
  return row;
};

describe('a cloud token with manage_users', () => {
  it('invites someone, and the mail names the cloud', async () => {
    const invited = await bearer('POST', '/invitations', {
      email: 'new.hire@test.example',
      role_id: 'ROLE_GUEST',
      permissions: 0,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ mail: 'sent', link: null, invitation: { invited_by: null } });
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['new.hire@test.example']);
    expect(mail?.subject).toBe('You are invited to Harbour Networks on Network Console');
    expect(mail?.text).toContain('You are invited to join the cloud "Harbour Networks" on Network Console.');
  });

  it('changes a member within its own bits, and is refused raising them above', async () => {
    const raised = await bearer('PATCH', `/users/${guest.id}`, { role_id: 'ROLE_ADMIN', permissions: 8 | 1 });
    expect(raised.statusCode).toBe(403);
    expect(raised.json().message).toBe('You cannot give a permission you do not hold.');
    expect(await grantOf(guest.id)).toEqual({ roleId: 'ROLE_GUEST', permissions: 0 });

    const changed = await bearer('PATCH', `/users/${guest.id}`, { role_id: 'ROLE_ADMIN', permissions: 8 });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await grantOf(guest.id)).toEqual({ roleId: 'ROLE_ADMIN', permissions: 8 });
  });

  it('uploads with the bits it holds, and the file has no uploader', async () => {
    const form = new FormData();
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    form.append('file', new Blob([pem], { type: 'application/x-pem-file' }), 'server.pem');
    const encoded = new Response(form);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `/apiv2/cloud/${cloudId}/files`,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': encoded.headers.get('content-type') ?? '',
      },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [row] = await t.database.db
      .select({ uploadedBy: uploadedFiles.uploadedByUserId, name: uploadedFiles.name })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.id, uploaded.json().id));
    expect(row).toEqual({ uploadedBy: null, name: 'server.pem' });
  });

  it('is named in the change log as the actor', async () => {
    const log = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/change-log?limit=20`,
      headers: as(owner),
    });
    type Item = { action: string; object_type: string; actor: { id: number | null; email: string } };
    const items: Item[] = log.json().items;
    const byToken = items.filter((item) => item.actor.email === 'API token "Directory sync"');
    expect(byToken.map((item) => [item.object_type, item.action])).toEqual(
      expect.arrayContaining([
        ['invitation', 'created'],
        ['membership', 'changed'],
      ]),
    );
    expect(byToken.every((item) => item.actor.id === null)).toBe(true);
  });
});
