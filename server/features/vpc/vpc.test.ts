// @vitest-environment node
// VPC branding (docs/vpc.md): who may brand a vpc cloud, what the brand accepts, and what a request on
// the brand's host name gets: the public theme, the page's title and icon, the images, and its mail.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../../../core/api/vpc.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import type { Theme } from '../../theme.ts';

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
/** An ICO header with one 16×16 image entry. */
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]), Buffer.alloc(8)]);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const SCRIPTED_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const BRAND = {
  product_name: 'Summit Cloud',
  primary_color: '#0A5C36',
  support_url: 'https://help.summit.example',
  privacy_url: 'https://summit.example/privacy',
  sign_in_text: 'Welcome to Summit Cloud. Sign in with your Summit account.',
  host_name: 'Console.Summit.Example',
};

let t: TestApp;
let smtp: SmtpStandIn;
let vpcCloudId: number;
let introCloudId: number;
let otherVpcCloudId: number;
let ownerEmail: string;
const session: Record<string, Session> = {};

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  const webRoot = mkdtempSync(join(tmpdir(), 'vpc-web-'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><link rel="icon" type="image/svg+xml" href="/favicon.svg" />' +
      '<title>Network Console</title></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(webRoot, 'assets'));
  t = await createTestApp(
    { webRoot },
    {
      PUBLIC_URL: 'https://console.example',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Network Console <no-reply@console.example>',
    },
  );
  const { db } = t.database;
  vpcCloudId = (await createCloud(db, { name: 'Summit VPC', planType: 'vpc' })).id;
  introCloudId = (await createCloud(db, { name: 'Plain Cloud', planType: 'intro' })).id;
  otherVpcCloudId = (await createCloud(db, { name: 'Other VPC', planType: 'vpc' })).id;
  for (const [key, role, bits] of [
    ['owner', 'ROLE_OWNER', 0],
    ['admin', 'ROLE_ADMIN', 0],
    ['vpcAdmin', 'ROLE_ADMIN', 4],
    ['guest', 'ROLE_GUEST', 0],
    ['siteUser', 'ROLE_USER', 0],
  ] as const) {
    const user = await createUser(t.database.db);
    await addMember(db, user.id, vpcCloudId, role, bits);
    if (key === 'owner') {
      ownerEmail = user.email;
      await addMember(db, user.id, introCloudId, 'ROLE_OWNER');
      await addMember(db, user.id, otherVpcCloudId, 'ROLE_OWNER');
    }
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
  const outsider = await createUser(db);
  session.outsider = await login(t.app, outsider.email, TEST_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const brandUrl = (cloudId = vpcCloudId) => `/apiv2/cloud/${cloudId}/vpc`;
const call = (who: string | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who ? as(session[who] as Session) : {} });
const onHost = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

async function upload(kind: 'logo' | 'favicon', data: Buffer | string, type: string, cloudId = vpcCloudId) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(data))], { type }), `${kind}.bin`);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'PUT',
    url: `${brandUrl(cloudId)}/images/${kind}`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: {
      ...as(session.owner as Session),
      'content-type': encoded.headers.get('content-type') as string,
    },
  });
}

describe('who may brand a cloud', () => {
  it('lets the owner and an administrator with manage_vpc read and save; refuses everyone else', async () => {
    for (const who of ['owner', 'vpcAdmin'])
      expect((await call(who, 'GET', brandUrl())).statusCode).toBe(200);
    for (const who of ['admin', 'guest', 'siteUser'])
      expect((await call(who, 'PUT', brandUrl(), { ...BRAND, host_name: null })).statusCode).toBe(403);
    expect((await call('outsider', 'GET', brandUrl())).statusCode).toBe(404);
    expect((await call(null, 'GET', brandUrl())).statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: brandUrl(),
      payload: BRAND,
      headers: { cookie: (session.owner as Session).cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await call('owner', 'GET', brandUrl())).json<Brand>()).toMatchObject({
      saved: false,
      product_name: 'Network Console',
      host_name: null,
    });
  });

  it('refuses a cloud that is not on the vpc plan, and saves nothing for it', async () => {
    const read = await call('owner', 'GET', brandUrl(introCloudId));
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe('Branding is for clouds on the VPC plan.');
    const save = await call('owner', 'PUT', brandUrl(introCloudId), { ...BRAND, host_name: 'plain.example' });
    expect(save.statusCode).toBe(403);
    expect((await onHost('plain.example', '/apiv2/theme')).json<Theme>().product_name).toBe(
      'Network Console',
    );
  });
});

describe('saving a brand', () => {
  it('saves every field, lower-cases the host name and records the change', async () => {
    const saved = await call('owner', 'PUT', brandUrl(), BRAND);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Brand>()).toMatchObject({
      saved: true,
      product_name: 'Summit Cloud',
      primary_color: '#0a5c36',
      support_url: 'https://help.summit.example',
      privacy_url: 'https://summit.example/privacy',
      sign_in_text: BRAND.sign_in_text,
      host_name: 'console.summit.example',
      logo: null,
      favicon: null,
    });
    const [record] = await t.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.cloudId, vpcCloudId), eq(auditRecords.objectType, 'cloud')));
    expect(record).toMatchObject({ action: 'changed', objectName: 'Summit VPC', before: { brand: null } });
    expect(record?.after).toMatchObject({
      brand: { product_name: 'Summit Cloud', host_name: 'console.summit.example' },
    });
  });

  it.each([
    ['a colour that is not #rrggbb', { primary_color: 'red' }, '/primary_color'],
    ['a short colour', { primary_color: '#abc' }, '/primary_color'],
    ['a host name with an underscore', { host_name: 'my_console.example' }, '/host_name'],
    ['a host name of one label', { host_name: 'localhost' }, '/host_name'],
    ['a host name with a port', { host_name: 'console.example:8443' }, '/host_name'],
    ['a link that runs script', { support_url: 'javascript:alert(1)' }, '/support_url'],
    ['an empty product name', { product_name: '  ' }, '/product_name'],
    ['a key the brand does not have', { logo_url: 'https://x.example/logo.png' }, '/logo_url'],
  ])('refuses %s with a 400 and changes nothing', async (_name, change, path) => {
    const before = (await call('owner', 'GET', brandUrl())).json<Brand>();
    const refused = await call('owner', 'PUT', brandUrl(), { ...BRAND, ...change });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe(path);
    expect((await call('owner', 'GET', brandUrl())).json<Brand>()).toEqual(before);
  });

  it("refuses a host name another cloud uses, and the console's own", async () => {
    const taken = await call('owner', 'PUT', brandUrl(otherVpcCloudId), {
      ...BRAND,
      product_name: 'Other',
      host_name: 'CONSOLE.summit.example',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0]).toMatchObject({ path: '/host_name', errorCode: 'host_name_taken' });
    const own = await call('owner', 'PUT', brandUrl(otherVpcCloudId), {
      ...BRAND,
      host_name: 'console.example',
    });
    expect(own.json().errors[0]).toMatchObject({ path: '/host_name', errorCode: 'host_name_reserved' });
    expect((await call('owner', 'GET', brandUrl(otherVpcCloudId))).json<Brand>().saved).toBe(false);
  });
});

describe('brand images', () => {
  it('takes a PNG logo and an ICO favicon, and serves them as plans are served', async () => {
    const logo = await upload('logo', PNG, 'image/png');
    expect(logo.statusCode, logo.body).toBe(200);
    const favicon = await upload('favicon', ICO, 'image/x-icon');
    expect(favicon.statusCode, favicon.body).toBe(200);
    const brand = favicon.json<Brand>();
    expect(brand.logo?.content_type).toBe('image/png');
    expect(brand.favicon?.content_type).toBe('image/x-icon');
    const image = await call('owner', 'GET', brand.logo?.url ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
    });
  });

  it.each([
    ['an SVG logo with script', 'logo', SCRIPTED_SVG, 'image/svg+xml', 'file_type'],
    ['a page posing as a PNG', 'logo', '<html><script>alert(1)</script></html>', 'image/png', 'file_type'],
    ['a JPEG favicon', 'favicon', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg', 'file_type'],
    ['an ICO that is not one', 'favicon', 'not an icon at all, just text', 'image/x-icon', 'file_type'],
    [
      'a favicon over 100 KB',
      'favicon',
      Buffer.concat([PNG, Buffer.alloc(101 * 1024)]),
      'image/png',
      'file_too_large',
    ],
  ] as const)('refuses %s and keeps the image it had', async (_name, kind, data, type, code) => {
    const refused = await upload(kind, data, type);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].errorCode).toBe(code);
    const brand = (await call('owner', 'GET', brandUrl())).json<Brand>();
    expect(brand[kind]?.content_type).toBe(kind === 'logo' ? 'image/png' : 'image/x-icon');
  });

  it('takes an SVG logo without script', async () => {
    expect((await upload('logo', SVG, 'image/svg+xml')).json<Brand>().logo?.content_type).toBe(
      'image/svg+xml',
    );
    expect((await upload('logo', PNG, 'image/png')).statusCode).toBe(200);
  });
});

describe("requests on the brand's host name", () => {
  it('get the brand in the public theme; any other host gets the default', async () => {
    const branded = await onHost('console.summit.example', '/apiv2/theme');
    expect(branded.statusCode).toBe(200);
    const theme = branded.json<Theme>();
    expect(theme).toMatchObject({
      product_name: 'Summit Cloud',
      primary_color: '#0a5c36',
      help_url: 'https://help.summit.example',
      privacy_policy_url: 'https://summit.example/privacy',
      sign_in_text: BRAND.sign_in_text,
    });
    expect(theme.logo_url).toMatch(/^\/apiv2\/theme\/logo\?v=\d+$/);
    expect(theme.favicon_url).toMatch(/^\/apiv2\/theme\/favicon\?v=\d+$/);
    const other = await onHost('console.example', '/apiv2/theme');
    expect(other.json<Theme>()).toMatchObject({
      product_name: 'Network Console',
      logo_url: null,
      sign_in_text: null,
    });

    const logo = await onHost('Console.Summit.Example:443', theme.logo_url ?? '');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect((await onHost('console.example', '/apiv2/theme/logo')).statusCode).toBe(404);
  });

  it("get the brand's title and icon in the sign-in page's HTML", async () => {
    const page = await onHost('console.summit.example', '/welcome/login');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Summit Cloud</title>');
    expect(page.body).toMatch(/<link rel="icon" href="\/apiv2\/theme\/favicon\?v=\d+" \/>/);
    const other = await onHost('console.example', '/welcome/login');
    expect(other.body).toContain('<title>Network Console</title>');
    expect(other.body).toContain('href="/favicon.svg"');
  });

  it('see a change at once', async () => {
    await call('owner', 'PUT', brandUrl(), { ...BRAND, product_name: 'Summit <Cloud>' });
    expect((await onHost('console.summit.example', '/apiv2/theme')).json<Theme>().product_name).toBe(
      'Summit <Cloud>',
    );
    expect((await onHost('console.summit.example', '/')).body).toContain(
      '<title>Summit &#60;Cloud&#62;</title>',
    );
    await call('owner', 'PUT', brandUrl(), BRAND);
  });

  it('get the brand in the signed-in theme', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/apiv2/auth/me',
      headers: { ...as(session.owner as Session), host: 'console.summit.example' },
    });
    expect(me.json().theme.product_name).toBe('Summit Cloud');
  });

  it("name the brand in a password-reset mail asked there, with a link on the brand's host", async () => {
    const ask = (host: string) =>
      t.app.inject({
        method: 'POST',
        url: '/apiv2/auth/password-reset',
        payload: { email: ownerEmail },
        headers: { host },
        remoteAddress: host === 'console.example' ? '198.51.100.20' : '198.51.100.21',
      });
    expect((await ask('console.summit.example')).statusCode).toBe(200);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(ownerEmail)).length).toBe(1);
    const branded = smtp.received.at(-1);
    expect(branded?.subject).toBe('Reset your Summit Cloud password');
    expect(branded?.from).toMatch(/^"?Summit Cloud"? <no-reply@console\.example>$/);
    expect(branded?.text).toContain('https://console.summit.example/welcome/reset-password?token=');

    expect((await ask('console.example')).statusCode).toBe(200);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(ownerEmail)).length).toBe(2);
    const plain = smtp.received.at(-1);
    expect(plain?.subject).toBe('Reset your Network Console password');
    expect(plain?.from).toBe('Network Console <no-reply@console.example>');
    expect(plain?.text).toContain('https://console.example/welcome/reset-password?token=');
  });
});

describe("a vpc cloud's mail", () => {
  it("names the brand in an invitation to the cloud, from whatever host, with a link on the brand's host", async () => {
    const invited = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${vpcCloudId}/invitations`,
      payload: { email: 'new.partner@test.example', role_id: 'ROLE_GUEST', permissions: 0 },
      headers: as(session.owner as Session),
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = smtp.received.find((one) => one.to.includes('new.partner@test.example'));
    expect(mail?.subject).toMatch(/invited you to Summit VPC on Summit Cloud$/);
    expect(mail?.from).toMatch(/^"?Summit Cloud"? <no-reply@console\.example>$/);
    expect(mail?.text).toContain('https://console.summit.example/welcome/invitation?token=');
  });
});
