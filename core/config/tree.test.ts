import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changesBetween,
  effective,
  type Json,
  leaves,
  merge,
  overridesBetween,
  withoutOverride,
} from './tree.ts';

const site = {
  general_locale: { country: 'US', ntp_servers: ['pool.ntp.org'], syslog: { enabled: false, port: 514 } },
  wifi6_wireless: {
    radios: [
      { band: '2.4', channel: 6, tx_power_dbm: 'auto' },
      { band: '5', channel: 36, tx_power_dbm: 'auto' },
    ],
    wlans: [
      { id: 'staff', ssid: 'Staff', vlan_id: 10 },
      { id: 'guest', ssid: 'Guest', vlan_id: null },
    ],
  },
} satisfies Json;

describe('a device over its site', () => {
  const overrides: Json = {
    wifi6_wireless: {
      radios: [{ band: '5', channel: 44 }],
      wlans: [
        { id: 'guest', ssid: 'Guest Lobby' },
        { id: 'lab', ssid: 'Lab', vlan_id: 30 },
      ],
    },
  };

  it('merges objects by key, list items by identity, and adds the items the device has alone', () => {
    const { document } = effective(site, overrides);
    expect(document).toEqual({
      general_locale: site.general_locale,
      wifi6_wireless: {
        radios: [
          { band: '2.4', channel: 6, tx_power_dbm: 'auto' },
          { band: '5', channel: 44, tx_power_dbm: 'auto' },
        ],
        wlans: [
          { id: 'staff', ssid: 'Staff', vlan_id: 10 },
          { id: 'guest', ssid: 'Guest Lobby', vlan_id: null },
          { id: 'lab', ssid: 'Lab', vlan_id: 30 },
        ],
      },
    });
  });

  it('says for every leaf whether it comes from the site or the device, naming items by identity', () => {
    const { origins } = effective(site, overrides);
    expect(origins).toMatchObject({
      'general_locale/country': 'site',
      'general_locale/ntp_servers': 'site',
      'wifi6_wireless/radios/5/channel': 'device',
      'wifi6_wireless/radios/5/tx_power_dbm': 'site',
      'wifi6_wireless/wlans/guest/ssid': 'device',
      'wifi6_wireless/wlans/guest/vlan_id': 'site',
      'wifi6_wireless/wlans/lab/vlan_id': 'device',
    });
    expect(Object.keys(origins)).not.toContain('wifi6_wireless/wlans/guest/id');
  });

  it('gives a standalone device its own document, every leaf its own', () => {
    const { document, origins } = effective(null, site);
    expect(document).toEqual(site);
    expect(new Set(Object.values(origins))).toEqual(new Set(['device']));
  });

  it('reverts one override to the site, and drops an item left with its identity alone', () => {
    const reverted = withoutOverride(overrides, 'wifi6_wireless/wlans/guest/ssid');
    expect(reverted).toEqual({
      wifi6_wireless: {
        radios: [{ band: '5', channel: 44 }],
        wlans: [{ id: 'lab', ssid: 'Lab', vlan_id: 30 }],
      },
    });
    expect(
      withoutOverride(
        withoutOverride(reverted, 'wifi6_wireless/radios/5/channel'),
        'wifi6_wireless/wlans/lab',
      ),
    ).toEqual({});
  });

  it('finds the overrides an edited document needs, and the changes between two documents', () => {
    const edited = effective(site, overrides).document;
    expect(overridesBetween(site, edited)).toEqual(overrides);
    expect(overridesBetween(site, site)).toBeUndefined();
    expect(changesBetween(site, edited).map((change) => change.path)).toEqual([
      'wifi6_wireless/radios/5/channel',
      'wifi6_wireless/wlans/guest/ssid',
      'wifi6_wireless/wlans/lab/ssid',
      'wifi6_wireless/wlans/lab/vlan_id',
    ]);
  });
});

// Documents of the configuration's shape: sections of plain values, lists of plain values, and lists of
// items with unique ids.
const plain = fc.oneof(
  fc.boolean(),
  fc.integer({ min: 0, max: 9 }),
  fc.constantFrom('a', 'b', 'c'),
  fc.constant(null),
);
const fields = fc.dictionary(fc.constantFrom('x', 'y', 'z'), plain, { maxKeys: 3 });
const items = fc
  .uniqueArray(fc.constantFrom('p', 'q', 'r', 's'), { maxLength: 3 })
  .chain((ids) => fc.tuple(...ids.map((id) => fields.map((rest) => ({ ...rest, id })))));
const section = fc.record({ a: plain, b: fc.array(plain, { maxLength: 3 }), items }, { requiredKeys: [] });
const documentArb = fc.dictionary(fc.constantFrom('one', 'two'), section, {
  maxKeys: 2,
}) as fc.Arbitrary<Json>;

describe('the merge laws', () => {
  it('an empty override changes nothing', () => {
    fc.assert(
      fc.property(documentArb, (document) => {
        expect(merge(document, {})).toEqual(document);
      }),
    );
  });

  it('the overrides found between a document and an edit of it give the edit back', () => {
    fc.assert(
      fc.property(documentArb, documentArb, (base, patch) => {
        const edited = merge(base, patch);
        const found = overridesBetween(base, edited);
        expect(merge(base, found ?? {})).toEqual(edited);
      }),
    );
  });

  it('reverting a leaf removes exactly that leaf from the overrides', () => {
    fc.assert(
      fc.property(documentArb, fc.nat(), (overrides, pick) => {
        const before = leaves(overrides);
        const paths = [...before.keys()];
        fc.pre(paths.length > 0);
        const path = paths[pick % paths.length] as string;
        const after = leaves(withoutOverride(overrides, path));
        before.delete(path);
        // What remains are the other leaves; an empty section or item left behind has no leaves at all.
        expect(new Map([...after].filter(([, value]) => !isEmptyContainer(value)))).toEqual(
          new Map([...before].filter(([, value]) => !isEmptyContainer(value))),
        );
      }),
    );
  });
});

const isEmptyContainer = (value: Json) =>
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
