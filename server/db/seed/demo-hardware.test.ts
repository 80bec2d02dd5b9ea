// @vitest-environment node
// docs/demo.md#hardware: every demo device, as seeded and as the simulator reports it, matches its model in
// the catalogue: radios and bands, ports and SFP cages, PoE within budget, link capacity within what the
// link's MCS allows, and radio links whose far ends are demo devices that report the link back.
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phyRateMbps } from '../../../core/fleet/phy-rate.ts';
import type { HeartbeatRequest } from '../../../core/fleet/protocol.ts';
import { planRadioLinks } from '../../../core/fleet/radio-links.ts';
import { productBrand } from '../../../core/product-catalogue.ts';
import { type ModelHardware, modelHardware, portCount } from '../../../core/product-hardware.ts';
import { createDevice } from '../../../sim/device.ts';
import { listedDevice } from '../../../sim/identity.ts';
import { createPlaces } from '../../../sim/places.ts';
import { DEFAULT_RATES, type Rates } from '../../../sim/rates.ts';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../connect.ts';
import { devices } from '../schema/inventory.ts';
import { seedClouds } from './demo-clouds.ts';
import { seedDevices } from './demo-devices.ts';
import { seedSites } from './demo-sites.ts';

const now = new Date('2025-06-15T12:00:00Z');
/** A quiet network: nothing breaks, so every link is up and every budget kept. */
const QUIET = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;
const HEARTBEATS = 5;

type Seeded = typeof devices.$inferSelect;
let handle: DatabaseHandle;
let seeded: Seeded[];
/** Each device's heartbeats, by MAC. */
const reports = new Map<string, HeartbeatRequest[]>();

beforeAll(async () => {
  handle = await openTestDatabase();
  // The inventory as `npm start` seeds it (server/db/seed/demo.ts): clouds, their sites, their devices.
  const clouds = await seedClouds(handle.db, now);
  await seedDevices(handle.db, await seedSites(handle.db, clouds, now), now);
  seeded = await handle.db.select().from(devices).where(isNull(devices.deletedAt));
  // The simulator's fleet as `--demo` reads it from the console.
  const fleet = seeded.flatMap((device) => {
    const identity = listedDevice({
      sn: device.sn,
      mac: device.mac,
      product_brand_id: device.productBrandId,
      site: device.siteId === null ? null : { id: device.siteId },
    });
    return identity ? [identity] : [];
  });
  const peers = planRadioLinks(fleet);
  const place = createPlaces();
  for (const identity of fleet) {
    const device = createDevice(identity, 1, QUIET, place(identity.place), peers.get(identity.mac));
    reports.set(
      identity.mac,
      Array.from({ length: HEARTBEATS }, () => device.step(60).heartbeat as HeartbeatRequest),
    );
  }
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

const hardwareOf = (device: Seeded) => modelHardware(device.productBrandId) as ModelHardware;
const skuOf = (device: Seeded) => productBrand(device.productBrandId)?.productBrandSku ?? '';
const reportsOf = (device: Seeded) => reports.get(device.mac) ?? [];

describe('demo devices against their catalogue entry', () => {
  it('every seeded device is a model of the catalogue, of its family', () => {
    expect(seeded.length).toBeGreaterThan(300);
    for (const device of seeded) {
      expect(productBrand(device.productBrandId)?.productType, device.name).toBe(device.productType);
      expect(modelHardware(device.productBrandId), device.name).toBeDefined();
      expect(reportsOf(device), device.name).toHaveLength(HEARTBEATS);
    }
  });

  it('reports the radios and bands its model has: 6 GHz on Wi-Fi 6E and 7, 60 GHz only on link and mesh radios', () => {
    const bandsSeen = new Set<string>();
    for (const device of seeded) {
      const hardware = hardwareOf(device);
      const expected = [
        ...hardware.radios.map((radio) => radio.band),
        ...(hardware.link?.role === 'mesh' ? ['60'] : []),
      ];
      for (const report of reportsOf(device)) {
        const bands = (report.radios ?? []).map((radio) => radio.band);
        expect(bands, `${device.name} (${skuOf(device)})`).toEqual(expected);
        for (const radio of report.radios ?? []) {
          bandsSeen.add(radio.band);
          const model = hardware.radios.find((candidate) => candidate.band === radio.band);
          if (model) expect(radio.widthMhz, device.name).toBeLessThanOrEqual(model.maxWidthMhz);
        }
      }
      const sku = skuOf(device);
      if (/WIFI6E|WIFI7/.test(sku)) expect(expected, sku).toContain('6');
      if (expected.includes('60')) expect(sku, device.name).toMatch(/^MESH-60-/);
      if (device.productType === 'glinq') expect(expected, sku).not.toContain('60');
    }
    expect([...bandsSeen].sort()).toEqual(['2.4', '5', '6', '60']);
  });

  it('reports as many ports as its model has, SFP cages at their speed, and a PoE draw per port within budget', () => {
    let switches = 0;
    for (const device of seeded) {
      const set = hardwareOf(device).ports;
      for (const report of reportsOf(device)) {
        if (!set) {
          expect(report.ports, device.name).toBeUndefined();
          continue;
        }
        const ports = report.ports ?? [];
        expect(
          ports.map((port) => port.port),
          skuOf(device),
        ).toEqual(Array.from({ length: portCount(set) }, (_, index) => index + 1));
        for (const port of ports) {
          const sfp = port.port > set.copper;
          if (port.link) {
            if (sfp) expect(port.speedMbps, skuOf(device)).toBe(set.sfpSpeedMbps);
            else expect(port.speedMbps).toBeLessThanOrEqual(set.copperSpeedMbps);
          }
          if (sfp || port.port > set.poePorts || !port.link) expect(port.poeW, skuOf(device)).toBe(0);
          expect(port.poeW).toBeLessThanOrEqual(set.poePortMaxW);
        }
        const draws = ports.map((port) => port.poeW).filter((watts) => watts > 0);
        const total = draws.reduce((sum, watts) => sum + watts, 0);
        expect(total, skuOf(device)).toBeLessThanOrEqual(set.poeBudgetW);
        if (set.poeBudgetW > 0) {
          expect(report.system.powerBudgetW).toBe(set.poeBudgetW);
          expect(report.system.powerW).toBeCloseTo(total, 0);
          if (draws.length > 2) expect(new Set(draws).size, skuOf(device)).toBeGreaterThan(1);
          switches += 1;
        }
      }
    }
    expect(switches).toBeGreaterThan(0);
  });

  it('a gateway reports its WAN uplinks and its WAN and LAN ports', () => {
    for (const device of seeded.filter((candidate) => candidate.productType === 'gateway')) {
      const hardware = hardwareOf(device);
      expect(hardware.wanPorts, skuOf(device)).toBeGreaterThan(0);
      expect(hardware.lanPorts, skuOf(device)).toBeGreaterThan(0);
      for (const report of reportsOf(device)) {
        expect(report.ports, skuOf(device)).toHaveLength(hardware.wanPorts + hardware.lanPorts);
        expect(report.wan?.length, skuOf(device)).toBe(hardware.wanPorts + (hardware.cellular ? 1 : 0));
      }
    }
  });

  it('reports a link capacity within what its MCS allows and within its model', () => {
    let links = 0;
    for (const device of seeded) {
      const link = hardwareOf(device).link;
      for (const report of reportsOf(device)) {
        for (const reported of report.links ?? []) {
          expect(link, device.name).not.toBeNull();
          if (!link || !reported.up) continue;
          expect(reported.band).toBe(link.band);
          const rate = phyRateMbps({
            phy: link.phy,
            widthMhz: link.widthMhz,
            mcs: reported.mcs as number,
            streams: link.streams,
          });
          expect(reported.capacityMbps, skuOf(device)).toBeLessThanOrEqual(rate);
          expect(reported.capacityMbps, skuOf(device)).toBeLessThanOrEqual(link.capacityMbps);
          expect(reported.capacityMbps, skuOf(device)).toBeGreaterThan(0);
          links += 1;
        }
      }
    }
    expect(links).toBeGreaterThan(50);
  });

  it('names real demo devices as its radio-link peers, each reporting the link back', () => {
    const byMac = new Map(seeded.map((device) => [device.mac, device]));
    const linked = new Set<number>();
    for (const device of seeded) {
      const [report] = reportsOf(device);
      for (const link of report?.links ?? []) {
        const peer = byMac.get(link.peerMac);
        expect(peer, `${device.name} -> ${link.peerMac}`).toBeDefined();
        if (!peer) continue;
        expect(peer.cloudId).toBe(device.cloudId);
        expect(peer.siteId).toBe(device.siteId);
        const back = reportsOf(peer)[0]?.links?.map((candidate) => candidate.peerMac);
        expect(back, `${peer.name} -> ${device.name}`).toContain(device.mac);
        linked.add(device.id);
      }
      for (const meshPeer of report?.meshPeers ?? []) {
        const peer = byMac.get(meshPeer.mac);
        expect(peer?.productType, `${device.name} mesh peer`).toBe('mesh');
        expect(reportsOf(peer as Seeded)[0]?.meshPeers?.map((candidate) => candidate.mac)).toContain(
          device.mac,
        );
      }
    }
    // Every PtP radio and subscriber has its far end; only the Lab & Staging bench unit is left alone.
    const radios = seeded.filter((device) =>
      ['ptp', 'subscriber'].includes(hardwareOf(device).link?.role ?? ''),
    );
    const alone = radios.filter((device) => !linked.has(device.id)).map((device) => device.name);
    expect(alone).toEqual(['LAB PtP Link 2A']);
    // A PtP link joins the A and B ends of one link name.
    const named = new Map(seeded.map((device) => [device.mac, device.name]));
    for (const device of seeded.filter(
      (candidate) => candidate.name.endsWith('A') && candidate.productType === 'metrolinq',
    )) {
      const [link] = reportsOf(device)[0]?.links ?? [];
      if (link) expect(named.get(link.peerMac)).toBe(`${device.name.slice(0, -1)}B`);
    }
  });
});
