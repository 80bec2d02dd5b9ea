import { describe, expect, it } from 'vitest';
import { planRadioLinks } from '../core/fleet/radio-links.ts';
import { modelHardware } from '../core/product-hardware.ts';
import { createDevice } from './device.ts';
import { generateFleet } from './identity.ts';
import { createPlaces } from './places.ts';
import { DEFAULT_RATES, type Rates } from './rates.ts';

const QUIET = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;

describe('radio links of a generated fleet', () => {
  const fleet = generateFleet(7, 200);
  const peers = planRadioLinks(fleet);
  const place = createPlaces();
  const beats = new Map(
    fleet.map((identity) => [
      identity.mac,
      createDevice(identity, 7, QUIET, place(identity.place), peers.get(identity.mac)).step(60).heartbeat,
    ]),
  );

  it('links radios of one place to each other, both ends reporting the link', () => {
    const byMac = new Map(fleet.map((identity) => [identity.mac, identity]));
    let links = 0;
    for (const identity of fleet) {
      for (const link of beats.get(identity.mac)?.links ?? []) {
        const peer = byMac.get(link.peerMac);
        expect(peer?.place).toBe(identity.place);
        expect(modelHardware(peer?.productBrandId ?? 0)?.link?.band).toBe(link.band);
        expect(beats.get(link.peerMac)?.links?.map((back) => back.peerMac)).toContain(identity.mac);
        links += 1;
      }
    }
    // Every generated PtP radio but a place's odd one has its far end.
    const ptp = fleet.filter((identity) => identity.productType === 'metrolinq');
    const linked = ptp.filter((identity) => (beats.get(identity.mac)?.links ?? []).length > 0);
    expect(linked.length).toBeGreaterThanOrEqual(ptp.length - new Set(ptp.map((i) => i.place)).size);
    expect(links).toBeGreaterThan(10);
  });

  it('gives each powered switch port a draw of its own', () => {
    const switches = fleet.filter(
      (identity) => (modelHardware(identity.productBrandId)?.ports?.poeBudgetW ?? 0) > 0,
    );
    expect(switches.length).toBeGreaterThan(0);
    for (const identity of switches) {
      const draws = (beats.get(identity.mac)?.ports ?? [])
        .map((port) => port.poeW)
        .filter((watts) => watts > 0);
      if (draws.length > 2) expect(new Set(draws).size).toBeGreaterThan(1);
    }
  });
});
