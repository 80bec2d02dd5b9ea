import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { CONFIG_TYPES, type ConfigType, SECTION_OF, type WlanSettings } from '../core/config/document.ts';
import { validateConfig } from '../core/config/rules.ts';
import type { ProductType } from '../core/domain.ts';
import { type Command, HeartbeatRequest, type TaskReport } from '../core/fleet/protocol.ts';
import { productBrand, productBrandsOfType } from '../core/product-catalogue.ts';
import { factoryDocument, localChange } from './config.ts';
import { createDevice, type SimulatedDevice } from './device.ts';
import { generateFleet } from './identity.ts';
import { createPlaces } from './places.ts';
import { createRandom } from './random.ts';
import { DEFAULT_RATES, type Rates } from './rates.ts';
import { openStateFile } from './state-file.ts';
import { runCommand } from './tasks.ts';

// The server's own validator settings (server/validation.ts), formats included.
const validHeartbeat = addFormats
  .default(new Ajv({ allErrors: true, coerceTypes: false }))
  .compile(HeartbeatRequest);
const QUIET = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;
const instant = { speed: 0, sleep: async () => {} };
const FIRST = 'a'.repeat(64);
const SECOND = 'b'.repeat(64);
const LOST_CONTACT = 'Lost contact with the console after applying; reverted to the previous configuration';

/** A device of this model, every rate at zero unless given (the rates object stays the device's). */
function deviceOf(productBrandId: number, rates: Rates = { ...QUIET }) {
  const [first] = generateFleet(9, 1);
  const brand = productBrand(productBrandId);
  if (!first || !brand) throw new Error('no such model');
  const identity = { ...first, productBrandId, productType: brand.productType };
  return createDevice(identity, 9, rates, createPlaces()(identity.place));
}
const WIFI5 = 1; // AP-WIFI5-2x2-IN
const WIFI6 = 13; // AP-WIFI6-2x2-IN

const general = {
  country: 'US',
  time_zone: 'America/Chicago',
  ntp_servers: ['pool.ntp.org'],
  syslog: { enabled: false, host: null, port: 514 },
  snmp: { enabled: false, version: 'v2c', community: 'public' },
  management: { ssh: true, https: true, allowed_networks: ['10.0.0.0/8'] },
  admin_password: 'correct horse',
};
const wlan = (n: number, bands: ('2.4' | '5')[] = ['2.4', '5']): WlanSettings => ({
  id: `wlan-${n}`,
  ssid: `Net ${n}`,
  enabled: true,
  hidden: false,
  bands,
  security: 'wpa2-psk',
  passphrase: 'a long passphrase',
  management_frame_protection: 'optional',
  radius_servers: [],
  vlan_id: null,
  client_isolation: false,
  band_steering: false,
  rate_limit_kbps: null,
  schedule: null,
});
type RadioSetting = { band: '2.4' | '5'; channel: number | 'auto'; width: number; power?: number | 'auto' };
const GOOD: RadioSetting[] = [
  { band: '2.4', channel: 6, width: 20, power: 17 },
  { band: '5', channel: 149, width: 80, power: 20 },
];
/** An access point's whole document. */
function wireless(type: 'wifi5' | 'wifi6', radios: RadioSetting[] = GOOD, wlans = [wlan(1)]) {
  return {
    general_locale: general,
    [SECTION_OF[type]]: {
      radios: radios.map(({ band, channel, width, power = 'auto' }) => ({
        band,
        enabled: true,
        channel,
        width_mhz: width,
        tx_power_dbm: power,
      })),
      wlans,
    },
  };
}

async function run(device: SimulatedDevice, type: Command['type'], params: Record<string, unknown> = {}) {
  const reports: TaskReport[] = [];
  await runCommand(
    device,
    { id: 1, taskId: 1, type, params, timeoutS: 300 },
    async (report) => {
      reports.push(report);
      return 'TASK_RUNNING';
    },
    instant,
  );
  return reports.at(-1);
}
const change = (device: SimulatedDevice, config: unknown, hash = SECOND) =>
  run(device, 'TASK_CONFIG_CHANGE', { config, hash, revision: 7 });

/** The next heartbeat's configuration part, after checking the console takes the heartbeat. */
function configOfNextHeartbeat(device: SimulatedDevice) {
  const heartbeat = device.step(60).heartbeat;
  if (!heartbeat) throw new Error('no heartbeat');
  expect(validHeartbeat({ ...heartbeat, seq: 1 }), JSON.stringify(validHeartbeat.errors)).toBe(true);
  return { config: heartbeat.config, radios: heartbeat.radios };
}

describe('configuration on a simulated access point', () => {
  it('applies a document it can run, then reports its hash in every heartbeat, with radios as it sets them', async () => {
    const device = deviceOf(WIFI6);
    // Out of the box it runs its factory document, which the console never sent: no hash.
    expect(configOfNextHeartbeat(device).config).toEqual({ applied: true, unsyncedFiles: [] });
    const document = wireless('wifi6');
    expect(await change(device, document, FIRST)).toEqual({ state: 'success', result: { config: document } });
    const { config, radios } = configOfNextHeartbeat(device);
    expect(config).toEqual({ applied: true, appliedHash: FIRST, unsyncedFiles: [] });
    expect(
      radios?.map(({ band, channel, widthMhz, txPowerDbm }) => [band, channel, widthMhz, txPowerDbm]),
    ).toEqual([
      ['2.4', 6, 20, 17],
      ['5', 149, 80, 20],
    ]);
    expect(await run(device, 'TASK_RECEIVED_CONFIG')).toEqual({
      state: 'success',
      result: { config: document },
    });
  });

  it('refuses a channel, a width or more WLANs than its radios take, and keeps its document and hash', async () => {
    const cases: [number, unknown, string][] = [
      [WIFI6, wireless('wifi6', [{ band: '2.4', channel: 14, width: 20 }]), '2.4 GHz channel 14 is not one'],
      [WIFI5, wireless('wifi5', [{ band: '5', channel: 169, width: 20 }]), '5 GHz channel 169 is not one'],
      [WIFI5, wireless('wifi5', [{ band: '5', channel: 36, width: 160 }]), '160 MHz is wider than'],
      [
        WIFI5,
        wireless(
          'wifi5',
          GOOD,
          Array.from({ length: 9 }, (_, n) => wlan(n)),
        ),
        '9 WLANs on the 2.4 GHz',
      ],
      [
        WIFI6,
        wireless(
          'wifi6',
          GOOD,
          Array.from({ length: 17 }, (_, n) => wlan(n, ['5'])),
        ),
        '17 WLANs on the 5',
      ],
      [WIFI6, { general_locale: general }, 'the document has no wifi6_wireless section'],
      [WIFI6, wireless('wifi5'), 'the document has no wifi6_wireless section'],
      [WIFI6, 'not a document', 'the document has no wifi6_wireless section'],
    ];
    for (const [model, refused, reason] of cases) {
      const device = deviceOf(model);
      const type = model === WIFI5 ? 'wifi5' : 'wifi6';
      const running = wireless(type);
      await change(device, running, FIRST);
      const report = await change(device, refused);
      expect(report?.state, reason).toBe('failed');
      expect(report?.error, reason).toMatch(new RegExp(`^Refused: ${reason}.*; still running the previous`));
      expect(configOfNextHeartbeat(device).config).toEqual({
        applied: false,
        error: report?.error,
        appliedHash: FIRST,
        unsyncedFiles: [],
      });
      expect(device.config).toBe(running);
      // The next document it can run clears the failure.
      await change(device, wireless(type, [{ band: '5', channel: 36, width: 40 }]), SECOND);
      expect(configOfNextHeartbeat(device).config).toEqual({
        applied: true,
        appliedHash: SECOND,
        unsyncedFiles: [],
      });
    }
  });

  it('takes what a Wi-Fi 6 model has and a Wi-Fi 5 model lacks', async () => {
    const wide = wireless('wifi6', [
      { band: '5', channel: 169, width: 20 },
      { band: '2.4', channel: 13, width: 40 },
    ]);
    expect((await change(deviceOf(WIFI6), wide))?.state).toBe('success');
    const many = wireless(
      'wifi6',
      GOOD,
      Array.from({ length: 16 }, (_, n) => wlan(n)),
    );
    expect((await change(deviceOf(WIFI6), many))?.state).toBe('success');
    // WLANs that are off take no place on a radio.
    const off = Array.from({ length: 12 }, (_, n) => ({ ...wlan(n), enabled: n < 8 }));
    expect((await change(deviceOf(WIFI5), wireless('wifi5', GOOD, off)))?.state).toBe('success');
    expect(
      (await change(deviceOf(WIFI6), wireless('wifi6', [{ band: '5', channel: 36, width: 160 }])))?.state,
    ).toBe('success');
  });

  it('reverts to its previous document when it loses the console after applying, and keeps the previous hash', async () => {
    const rates = { ...QUIET };
    const device = deviceOf(WIFI6, rates);
    const running = wireless('wifi6');
    await change(device, running, FIRST);
    rates.configRevert = 1;
    expect(await change(device, wireless('wifi6', [{ band: '5', channel: 36, width: 40 }]), SECOND)).toEqual({
      state: 'failed',
      error: LOST_CONTACT,
    });
    expect(device.config).toBe(running);
    const { config, radios } = configOfNextHeartbeat(device);
    expect(config).toEqual({ applied: false, error: LOST_CONTACT, appliedHash: FIRST, unsyncedFiles: [] });
    expect(radios?.find((radio) => radio.band === '5')?.channel).toBe(149);
    // Never configured by the console: still no hash after a revert.
    const fresh = deviceOf(WIFI5, { ...QUIET, configRevert: 1 });
    await change(fresh, wireless('wifi5'));
    expect(configOfNextHeartbeat(fresh).config).toEqual({
      applied: false,
      error: LOST_CONTACT,
      unsyncedFiles: [],
    });
  });

  it('changed on the device, it lists the files until it applies a document again, and sends what it runs', async () => {
    const rates = { ...QUIET };
    const device = deviceOf(WIFI6, rates);
    const applied = wireless('wifi6');
    await change(device, applied, FIRST);
    rates.uciDrift = 1;
    const drifted = configOfNextHeartbeat(device).config;
    rates.uciDrift = 0;
    expect(drifted.appliedHash).toBe(FIRST);
    expect(drifted.applied).toBe(true);
    expect(drifted.unsyncedFiles.length).toBe(1);
    expect(['system', 'wireless']).toContain(drifted.unsyncedFiles[0]);
    // Still so at the next heartbeat, and what it sends is the document it now runs.
    expect(configOfNextHeartbeat(device).config.unsyncedFiles).toEqual(drifted.unsyncedFiles);
    expect(device.config).not.toEqual(applied);
    expect(validateConfig('wifi6', device.config)).toEqual([]);
    expect(await run(device, 'TASK_RECEIVED_CONFIG')).toEqual({
      state: 'success',
      result: { config: device.config },
    });
    // Both files, once each, however many times it changes.
    for (let n = 0; n < 20; n++) device.changeConfigLocally();
    expect(configOfNextHeartbeat(device).config.unsyncedFiles).toEqual(['system', 'wireless']);

    await change(device, applied, SECOND);
    expect(configOfNextHeartbeat(device).config).toEqual({
      applied: true,
      appliedHash: SECOND,
      unsyncedFiles: [],
    });
    expect(device.config).toBe(applied);
  });
});

describe('configuration on other devices', () => {
  const others: [ProductType, ConfigType][] = [
    ['switch', 'switch'],
    ['gateway', 'gateway'],
    ['ptmp', 'ml'],
    ['metrolinq', 'ml'],
    ['mesh', 'terragraph'],
    ['glinq', 'glinq'],
  ];

  it('applies any document with its section, and refuses one without', async () => {
    for (const [family, type] of others) {
      const brand = productBrandsOfType(family)[0];
      if (!brand) throw new Error(family);
      const device = deviceOf(brand.productBrandId);
      expect(device.configType).toBe(type);
      const document = { general_locale: general, [SECTION_OF[type]]: { anything: true } };
      expect(await change(device, document, FIRST), family).toEqual({
        state: 'success',
        result: { config: document },
      });
      expect(configOfNextHeartbeat(device).config.appliedHash).toBe(FIRST);
      const other = type === 'switch' ? 'sdwan_group' : 'switch_security';
      const report = await change(device, { general_locale: general, [other]: {} });
      expect(report?.error).toBe(
        `Refused: the document has no ${SECTION_OF[type]} section, which this device needs; still running the previous configuration`,
      );
      expect(configOfNextHeartbeat(device).config.appliedHash).toBe(FIRST);
    }
  });

  it('changed on the device, a document without radios changes its system file', () => {
    const brand = productBrandsOfType('switch')[0];
    const device = deviceOf(brand?.productBrandId ?? 96, { ...QUIET, uciDrift: 1 });
    const before = device.config;
    expect(configOfNextHeartbeat(device).config).toEqual({ applied: true, unsyncedFiles: ['system'] });
    expect(device.config).not.toEqual(before);
  });
});

describe('the configuration a device starts with', () => {
  it('is a valid document of its kind for every model, and stays one when changed on the device', () => {
    const random = createRandom(3);
    const kinds = [
      ...CONFIG_TYPES.map((type) => [type, 'X-1'] as const),
      ['ml', 'ML-60-PTP-STD-1G'] as const,
    ];
    for (const [type, sku] of kinds) {
      let document = factoryDocument(type, { mac: '02:5e:00:00:00:01', sn: 'SIM0001', hostname: 'sim', sku });
      expect(validateConfig(type, document), type).toEqual([]);
      for (let n = 0; n < 10; n++) {
        document = localChange(document, random)?.document ?? document;
        expect(validateConfig(type, document), type).toEqual([]);
      }
    }
  });

  it('is kept in the state file with its hash, and the device runs it again after a restart', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sim-state-')), 'state.json');
    const device = deviceOf(WIFI6);
    await change(device, wireless('wifi6'), FIRST);
    const state = openStateFile(path);
    const stored = state.get(device.identity.mac);
    stored.config = device.runningConfig;
    state.changed();
    state.save();

    const restarted = deviceOf(WIFI6);
    const saved = openStateFile(path).get(device.identity.mac).config;
    if (!saved) throw new Error('nothing saved');
    restarted.restoreConfig(saved);
    expect(restarted.config).toEqual(wireless('wifi6'));
    expect(configOfNextHeartbeat(restarted).config.appliedHash).toBe(FIRST);
  });
});
