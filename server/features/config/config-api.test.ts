// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDocument } from '../../../core/config/defaults.ts';
import type { ConfigDocuments, WlanSettings } from '../../../core/config/document.ts';
import { SECRET_MASK } from '../../../core/config/secrets.ts';
import { queryRows } from '../../db/rows.ts';
import { sweepTasks } from '../../fleet/task-schedule.ts';
import { alertsOf, heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { commandsOf, createTaskCloud, report, taskDetail } from '../../fleet/test-tasks.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, assignSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
let cloud: Awaited<ReturnType<typeof createTaskCloud>>;
let guest: Session;
const PASSPHRASE = 'correct-horse-9';

const guestWlan = (fields: Partial<WlanSettings> = {}): WlanSettings => ({
  id: 'guest',
  ssid: 'Guest {{ssid_suffix}}',
  enabled: true,
  hidden: false,
  bands: ['2.4', '5'],
  security: 'wpa2-psk',
  passphrase: PASSPHRASE,
  management_frame_protection: 'optional',
  radius_servers: [],
  vlan_id: 20,
  client_isolation: true,
  band_steering: true,
  rate_limit_kbps: null,
  schedule: null,
  ...fields,
});

const wifi6 = (wlan = guestWlan()): ConfigDocuments['wifi6'] => {
  const document = defaultDocument('wifi6', 'DE', 'Europe/Berlin');
  return { ...document, wifi6_wireless: { ...document.wifi6_wireless, wlans: [wlan] } };
};

const siteUrl = (path = '') => `/apiv2/cloud/${cloud.cloud.id}/sites/${cloud.site.id}/config${path}`;
const deviceUrl = (deviceId: number, path = '') =>
  `/apiv2/cloud/${cloud.cloud.id}/devices/${deviceId}/config${path}`;
const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, who = cloud.session) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  cloud = await createTaskCloud(t, 3);
  const db = t.database.db;
  // Three Wi-Fi 6 access points that call in: two inherit the site's configuration, one stands alone.
  await db.execute(sql`
    UPDATE devices SET config_type = 'wifi6', status_id = 'STATUS_ONLINE',
      type = CASE WHEN id = ${cloud.devices[2]?.id} THEN 'NET_STANDALONE' ELSE 'NET_ENTERPRISE' END
    WHERE site_id = ${cloud.site.id}`);
  const user = await createUser(db);
  await addMember(db, user.id, cloud.cloud.id, 'ROLE_GUEST');
  guest = await login(t.app, user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const deviceAt = (n: number) => () => {
  const device = cloud.devices[n];
  if (!device) throw new Error('no device');
  return device;
};
const first = deviceAt(0);
const second = deviceAt(1);
const standalone = deviceAt(2);

describe('a site configuration, from draft to devices', () => {
  it('refuses a draft with a problem, naming the leaf and the rule, and saves nothing', async () => {
    const response = await call('PUT', siteUrl(), {
      documents: { wifi6: wifi6(guestWlan({ passphrase: 'short' })) },
      variables: { ssid_suffix: 'Berlin' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(
      expect.objectContaining({
        path: '/documents/wifi6/wifi6_wireless/wlans/guest/passphrase',
        errorCode: 'passphraseLength',
      }),
    );
    const stored = (await call('GET', siteUrl())).json();
    expect(stored.types).toEqual([
      expect.objectContaining({ config_type: 'wifi6', devices: 3, draft: null }),
    ]);
    expect(stored.variables).toEqual({});
  });

  it('refuses a document with a key its kind does not have', async () => {
    const response = await call('PUT', siteUrl(), { documents: { wifi6: { ...wifi6(), extra: 1 } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(
      expect.objectContaining({ path: '/documents/wifi6/extra', errorCode: 'additionalProperties' }),
    );
  });

  it('saves a draft whose secrets are sealed in the database and masked for a guest', async () => {
    const saved = await call('PUT', siteUrl(), {
      documents: { wifi6: wifi6() },
      variables: { ssid_suffix: 'Berlin' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().types[0].draft.wifi6_wireless.wlans[0].passphrase).toBe(PASSPHRASE);
    expect(saved.json().config_saved_at).not.toBeNull();

    const [row] = await queryRows<{ draft: string }>(
      t.database.db,
      sql`SELECT draft::text FROM site_configs WHERE site_id = ${cloud.site.id}`,
    );
    expect(row?.draft).not.toContain(PASSPHRASE);
    expect(row?.draft).toContain('sealed:v1:');

    const read = (await call('GET', siteUrl(), undefined, guest)).json();
    expect(read.can_change).toBe(false);
    expect(read.can_view_secrets).toBe(false);
    expect(read.types[0].draft.wifi6_wireless.wlans[0].passphrase).toBe(SECRET_MASK);
    expect(read.types[0].draft.general_locale.admin_password).toBe(SECRET_MASK);
    const diff = (await call('GET', siteUrl('/diff'), undefined, guest)).json();
    expect(diff.types[0].changes).toContainEqual({
      path: 'wifi6_wireless/wlans/guest/passphrase',
      after: SECRET_MASK,
    });
  });

  it('refuses a guest who would change it, before reading the body', async () => {
    const response = await call('PUT', siteUrl(), { nonsense: true }, guest);
    expect(response.statusCode).toBe(403);
    expect((await call('POST', siteUrl('/apply'), {}, guest)).statusCode).toBe(403);
  });

  it('keeps the stored secret when the mask comes back', async () => {
    const masked = wifi6(guestWlan({ passphrase: SECRET_MASK, ssid: 'Guest {{ssid_suffix}} 2' }));
    const saved = await call('PUT', siteUrl(), { documents: { wifi6: masked } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().types[0].draft.wifi6_wireless.wlans[0].passphrase).toBe(PASSPHRASE);
  });

  it('lists the batches and skipped devices on a dry run, and changes nothing', async () => {
    const response = await call('POST', siteUrl('/apply'), { dryRun: true, canary_size: 1, batch_size: 5 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      dry_run: true,
      revision_ids: [],
      task_ids: [],
      batches: [
        { batch: 0, devices: [{ device_id: first().id }] },
        { batch: 1, devices: [{ device_id: second().id }] },
      ],
      skipped: [{ device_id: standalone().id, reason: 'standalone' }],
    });
    expect((await call('GET', siteUrl('/revisions'))).json().total).toBe(0);
  });

  it('refuses to apply while a device lacks a variable its document uses, naming the device', async () => {
    await t.database.db.execute(sql`UPDATE sites SET config_variables = '{}' WHERE id = ${cloud.site.id}`);
    const response = await call('POST', siteUrl('/apply'), {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(
      expect.objectContaining({
        path: `/devices/${first().id}/wifi6_wireless/wlans/guest/ssid`,
        errorCode: 'variableMissing',
        message: expect.stringContaining(first().name),
      }),
    );
    await call('PUT', siteUrl(), { variables: { ssid_suffix: 'Berlin' } });
  });

  it('applies: a revision, a task in batches, and each device sent its document with its hash', async () => {
    const response = await call('POST', siteUrl('/apply'), {});
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.revision_ids).toHaveLength(1);
    expect(result.task_ids).toHaveLength(1);

    const [command] = await commandsOf(t, first().credential);
    expect(command?.type).toBe('TASK_CONFIG_CHANGE');
    const params = command?.params as { config: ConfigDocuments['wifi6']; hash: string; revision: number };
    expect(params.revision).toBe(result.revision_ids[0]);
    expect(params.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(params.config.wifi6_wireless.wlans[0]?.ssid).toBe('Guest Berlin 2');
    expect(params.config.wifi6_wireless.wlans[0]?.passphrase).toBe(PASSPHRASE);
    // The second batch waits for the canary.
    expect(await commandsOf(t, second().credential)).toEqual([]);

    const site = (await call('GET', siteUrl())).json();
    expect(site.types[0]).toMatchObject({ draft: null, revision_id: result.revision_ids[0] });

    const done = await report(t, first().credential, command?.id ?? 0, {
      state: 'success',
      result: { config: params.config },
    });
    expect(done.statusCode).toBe(200);
    await t.app.fleet.tasks.flush();
    // The canary done, the next batch goes.
    await sweepTasks(t.database.db);
    await sendHeartbeat(
      t,
      first().credential,
      heartbeat(2, { config: { applied: true, unsyncedFiles: [], appliedHash: params.hash } }),
    );
    const device = (await call('GET', deviceUrl(first().id))).json();
    expect(device).toMatchObject({ console_hash: params.hash, applied_hash: params.hash, drift: null });
    const detail = await taskDetail(t, cloud.session, cloud.cloud.id, result.task_ids[0]);
    expect(JSON.stringify(detail)).not.toContain(PASSPHRASE);
  });

  it('raises DEV_CONFIG_FAILED when a device refuses its document', async () => {
    const [command] = await commandsOf(t, second().credential, 1);
    expect(command?.type).toBe('TASK_CONFIG_CHANGE');
    await report(t, second().credential, command?.id ?? 0, {
      state: 'failed',
      error: 'Refused: channel 177 is not available on this radio',
    });
    await t.app.fleet.tasks.flush();
    const alerts = await alertsOf(t, second().id);
    expect(alerts).toContainEqual(
      expect.objectContaining({
        alert_type: 'DEV_CONFIG_FAILED',
        alert_data1: expect.stringContaining('channel 177'),
      }),
    );
  });
});

describe('where each device stands', () => {
  it('lists the site’s devices applied, failed with the device’s reason and skipped with why, paged and by state', async () => {
    const response = await call('GET', siteUrl('/devices?limit=2'));
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.counts).toEqual({ applied: 1, pending: 0, failed: 1, skipped: 1, not_sent: 0 });
    expect(page.total).toBe(3);
    expect(page.devices).toHaveLength(2);
    const all = (await call('GET', siteUrl('/devices'))).json().devices;
    expect(all.map((device: { device_id: number }) => device.device_id).sort()).toEqual(
      [first().id, second().id, standalone().id].sort(),
    );
    expect(all).toContainEqual(expect.objectContaining({ device_id: first().id, state: 'applied' }));
    // An applied device that went offline since stays applied, with no reason to be skipped shown.
    const db = t.database.db;
    await db.execute(sql`UPDATE devices SET status_id = 'STATUS_OFFLINE' WHERE id = ${first().id}`);
    expect((await call('GET', siteUrl('/devices?state=applied'))).json().devices).toEqual([
      expect.objectContaining({ device_id: first().id, skip_reason: null, error: null }),
    ]);
    await db.execute(sql`UPDATE devices SET status_id = 'STATUS_ONLINE' WHERE id = ${first().id}`);
    expect(all).toContainEqual(
      expect.objectContaining({
        device_id: second().id,
        state: 'failed',
        error: expect.stringContaining('channel 177'),
        task_id: expect.any(Number),
      }),
    );
    expect(all).toContainEqual(
      expect.objectContaining({ device_id: standalone().id, state: 'skipped', skip_reason: 'standalone' }),
    );

    const failed = (await call('GET', siteUrl('/devices?state=failed'))).json();
    expect(failed.total).toBe(1);
    expect(failed.devices).toEqual([expect.objectContaining({ device_id: second().id })]);
    expect(failed.counts.applied).toBe(1);
    expect((await call('GET', siteUrl('/devices?state=lost'))).statusCode).toBe(400);
    expect((await call('GET', siteUrl('/devices?config_type=switch'))).json().total).toBe(0);
  });
});

describe('a device configuration', () => {
  it('marks where each leaf comes from, keeps an edit as an override and reverts it to the site', async () => {
    const url = deviceUrl(first().id);
    const before = (await call('GET', url)).json();
    expect(before.inherit).toBe(true);
    expect(before.origins['wifi6_wireless/radios/5/channel']).toBe('site');

    const edited = structuredClone(before.effective);
    edited.wifi6_wireless.radios[1].channel = 44;
    const saved = await call('PUT', url, { document: edited });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      has_draft: true,
      overrides: { wifi6_wireless: { radios: [{ band: '5', channel: 44 }] } },
    });
    expect(saved.json().origins['wifi6_wireless/radios/5/channel']).toBe('device');
    expect(saved.json().origins['wifi6_wireless/radios/5/width_mhz']).toBe('site');

    const reverted = await call('PUT', url, { revert: ['wifi6_wireless/radios/5/channel'] });
    expect(reverted.json().origins['wifi6_wireless/radios/5/channel']).toBe('site');
    expect(reverted.json().effective.wifi6_wireless.radios[1].channel).toBe('auto');
  });

  it('refuses an edit a rule forbids, naming the leaf', async () => {
    const url = deviceUrl(first().id);
    const edited = structuredClone((await call('GET', url)).json().effective);
    edited.wifi6_wireless.radios[0].channel = 36;
    const response = await call('PUT', url, { document: edited });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(
      expect.objectContaining({
        path: '/document/wifi6_wireless/radios/2.4/channel',
        errorCode: 'channelNotInBand',
      }),
    );
  });

  it('asks a device whose files changed for its running document, shows the drift and takes the device’s values', async () => {
    const device = first();
    const url = deviceUrl(device.id);
    const running = structuredClone((await call('GET', url)).json().effective);
    running.wifi6_wireless.wlans[0].ssid = 'Guest Berlin 2';
    running.wifi6_wireless.wlans[0].passphrase = PASSPHRASE;
    running.general_locale.admin_password = 'change-me-now';
    running.wifi6_wireless.radios[0].tx_power_dbm = 9;
    // The device says its files changed on it: the console asks it for what it runs.
    await sendHeartbeat(
      t,
      device.credential,
      heartbeat(5, { config: { applied: true, unsyncedFiles: ['wireless'] } }),
    );
    const [command] = await commandsOf(t, device.credential, 5);
    expect(command?.type).toBe('TASK_RECEIVED_CONFIG');
    await report(t, device.credential, command?.id ?? 0, { state: 'success', result: { config: running } });
    await t.app.fleet.tasks.flush();

    const drifted = (await call('GET', url)).json();
    expect(drifted.drift.changes).toEqual([
      { path: 'wifi6_wireless/radios/2.4/tx_power_dbm', before: 'auto', after: 9 },
    ]);
    // The alert names the key that differs, beside the file the device named.
    expect(await alertsOf(t, device.id)).toContainEqual(
      expect.objectContaining({
        alert_type: 'UCI_FILE_SYNC',
        alert_data1: 'wireless',
        alert_data2: 'wifi6_wireless/radios/2.4/tx_power_dbm',
      }),
    );

    const synced = await call('POST', `${url}/sync`, { keep: 'device' });
    expect(synced.statusCode).toBe(200);
    expect(synced.json().origins['wifi6_wireless/radios/2.4/tx_power_dbm']).toBe('device');
    expect(synced.json().effective.wifi6_wireless.radios[0].tx_power_dbm).toBe(9);
    expect(synced.json().drift).toBeNull();
    expect(synced.json().has_draft).toBe(false);
  });

  it('resumes configuration suspended after a downgrade', async () => {
    const device = standalone();
    await t.database.db.execute(sql`UPDATE devices SET suspend_config = true WHERE id = ${device.id}`);
    const url = deviceUrl(device.id);
    expect((await call('POST', `${url}/apply`, { dryRun: true })).json().skipped).toEqual([
      expect.objectContaining({ device_id: device.id, reason: 'suspended' }),
    ]);
    const resumed = await call('PUT', url, { suspend_config: false });
    expect(resumed.json().suspend_config).toBe(false);
  });
});

describe('revisions', () => {
  it('lists what each revision changed and rolls back to an earlier one as a new revision', async () => {
    await call('PUT', siteUrl(), { documents: { wifi6: wifi6(guestWlan({ vlan_id: 30 })) } });
    const applied = (await call('POST', siteUrl('/apply'), {})).json();
    const list = (await call('GET', siteUrl('/revisions'))).json();
    expect(list.total).toBe(2);
    expect(list.revisions[0]).toMatchObject({ id: applied.revision_ids[0], kind: 'apply' });
    expect(list.revisions[0].changes).toContainEqual(
      expect.objectContaining({ path: 'wifi6_wireless/wlans/guest/vlan_id', before: 20, after: 30 }),
    );

    const oldest = list.revisions[1].id;
    const rolled = await call('POST', siteUrl(`/revisions/${oldest}/rollback`), {});
    expect(rolled.statusCode).toBe(200);
    const after = (await call('GET', siteUrl('/revisions'))).json();
    expect(after.revisions[0]).toMatchObject({ kind: 'rollback', parent_id: applied.revision_ids[0] });
    expect(after.revisions[0].changes).toContainEqual(
      expect.objectContaining({ path: 'wifi6_wireless/wlans/guest/vlan_id', before: 30, after: 20 }),
    );
  });
});

describe('a device’s own revisions', () => {
  it('keeps each applied override as a revision and rolls back to an earlier one, sent to the device', async () => {
    const device = second();
    const url = deviceUrl(device.id);
    for (const channel of [40, 48]) {
      const edited = structuredClone((await call('GET', url)).json().effective);
      edited.wifi6_wireless.radios[1].channel = channel;
      expect((await call('PUT', url, { document: edited })).statusCode).toBe(200);
      expect((await call('POST', `${url}/apply`, {})).statusCode).toBe(200);
    }
    const list = (await call('GET', `${url}/revisions`)).json();
    expect(list.total).toBe(2);
    expect(list.revisions[0].changes).toContainEqual(
      expect.objectContaining({ path: 'wifi6_wireless/radios/5/channel', before: 40, after: 48 }),
    );
    // Another device's revision is not this one's.
    const elsewhere = await call(
      'POST',
      `${deviceUrl(first().id)}/revisions/${list.revisions[1].id}/rollback`,
      {},
    );
    expect(elsewhere.statusCode).toBe(404);

    const rolled = await call('POST', `${url}/revisions/${list.revisions[1].id}/rollback`, {});
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json().task_ids).toHaveLength(1);
    const after = (await call('GET', url)).json();
    expect(after.effective.wifi6_wireless.radios[1].channel).toBe(40);
    const newest = (await call('GET', `${url}/revisions`)).json().revisions[0];
    expect(newest).toMatchObject({ kind: 'rollback', parent_id: list.revisions[0].id });
  });
});

describe('a firmware downgrade', () => {
  it('suspends the device’s configuration with the reason, until someone resumes it', async () => {
    const device = first();
    await sendHeartbeat(t, device.credential, heartbeat(10, { fw: '7.2.1-4012' }));
    await sendHeartbeat(t, device.credential, heartbeat(11, { fw: '7.2.0-3988' }));
    const url = deviceUrl(device.id);
    expect((await call('GET', url)).json()).toMatchObject({
      suspend_config: true,
      suspend_reason: 'Firmware went back from 7.2.1-4012 to 7.2.0-3988.',
    });
    expect((await call('POST', `${url}/apply`, { dryRun: true })).json().skipped).toEqual([
      expect.objectContaining({ device_id: device.id, reason: 'suspended' }),
    ]);
    const dashboard = await call('GET', `/apiv2/cloud/${cloud.cloud.id}/devices/${device.id}`);
    expect(dashboard.json().config_suspended).toEqual({
      reason: 'Firmware went back from 7.2.1-4012 to 7.2.0-3988.',
    });
    expect((await call('PUT', url, { suspend_config: false }, guest)).statusCode).toBe(403);
    expect((await call('PUT', url, { suspend_config: false })).json()).toMatchObject({
      suspend_config: false,
      suspend_reason: null,
    });
  });
});

describe('a site that always follows the console', () => {
  it('is set only with change_lock_config, and sends a changed device the console’s document back', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    await addMember(db, user.id, cloud.cloud.id, 'ROLE_USER');
    await assignSite(db, user.id, cloud.cloud.id, cloud.site.id, [
      'read_site',
      'view_config',
      'change_site_config',
    ]);
    const editor = await login(t.app, user.email, TEST_PASSWORD);
    const refused = await call('PUT', siteUrl(), { config_lock: true }, editor);
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', siteUrl(), undefined, editor)).json()).toMatchObject({
      config_lock: false,
      can_change_lock: false,
    });

    expect((await call('PUT', siteUrl(), { config_lock: true })).json().config_lock).toBe(true);
    const device = second();
    await sendHeartbeat(
      t,
      device.credential,
      heartbeat(3, { config: { applied: true, unsyncedFiles: ['wireless'] } }),
    );
    const commands = await commandsOf(t, device.credential, 5);
    const pushed = commands.find((command) => command.type === 'TASK_CONFIG_CHANGE');
    expect(pushed?.params).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(commands.some((command) => command.type === 'TASK_RECEIVED_CONFIG')).toBe(false);
  });
});
