// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION } from '../../../core/domain.ts';
import { uploadedFiles } from '../../db/schema/content.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48]);
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

let t: TestApp;
let cloudId: number;
let ownerId: number;
const session: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  for (const [key, role, bits] of [
    ['owner', 'ROLE_OWNER', 0],
    ['licenseAdmin', 'ROLE_ADMIN', CLOUD_PERMISSION.manage_licenses],
    ['guest', 'ROLE_GUEST', 0],
  ] as const) {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role, bits);
    if (key === 'owner') ownerId = user.id;
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
  const outsider = await createUser(db);
  await addMember(db, outsider.id, (await createCloud(db)).id, 'ROLE_OWNER');
  session.outsider = await login(t.app, outsider.email, TEST_PASSWORD);
});
afterAll(() => t.close());

type Part = { name: string; data: Buffer | string; type?: string; filename?: string };

/** A multipart/form-data body as a browser's FormData would send it. */
async function formData(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.name, String(part.data));
    else {
      const bytes = typeof part.data === 'string' ? Buffer.from(part.data) : part.data;
      form.append(part.name, new Blob([new Uint8Array(bytes)], { type: part.type ?? '' }), part.filename);
    }
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') as string,
  };
}

async function upload(parts: Part[], who = session.owner as Session) {
  const { payload, contentType } = await formData(parts);
  return t.app.inject({
    method: 'PUT',
    url: `/apiv2/cloud/${cloudId}/files`,
    payload,
    headers: { ...as(who), 'content-type': contentType },
  });
}

const storedCount = async () =>
  (await t.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles)).length;

async function expectRefused(
  response: Awaited<ReturnType<typeof upload>>,
  errorCode: string,
  path = '/file',
) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    errors: [{ errorCode, location: expect.any(String), path, message: expect.any(String) }],
  });
}

describe('PUT /apiv2/cloud/:cloudId/files', () => {
  it('stores a PNG file and answers 201 with its id, name, size and type', async () => {
    const response = await upload([{ name: 'file', data: PNG, type: 'image/png', filename: 'plan.png' }]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'plan.png',
      size: PNG.length,
      content_type: 'image/png',
    });
    const [row] = await t.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, body.id));
    expect(row).toMatchObject({ cloudId, uploadedByUserId: ownerId, name: 'plan.png', size: PNG.length });
    expect(Buffer.compare(row?.data as Buffer, PNG)).toBe(0);
  });

  it('accepts a PDF, a PEM certificate and a binary image, keeping only the base file name', async () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    for (const [data, type, filename] of [
      [PDF, 'application/pdf', 'manual.pdf'],
      [pem, 'application/x-pem-file', 'C:\\certs\\server.pem'],
      [
        '<?xml version="1.0"?>\n<!-- floor 2 -->\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
        'image/svg+xml',
        'floor.svg',
      ],
      [Buffer.from([1, 2, 3]), 'application/octet-stream', '../firmware.bin'],
    ] as const) {
      const response = await upload([{ name: 'file', data, type, filename }]);
      expect(response.statusCode).toBe(201);
      expect(response.json().content_type).toBe(type);
      expect(response.json().name).not.toMatch(/[\\/]/);
    }
  });

  it('stores a file of exactly 10,000,000 bytes and refuses one byte more, naming the 10 MB limit', async () => {
    const limit = Buffer.alloc(10_000_000, 0);
    const ok = await upload([
      { name: 'file', data: limit, type: 'application/octet-stream', filename: 'a.bin' },
    ]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().size).toBe(10_000_000);
    const before = await storedCount();
    const tooLarge = await upload([
      {
        name: 'file',
        data: Buffer.alloc(10_000_001, 0),
        type: 'application/octet-stream',
        filename: 'b.bin',
      },
    ]);
    await expectRefused(tooLarge, 'file_too_large');
    expect(tooLarge.json().errors[0].message).toContain('10 MB');
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['a type not on the list', { type: 'text/html', data: '<p>hi</p>', filename: 'page.html' }],
    ['a PNG that is not a PNG', { type: 'image/png', data: 'not an image', filename: 'fake.png' }],
    ['a JPEG that is not a JPEG', { type: 'image/jpeg', data: PNG, filename: 'fake.jpg' }],
    ['a PDF that is not a PDF', { type: 'application/pdf', data: PNG, filename: 'fake.pdf' }],
    [
      'an SVG with a script',
      {
        type: 'image/svg+xml',
        data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
        filename: 'plan.svg',
      },
    ],
    [
      'an SVG with an event handler',
      { type: 'image/svg+xml', data: '<svg onload="alert(1)"><rect/></svg>', filename: 'plan.svg' },
    ],
    [
      'an SVG embedding a page',
      {
        type: 'image/svg+xml',
        data: '<svg><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"></body></foreignObject></svg>',
        filename: 'plan.svg',
      },
    ],
    ...[
      '<a xlink:href="&#106;avascript&#58;alert(1)"><rect/></a>',
      '<a href="&#x6A;&#x61;vascript&colon;alert(1)"><rect/></a>',
      '<a href="java&#9;script:alert(1)"><rect/></a>',
      '<a href="jav&Tab;ascript:alert(1)"><rect/></a>',
      '<set attributeName="href" to="&#0000106avascript:alert(1)"/>',
    ].map((link): [string, { type: string; data: string; filename: string }] => [
      `an SVG hiding a script link in character references: ${link}`,
      {
        type: 'image/svg+xml',
        data: `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${link}</svg>`,
        filename: 'plan.svg',
      },
    ]),
    [
      'an SVG declaring entities',
      {
        type: 'image/svg+xml',
        data: '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><!ENTITY x "y"><rect/></svg>',
        filename: 'plan.svg',
      },
    ],
    [
      'HTML posing as an SVG',
      { type: 'image/svg+xml', data: '<html><body>hi</body></html>', filename: 'a.svg' },
    ],
    [
      'HTML posing as a binary file',
      { type: 'application/octet-stream', data: '<!DOCTYPE html><script>x</script>', filename: 'a.bin' },
    ],
    ['a PEM file without its armour', { type: 'application/x-pem-file', data: '<html>', filename: 'a.pem' }],
  ])('refuses %s and stores nothing', async (_label, file) => {
    const before = await storedCount();
    await expectRefused(await upload([{ name: 'file', ...file }]), 'file_type');
    expect(await storedCount()).toBe(before);
  });

  it('refuses a form without a file part, or with any part but the file, by its name', async () => {
    const before = await storedCount();
    await expectRefused(await upload([]), 'file_required');
    await expectRefused(await upload([{ name: 'note', data: 'no file' }]), 'additionalProperties', '/note');
    await expectRefused(
      await upload([{ name: 'attachment', data: PNG, type: 'image/png', filename: 'plan.png' }]),
      'additionalProperties',
      '/attachment',
    );
    const png = { name: 'file', data: PNG, type: 'image/png', filename: 'plan.png' };
    await expectRefused(
      await upload([png, { name: 'isAdministrator', data: 'true' }]),
      'additionalProperties',
      '/isAdministrator',
    );
    await expectRefused(
      await upload([{ name: 'file', data: Buffer.alloc(0), type: 'image/png', filename: 'empty.png' }]),
      'file_required',
    );
    expect(await storedCount()).toBe(before);
  });

  it('refuses a second file', async () => {
    const before = await storedCount();
    const png = { data: PNG, type: 'image/png', filename: 'plan.png' };
    await expectRefused(
      await upload([
        { name: 'file', ...png },
        { name: 'file', ...png },
      ]),
      'file_count',
    );
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['JSON', 'application/json', JSON.stringify({ file: 'x' })],
    ['plain text', 'text/plain', 'hello'],
    ['an unknown type', 'application/x-something', 'hello'],
  ])('answers a %s request with the 400 shape', async (_label, contentType, payload) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/apiv2/cloud/${cloudId}/files`,
      payload,
      headers: { ...as(session.owner as Session), 'content-type': contentType },
    });
    await expectRefused(response, 'multipart_required', '/content-type');
  });

  it('answers a request without a body with the 400 shape', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/apiv2/cloud/${cloudId}/files`,
      headers: as(session.owner as Session),
    });
    await expectRefused(response, 'multipart_required', '/content-type');
  });

  it('refuses a Guest and an administrator without manage_sites with 403', async () => {
    const before = await storedCount();
    for (const who of [session.guest, session.licenseAdmin] as Session[]) {
      const response = await upload([{ name: 'file', data: PNG, type: 'image/png', filename: 'x.png' }], who);
      expect(response.statusCode).toBe(403);
    }
    expect(await storedCount()).toBe(before);
  });

  it('answers 404 to an owner of another cloud', async () => {
    const before = await storedCount();
    const response = await upload(
      [{ name: 'file', data: PNG, type: 'image/png', filename: 'x.png' }],
      session.outsider,
    );
    expect(response.statusCode).toBe(404);
    expect(await storedCount()).toBe(before);
  });

  it('answers 403 without the CSRF token and 401 without a session', async () => {
    const { payload, contentType } = await formData([
      { name: 'file', data: PNG, type: 'image/png', filename: 'x.png' },
    ]);
    const owner = session.owner as Session;
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: `/apiv2/cloud/${cloudId}/files`,
      payload,
      headers: { cookie: owner.cookie, 'content-type': contentType },
    });
    expect(noCsrf.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/apiv2/cloud/${cloudId}/files`,
      payload,
      headers: { 'content-type': contentType, 'x-csrf-token': 'x', cookie: 'csrf_token=x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
