// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
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

let t: TestApp;
let owner: Session;
let guest: Session;
let siteUser: Session;
let cloudId: number;
let north: number;
let south: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const cloud = await createCloud(db);
  cloudId = cloud.id;
  north = (await createSite(db, cloudId, { name: 'North Tower' })).id;
  south = (await createSite(db, cloudId, { name: 'South Tower' })).id;
  await createSite(db, cloudId, { name: 'Hidden Yard' });
  await createSite(db, (await createCloud(db)).id, { name: 'Elsewhere' });
  await createDevice(db, cloudId, north, { sn: 'EXIST01', mac: '02:4c:10:00:00:99' });
  const member = async (role: 'ROLE_OWNER' | 'ROLE_GUEST' | 'ROLE_USER') => {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role);
    if (role === 'ROLE_USER') {
      await assignSite(db, user.id, cloudId, north, ['read_site', 'read_device', 'register']);
      await assignSite(db, user.id, cloudId, south, ['read_site', 'read_device']);
    }
    return login(t.app, user.email, TEST_PASSWORD);
  };
  owner = await member('ROLE_OWNER');
  guest = await member('ROLE_GUEST');
  siteUser = await member('ROLE_USER');
});
afterAll(() => t.close());

const importCsv = (session: Session, csv: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/devices/import`,
    headers: as(session),
    payload: { csv },
  });

const deviceCount = async () =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM devices WHERE cloud_id = ${cloudId}`,
    )
  )[0]?.n;

const row = (n: number, fields: object) => ({ row: n, status: 'refused', device_id: null, ...fields });

describe('POST /apiv2/cloud/:cloudId/devices/import', () => {
  it('adds the good rows and says why each other row was refused', async () => {
    const csv = [
      'Name,Serial number,MAC address,Model,Site,IP address',
      'Lobby AP,wa5001,02:4c:10:00:01:01,AP-WIFI6-2x2-IN,North Tower,10.0.0.1',
      ',WA5002,02-4C-10-00-01-02,managed switch 8-port gigabit,south tower,',
      'Copy,WA5003,024c10000101,AP-WIFI6-2x2-IN,North Tower,',
      '',
      'Old,EXIST01,02:4c:10:00:01:04,AP-WIFI6-2x2-IN,North Tower,',
      'Odd,WA5005,02:4c:10:00:01:05,AP-NOPE,North Tower,',
      'Bad,WA5006,02:4c:10,AP-WIFI6-2x2-IN,North Tower,',
      'Away,WA5007,02:4c:10:00:01:07,AP-WIFI6-2x2-IN,Elsewhere,',
      '"Recorder, lobby",WA5008,02:4c:10:00:01:08,SNVR-16CH,North Tower,',
    ].join('\r\n');
    const before = await deviceCount();
    const response = await importCsv(owner, csv);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.added).toBe(2);
    expect(report.refused).toBe(6);
    const ids = report.rows.slice(0, 2).map((r: { device_id: number }) => r.device_id);
    expect(report.rows).toEqual([
      {
        ...row(1, { status: 'added', device_id: ids[0] }),
        name: 'Lobby AP',
        sn: 'WA5001',
        mac: '02:4c:10:00:01:01',
        model: 'AP-WIFI6-2x2-IN',
        site: 'North Tower',
        reasons: [],
      },
      {
        ...row(2, { status: 'added', device_id: ids[1] }),
        name: 'SW-8P-GE 0102',
        sn: 'WA5002',
        mac: '02:4c:10:00:01:02',
        model: 'SW-8P-GE',
        site: 'south tower',
        reasons: [],
      },
      row(3, {
        name: 'Copy',
        sn: 'WA5003',
        mac: '02:4c:10:00:01:01',
        model: 'AP-WIFI6-2x2-IN',
        site: 'North Tower',
        reasons: ['duplicate_in_file'],
      }),
      // The empty line is the file's row 4.
      row(5, {
        name: 'Old',
        sn: 'EXIST01',
        mac: '02:4c:10:00:01:04',
        model: 'AP-WIFI6-2x2-IN',
        site: 'North Tower',
        reasons: ['duplicate_in_console'],
      }),
      row(6, {
        name: 'Odd',
        sn: 'WA5005',
        mac: '02:4c:10:00:01:05',
        model: 'AP-NOPE',
        site: 'North Tower',
        reasons: ['unknown_model'],
      }),
      row(7, {
        name: 'Bad',
        sn: 'WA5006',
        mac: '02:4c:10',
        model: 'AP-WIFI6-2x2-IN',
        site: 'North Tower',
        reasons: ['bad_mac'],
      }),
      row(8, {
        name: 'Away',
        sn: 'WA5007',
        mac: '02:4c:10:00:01:07',
        model: 'AP-WIFI6-2x2-IN',
        site: 'Elsewhere',
        reasons: ['unknown_site'],
      }),
      row(9, {
        name: 'Recorder, lobby',
        sn: 'WA5008',
        mac: '02:4c:10:00:01:08',
        model: 'SNVR-16CH',
        site: 'North Tower',
        reasons: ['not_a_site_device'],
      }),
    ]);
    expect(await deviceCount()).toBe((before ?? 0) + 2);
    const added = await queryRows<{ id: number; site_id: number; name: string; product_type: string }>(
      t.database.db,
      sql`SELECT id, site_id, name, product_type FROM devices WHERE sn IN ('WA5001', 'WA5002') ORDER BY sn`,
    );
    expect(added).toEqual([
      { id: ids[0], site_id: north, name: 'Lobby AP', product_type: 'wifi' },
      { id: ids[1], site_id: south, name: 'SW-8P-GE 0102', product_type: 'switch' },
    ]);
    // Each added device has its change log record, naming who added it.
    const records = await queryRows<{ object_id: string; object_name: string; after: { sn: string } }>(
      t.database.db,
      sql`SELECT object_id, object_name, after FROM audit_records
        WHERE cloud_id = ${cloudId} AND action = 'created' AND object_type = 'device' ORDER BY object_name`,
    );
    expect(records).toEqual([
      expect.objectContaining({
        object_id: String(ids[0]),
        object_name: 'Lobby AP',
        after: expect.objectContaining({ sn: 'WA5001', site_id: north }),
      }),
      expect.objectContaining({ object_id: String(ids[1]), object_name: 'SW-8P-GE 0102' }),
    ]);

    // The same file again adds nothing: its devices are in the console now.
    const again = (await importCsv(owner, csv)).json();
    expect(again.added).toBe(0);
    expect(again.rows[0].reasons).toEqual(['duplicate_in_console']);
  });

  it("refuses only what this cloud has: another cloud's devices are neither named nor refused", async () => {
    const db = t.database.db;
    const other = (await createCloud(db)).id;
    await createDevice(db, other, (await createSite(db, other)).id, {
      sn: 'WA7001',
      mac: '02:4c:10:00:03:01',
    });
    const csv = [
      'serial,mac,model,site',
      'WA7001,02:4c:10:00:03:01,AP-WIFI6-2x2-IN,North Tower',
      'EXIST01,02:4c:10:00:03:02,AP-WIFI6-2x2-IN,North Tower',
    ].join('\n');
    const report = (await importCsv(owner, csv)).json();
    expect(report.rows.map((r: { status: string; reasons: string[] }) => [r.status, r.reasons])).toEqual([
      ['added', []],
      ['refused', ['duplicate_in_console']],
    ]);
  });

  it('adds only into the sites where a Site User may register, and hides the sites they do not see', async () => {
    const csv = [
      'serial,mac,model,site',
      'WA6001,02:4c:10:00:02:01,AP-WIFI6-2x2-IN,North Tower',
      'WA6002,02:4c:10:00:02:02,AP-WIFI6-2x2-IN,South Tower',
      'WA6003,02:4c:10:00:02:03,AP-WIFI6-2x2-IN,Hidden Yard',
    ].join('\n');
    const report = (await importCsv(siteUser, csv)).json();
    expect(report.rows.map((r: { status: string; reasons: string[] }) => [r.status, r.reasons])).toEqual([
      ['added', []],
      ['refused', ['no_permission']],
      ['refused', ['unknown_site']],
    ]);
  });

  it('refuses a name too long or with control characters, and a malformed serial number', async () => {
    const csv = [
      'name,serial,mac,model,site',
      `${'x'.repeat(101)},WA9001,02:4c:10:00:09:01,AP-WIFI6-2x2-IN,North Tower`,
      '"Tab\there",WA9002,02:4c:10:00:09:02,AP-WIFI6-2x2-IN,North Tower',
      'Short,W9,02:4c:10:00:09:03,AP-WIFI6-2x2-IN,North Tower',
    ].join('\n');
    const report = (await importCsv(owner, csv)).json();
    expect(report.rows.map((r: { reasons: string[] }) => r.reasons)).toEqual([
      ['bad_name'],
      ['bad_name'],
      ['bad_serial'],
    ]);
    expect(report.added).toBe(0);
  });

  it('refuses a Guest, who may register nowhere, and changes nothing', async () => {
    const before = await deviceCount();
    const response = await importCsv(
      guest,
      'serial,mac,model,site\nWA7001,02:4c:10:00:03:01,AP-WIFI6-2x2-IN,North Tower',
    );
    expect(response.statusCode).toBe(403);
    expect(await deviceCount()).toBe(before);
  });

  it('refuses a file it cannot read with the 400 shape, adding nothing', async () => {
    const before = await deviceCount();
    const many = ['serial,mac,model,site'];
    for (let n = 0; n < 5001; n += 1) {
      const hex = n.toString(16).padStart(4, '0');
      many.push(`WB${hex},02:4d:00:00:${hex.slice(0, 2)}:${hex.slice(2)},AP-WIFI6-2x2-IN,North Tower`);
    }
    const cases: [unknown, string, string][] = [
      ['name,serial,mac\nA,WA8001,02:4c:10:00:04:01', '/csv', 'missing_columns'],
      [
        'serial,mac,model,site\n"WA8002,02:4c:10:00:04:02,AP-WIFI6-2x2-IN,North Tower',
        '/csv',
        'unclosed_quote',
      ],
      ['serial,mac,model,site\n\n', '/csv', 'no_rows'],
      [many.join('\n'), '/csv', 'too_many_rows'],
      ['', '/csv', 'minLength'],
      [42, '/csv', 'type'],
    ];
    for (const [csv, path, errorCode] of cases) {
      const response = await importCsv(owner, csv);
      expect(response.statusCode, String(csv).slice(0, 40)).toBe(400);
      expect(response.json()).toEqual({
        errors: [expect.objectContaining({ errorCode, location: 'body', path, message: expect.any(String) })],
      });
    }
    expect(await deviceCount()).toBe(before);
  });
});
