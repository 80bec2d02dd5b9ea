// @vitest-environment node
// Reports (docs/reports.md): each kind's file checked against a small cloud's data, the calls with bad input,
// a run queued by a request and made by the job, the archive's download and delete, a scheduled report
// mailed to the SMTP stand-in, and the 90 days the archive keeps.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportRun, ReportRunPage, ReportSchedule } from '../../../core/api/reports.ts';
import { newestFirmware } from '../../../core/fleet/firmware.ts';
import { alerts } from '../../db/schema/activity.ts';
import { licenses } from '../../db/schema/clouds.ts';
import { wirelessClients } from '../../db/schema/inventory.ts';
import { reportRuns, reportSchedules } from '../../db/schema/reports.ts';
import { mailSender } from '../../mail/send-mail.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { buildReport, type ReportInput } from './builders.ts';
import { purgeOldReports, type ReportDeps, runReports } from './generate.ts';
import { reportPdfDocument, writeReportFile } from './output.ts';

const DAY = 86_400_000;
/** A 1×1 PNG image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const NOW = new Date();
const NEWEST = newestFirmware('wifi');

let t: TestApp;
let smtp: SmtpStandIn;
let cloudId: number;
let northId: number;
let southId: number;
let recipient: { id: number; email: string };
let owner: Session;
let viewer: Session;
let dir: string;
let deps: ReportDeps;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpStandIn();
  dir = await mkdtemp(join(tmpdir(), 'reports-test-'));
  const { db } = t.database;
  cloudId = (await createCloud(db, { name: 'Report Cloud' })).id;
  northId = (await createSite(db, cloudId, { name: 'North' })).id;
  southId = (await createSite(db, cloudId, { name: 'South' })).id;
  const created = new Date(NOW.getTime() - 30 * DAY);
  const alpha = await createDevice(db, cloudId, northId, {
    name: 'Alpha',
    fw: NEWEST,
    statusId: 'STATUS_ONLINE',
    healthId: 'HEALTH_NORMAL',
    createdAt: created,
  });
  const bravo = await createDevice(db, cloudId, northId, {
    name: 'Bravo',
    fw: '7.1.4-3920',
    statusId: 'STATUS_OFFLINE',
    healthId: 'HEALTH_CRITICAL',
    createdAt: created,
  });
  await createDevice(db, cloudId, southId, { name: 'Charlie', fw: '7.2.0-3988', createdAt: created });
  await createDevice(db, cloudId, southId, { name: 'Gone', deletedAt: NOW });
  await db.insert(licenses).values([
    { cloudId, kind: 'device', deviceId: alpha.id, free: true },
    { cloudId, kind: 'device', deviceId: bravo.id, expiresAt: new Date('2027-05-01T12:00:00Z') },
  ]);
  // Bravo was unreachable for 12 hours within the last 7 days, and is again since an hour ago.
  await db.insert(alerts).values([
    {
      cloudId,
      siteId: northId,
      deviceId: bravo.id,
      alertType: 'DEV_UNREACHABLE',
      healthId: 'HEALTH_CRITICAL',
      problemAt: new Date(NOW.getTime() - 3 * DAY),
      resolvedAt: new Date(NOW.getTime() - 2.5 * DAY),
    },
    {
      cloudId,
      siteId: northId,
      deviceId: bravo.id,
      alertType: 'DEV_UNREACHABLE',
      healthId: 'HEALTH_CRITICAL',
      problemAt: new Date(NOW.getTime() - 3600_000),
      alertKey: '',
    },
    {
      cloudId,
      siteId: southId,
      alertType: 'DEV_REBOOT',
      healthId: 'HEALTH_WARNING',
      problemAt: new Date(NOW.getTime() - DAY),
      resolvedAt: new Date(NOW.getTime() - DAY + 2 * 3600_000),
    },
  ]);
  await db.insert(wirelessClients).values([
    {
      cloudId,
      siteId: northId,
      deviceId: alpha.id,
      mac: 'aa:00:00:00:00:01',
      hostname: 'laptop',
      ssid: 'Staff',
      rxBytes: 5e6,
      txBytes: 1e6,
    },
    {
      cloudId,
      siteId: northId,
      deviceId: alpha.id,
      mac: 'aa:00:00:00:00:02',
      hostname: 'phone',
      ssid: 'Guests',
      rxBytes: 1e6,
      txBytes: 1e6,
    },
  ]);
  const ownerUser = await createUser(db);
  await addMember(db, ownerUser.id, cloudId, 'ROLE_OWNER');
  owner = await login(t.app, ownerUser.email, TEST_PASSWORD);
  const member = await createUser(db);
  await addMember(db, member.id, cloudId, 'ROLE_ADMIN');
  recipient = { id: member.id, email: member.email };
  const guest = await createUser(db);
  await addMember(db, guest.id, cloudId, 'ROLE_GUEST');
  viewer = await login(t.app, guest.email, TEST_PASSWORD);
  deps = {
    db,
    sendMail: mailSender({ smtpUrl: smtp.url, mailFrom: 'Console <reports@example.test>' }),
    publicUrl: 'https://console.example.test',
    productName: 'Test Console',
    logoUrl: null,
    webRoot: dir,
    log: { error: () => undefined },
  };
});
afterAll(async () => {
  await smtp.close();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const input = (fields: Partial<ReportInput> = {}): ReportInput => ({
  cloudId,
  siteIds: null,
  from: new Date(NOW.getTime() - 7 * DAY),
  to: NOW,
  timeZone: 'UTC',
  ...fields,
});

/** The report as CSV lines. */
async function csvOf(kind: Parameters<typeof buildReport>[1], fields: Partial<ReportInput> = {}) {
  const report = await buildReport(t.database.db, kind, input(fields));
  const path = join(dir, `${kind}-${Math.random()}.csv`);
  const heading = {
    productName: 'Test Console',
    cloudName: 'Report Cloud',
    name: 'Weekly',
    lines: ['The whole cloud'],
  };
  const { rows } = await writeReportFile(report, 'csv', heading, path);
  return { rows, lines: (await readFile(path, 'utf8')).split('\r\n') };
}

/** The text of each part of a zip file, by name, read through its central directory. */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const parts = new Map<string, string>();
  for (let i = 0; i < entries; i += 1) {
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    parts.set(name, inflateRawSync(zip.subarray(dataAt, dataAt + compressed)).toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return parts;
}

describe('report builders', () => {
  it("lists the cloud's live devices with model, firmware, site, status and license", async () => {
    const { rows, lines } = await csvOf('inventory');
    expect(rows).toBe(3);
    expect(lines).toContain('Devices,3');
    expect(lines).toContain('Name,Model,Serial number,MAC,IP,Firmware,Site,Status,Health,License');
    const alpha = lines.find((line) => line.startsWith('Alpha,'));
    expect(alpha).toMatch(new RegExp(`^Alpha,Wi-Fi 5 Access Point.*,${NEWEST},North,Online,Normal,Free$`));
    expect(lines.find((line) => line.startsWith('Bravo,'))).toMatch(
      /,North,Offline,Critical,Until 2027-05-01$/,
    );
    expect(lines.find((line) => line.startsWith('Charlie,'))).toMatch(/,South,Offline,Unknown,None$/);
    expect(lines.some((line) => line.startsWith('Gone,'))).toBe(false);
  });

  it('covers only the chosen sites', async () => {
    const { rows, lines } = await csvOf('inventory', { siteIds: [southId] });
    expect(rows).toBe(1);
    expect(lines.some((line) => line.startsWith('Charlie,'))).toBe(true);
  });

  it('works out uptime per device and site from the outages in the period, and lists them', async () => {
    const { lines } = await csvOf('availability');
    // Bravo: 12 h + 1 h unreachable out of 7 days is 92.26 % up.
    expect(lines).toContain('Bravo,North,92.26,2,13');
    expect(lines).toContain('Alpha,North,100,0,0');
    expect(lines).toContain('North,2,96.13,2,13');
    expect(
      lines.filter((line) => line.startsWith('Bravo,North,') && /Still unreachable/.test(line)),
    ).toHaveLength(1);
  });

  it('sums up the alerts by type, site and health with the time they took to resolve', async () => {
    const { lines } = await csvOf('alerts');
    expect(lines).toContain('DEV_UNREACHABLE,2,2,0,1,12');
    expect(lines).toContain('DEV_REBOOT,1,0,1,0,2');
    expect(lines).toContain('South,1,0,1,0,2');
    expect(lines).toContain('Alerts raised,3');
  });

  it('lists the devices not on the family recommended version (the catalogue newest release)', async () => {
    const { lines } = await csvOf('firmware');
    expect(lines).toContain(`wifi,${NEWEST},3,1,2`);
    expect(lines).toContain('Compliance,33.33 %');
    expect(lines.find((line) => line.startsWith('Bravo,'))).toMatch(
      new RegExp(`,North,7.1.4-3920,${NEWEST}$`),
    );
    expect(lines.some((line) => line.startsWith('Alpha,'))).toBe(false);
  });

  it('counts the clients per SSID and lists the top clients and devices', async () => {
    const { lines } = await csvOf('clients');
    expect(lines).toContain('Staff,1,5,1');
    expect(lines).toContain('laptop,aa:00:00:00:00:01,North,Staff,5,1');
    expect(lines).toContain('Alpha,North,2,8');
  });

  it("draws each kind's charts from its aggregates", async () => {
    const chartsOf = async (kind: Parameters<typeof buildReport>[1]) =>
      (await (await buildReport(t.database.db, kind, input())).charts()).map((c) => [c.title, c.bars]);
    expect(await chartsOf('inventory')).toEqual([
      [
        'Devices by status',
        [
          { label: 'Offline', value: 2 },
          { label: 'Online', value: 1 },
        ],
      ],
      ['Devices by family', [{ label: 'wifi', value: 3 }]],
    ]);
    expect(await chartsOf('availability')).toEqual([
      [
        'Uptime per site',
        [
          { label: 'North', value: 96.13 },
          { label: 'South', value: 100 },
        ],
      ],
    ]);
    expect(await chartsOf('alerts')).toEqual([
      [
        'Alerts by type',
        [
          { label: 'DEV_UNREACHABLE', value: 2 },
          { label: 'DEV_REBOOT', value: 1 },
        ],
      ],
      [
        'Alerts by health',
        [
          { label: 'Critical', value: 2 },
          { label: 'Warning', value: 1 },
        ],
      ],
    ]);
    expect(await chartsOf('clients')).toEqual([['Top devices by traffic', [{ label: 'Alpha', value: 8 }]]]);
    expect(await chartsOf('firmware')).toEqual([
      [
        'Devices on the recommended version',
        [
          { label: 'On the recommended version', value: 1 },
          { label: 'Not on it', value: 2 },
        ],
      ],
    ]);
    // A period with no alerts draws no empty chart.
    const quiet = await buildReport(
      t.database.db,
      'alerts',
      input({ to: new Date(NOW.getTime() - 6 * DAY) }),
    );
    expect(await quiet.charts()).toEqual([]);
  });

  it('starts a PDF with the logo and the product name, and draws the charts above the tables', async () => {
    const report = await buildReport(t.database.db, 'inventory', input());
    const logo = { image: `data:image/png;base64,${PNG.toString('base64')}` };
    const heading = {
      productName: 'Test Console',
      logo,
      cloudName: 'Report Cloud',
      name: 'Weekly',
      lines: [],
    };
    const { rows, document } = await reportPdfDocument(report, heading);
    expect(rows).toBe(3);
    const content = document.content as Record<string, unknown>[];
    expect(content[0]).toMatchObject({ ...logo, fit: [160, 40] });
    expect(content[1]).toMatchObject({ text: 'Test Console', style: 'product' });
    const charts = content.filter((node) => typeof node.svg === 'string').map((node) => node.svg as string);
    expect(charts).toHaveLength(2);
    expect(charts[0]).toContain('>Devices by status</text>');
    expect(charts[0]).toMatch(/>Offline<\/text><rect [^>]*width="303"[^>]*\/><text [^>]*>2<\/text>/);
    expect(charts[0]).toMatch(/>Online<\/text><rect [^>]*width="151.5"[^>]*\/><text [^>]*>1<\/text>/);
    expect(charts[1]).toContain('>wifi</text>');
    const lastChart = content.findLastIndex((node) => typeof node.svg === 'string');
    expect(content.findIndex((node) => node.text === 'Devices' && node.style === 'section')).toBeGreaterThan(
      lastChart,
    );

    const path = join(dir, 'inventory.pdf');
    await writeReportFile(report, 'pdf', heading, path);
    expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('leaves the heading text only when the logo cannot be drawn', async () => {
    const report = await buildReport(t.database.db, 'firmware', input());
    const broken = { image: `data:image/png;base64,${PNG.subarray(0, 20).toString('base64')}` };
    const heading = {
      productName: 'Test Console',
      logo: broken,
      cloudName: 'Report Cloud',
      name: 'Weekly',
      lines: [],
    };
    const path = join(dir, 'broken-logo.pdf');
    expect(await writeReportFile(report, 'pdf', heading, path)).toEqual({ rows: 3 });
    const pdf = await readFile(path);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The PDF holds no image: only the charts' vector drawing.
    expect(pdf.includes('/Subtype /Image')).toBe(false);
  });

  it('writes an XLSX workbook with a sheet per section', async () => {
    const report = await buildReport(t.database.db, 'inventory', input());
    const path = join(dir, 'inventory.xlsx');
    const heading = { productName: 'Test Console', cloudName: 'Report Cloud', name: 'Weekly', lines: [] };
    await writeReportFile(report, 'xlsx', heading, path);
    const parts = unzip(await readFile(path));
    expect(parts.get('xl/workbook.xml')).toContain('<sheet name="Devices" sheetId="2" r:id="rId2"/>');
    const sheet = parts.get('xl/worksheets/sheet2.xml') ?? '';
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">Alpha</t></is></c>');
    expect(sheet).toContain('<row r="4">');
    expect(sheet).not.toContain('<row r="5">');
  });
});

const base = () => `/apiv2/cloud/${cloudId}`;
const call = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `${base()}${url}`, payload, headers: as(who) });
const report = (fields: object = {}) => ({
  name: 'Weekly inventory',
  kind: 'inventory',
  format: 'pdf',
  scope: 'cloud',
  site_filter_id: null,
  site_ids: [],
  period_days: 7,
  recipient_ids: [],
  time_zone: 'Europe/Vilnius',
  ...fields,
});
const schedule = (fields: object = {}) =>
  report({ frequency: 'weekly', weekday: 1, month_day: 1, time: '06:00', ...fields });

describe('the calls', () => {
  it.each([
    ['an unknown key', { colour: 'red' }, '/colour'],
    ['a time zone that is none', { time_zone: 'Mars/Olympus' }, '/time_zone'],
    ['sites of another cloud or none', { scope: 'sites', site_ids: [2147483647] }, '/site_ids'],
    ['a grouping that is none', { scope: 'grouping', site_filter_id: 2147483647 }, '/site_filter_id'],
    ['a recipient who is no member', { recipient_ids: [2147483647] }, '/recipient_ids'],
    ['guest access while AuthPort is off', { kind: 'guest_access' }, '/kind'],
    ['a time that is none', { time: '24:00' }, '/time'],
    ['a period not offered', { period_days: 3 }, '/period_days'],
  ])('refuses %s with a 400 and stores nothing', async (_, fields, path) => {
    const response = await call(owner, 'POST', '/report-schedules', schedule(fields));
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(path);
    const stored = await t.database.db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.cloudId, cloudId));
    expect(stored).toHaveLength(0);
  });

  it('refuses a member without manage_sites', async () => {
    expect((await call(viewer, 'GET', '/reports')).statusCode).toBe(403);
    expect((await call(viewer, 'POST', '/reports', report())).statusCode).toBe(403);
  });

  it('keeps a schedule with its next run in its time zone, changes and deletes it', async () => {
    const created = await call(owner, 'POST', '/report-schedules', schedule());
    expect(created.statusCode).toBe(201);
    const kept = created.json<ReportSchedule>();
    // Mondays at 06:00 in Vilnius: 03:00 or 04:00 UTC.
    expect(new Date(kept.next_run_at).getUTCDay()).toBe(1);
    expect(['03:00', '04:00']).toContain(kept.next_run_at.slice(11, 16));
    const changed = await call(
      owner,
      'PUT',
      `/report-schedules/${kept.id}`,
      schedule({ frequency: 'daily', name: 'Daily' }),
    );
    expect(changed.json<ReportSchedule>()).toMatchObject({ name: 'Daily', frequency: 'daily' });
    const page = await call(owner, 'GET', '/report-schedules?limit=10');
    expect(page.json()).toMatchObject({ total: 1, items: [{ id: kept.id, name: 'Daily' }] });
    expect((await call(owner, 'DELETE', `/report-schedules/${kept.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/report-schedules')).json()).toMatchObject({ total: 0 });
  });

  it('queues a run, which the job makes; the file downloads as an attachment and is deleted', async () => {
    const queued = await call(owner, 'POST', '/reports', report());
    expect(queued.statusCode).toBe(202);
    const run = queued.json<ReportRun>();
    expect(run.state).toBe('pending');
    expect((await call(owner, 'GET', `/reports/${run.id}/file`)).statusCode).toBe(404);
    await runReports(deps, new Date());
    const page = (await call(owner, 'GET', '/reports?limit=5')).json<ReportRunPage>();
    expect(page.items[0]).toMatchObject({ id: run.id, state: 'ready', rows: 3, mailed: 'none' });
    const file = await call(owner, 'GET', `/reports/${run.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="Weekly-inventory-\d{4}-\d\d-\d\d\.pdf"/,
    );
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(viewer, 'GET', `/reports/${run.id}/file`)).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `/reports/${run.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/reports/${run.id}/file`)).statusCode).toBe(404);
  });

  it('fails a run whose sites are gone, saying why', async () => {
    const queued = (
      await call(owner, 'POST', '/reports', report({ scope: 'sites', site_ids: [southId] }))
    ).json<ReportRun>();
    const { db } = t.database;
    await db
      .update(reportRuns)
      .set({ siteIds: [2147483647] })
      .where(eq(reportRuns.id, queued.id));
    await runReports(deps, new Date());
    const run = (await call(owner, 'GET', `/reports/${queued.id}`)).json<ReportRun>();
    expect(run).toMatchObject({ state: 'failed', error: 'None of the chosen sites exists any more.' });
  });
});

describe('a scheduled report', () => {
  it('is made when its time comes and mailed to its recipients with the file attached', async () => {
    const created = (
      await call(
        owner,
        'POST',
        '/report-schedules',
        schedule({ format: 'csv', name: 'Mailed', recipient_ids: [recipient.id] }),
      )
    ).json<ReportSchedule>();
    const due = new Date(created.next_run_at);
    await runReports(deps, new Date(due.getTime() - 1000));
    expect(smtp.received).toHaveLength(0);
    await runReports(deps, new Date(due.getTime() + 1000));
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual([recipient.email]);
    expect(mail?.subject).toBe('Mailed: Inventory report from Test Console');
    expect(mail?.raw).toMatch(/Content-Disposition: attachment;\s+filename=Mailed-\d{4}-\d\d-\d\d\.csv/);
    const runs = (await call(owner, 'GET', '/reports')).json<ReportRunPage>();
    expect(runs.items[0]).toMatchObject({ schedule_id: created.id, state: 'ready', mailed: 'attached' });
    // The schedule moved on a week; running the job again makes nothing more.
    const [moved] = await t.database.db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.id, created.id));
    expect(moved?.nextRunAt.getTime()).toBe(due.getTime() + 7 * DAY);
    await runReports(deps, new Date(due.getTime() + 2000));
    expect(smtp.received).toHaveLength(1);
  });

  it('leaves the archive after 90 days', async () => {
    const { db } = t.database;
    const before = (await call(owner, 'GET', '/reports')).json<ReportRunPage>().total;
    const [old] = await db
      .select({ id: reportRuns.id })
      .from(reportRuns)
      .where(eq(reportRuns.cloudId, cloudId))
      .limit(1);
    await db
      .update(reportRuns)
      .set({ createdAt: new Date(NOW.getTime() - 91 * DAY) })
      .where(eq(reportRuns.id, old?.id ?? 0));
    await purgeOldReports(db, new Date());
    expect((await call(owner, 'GET', '/reports')).json<ReportRunPage>().total).toBe(before - 1);
  });
});
