import { describe, expect, it } from 'vitest';
import { maxMcsOf, minMcsOf, phyRateMbps } from './fleet/phy-rate.ts';
import { PRODUCT_CATALOGUE } from './product-catalogue.ts';
import { modelHardware, portCount } from './product-hardware.ts';

const bySku = (sku: string) => {
  const brand = PRODUCT_CATALOGUE.find((candidate) => candidate.productBrandSku === sku);
  if (!brand) throw new Error(sku);
  return modelHardware(brand.productBrandId);
};
const bands = (sku: string) => bySku(sku)?.radios.map((radio) => radio.band);

describe('model hardware', () => {
  it('gives every model of the catalogue what its family has', () => {
    for (const brand of PRODUCT_CATALOGUE) {
      const hardware = modelHardware(brand.productBrandId);
      expect(hardware, brand.productBrandSku).toBeDefined();
      if (!hardware) continue;
      const { productType: type, productBrandSku: sku } = brand;
      if (type === 'wifi' || type === 'glinq') expect(hardware.radios.length, sku).toBeGreaterThan(0);
      if (type === 'ptmp' || type === 'metrolinq') expect(hardware.link, sku).not.toBeNull();
      if (type === 'switch') expect(hardware.ports && portCount(hardware.ports), sku).toBeGreaterThan(0);
      if (type === 'gateway') {
        expect(hardware.wanPorts, sku).toBeGreaterThan(0);
        expect(hardware.lanPorts, sku).toBeGreaterThan(0);
      }
      // 60 GHz only on MetroLinq, 60 GHz PtMP and Terragraph (60 GHz mesh) units, never as an access radio.
      expect(hardware.radios.map((radio) => radio.band)).not.toContain('60');
      if (hardware.link?.band === '60') expect(sku).toMatch(/^(ML-60|PMP-60|MESH-60)-/);
      // The link's top MCS exists and carries something.
      if (hardware.link) {
        const { phy, widthMhz, streams, maxMcs } = hardware.link;
        expect(maxMcs).toBeLessThanOrEqual(maxMcsOf(phy));
        expect(maxMcs).toBeGreaterThanOrEqual(minMcsOf(phy));
        expect(phyRateMbps({ phy, widthMhz, mcs: maxMcs, streams }), sku).toBeGreaterThan(500);
      }
      const ports = hardware.ports;
      if (ports) {
        expect(ports.poePorts).toBeLessThanOrEqual(ports.copper);
        expect(ports.poeBudgetW > 0).toBe(ports.poePorts > 0);
        // A budget that does not power every port at its most at once, as PoE switches are sold.
        expect(ports.poeBudgetW).toBeLessThanOrEqual(ports.poePorts * ports.poePortMaxW);
      }
    }
  });

  it('has 6 GHz on Wi-Fi 6E and 7 models only', () => {
    expect(bands('AP-WIFI5-2x2-IN')).toEqual(['2.4', '5']);
    expect(bands('AP-WIFI6-4x4-OUT')).toEqual(['2.4', '5']);
    expect(bands('AP-WIFI6E-2x2-IN')).toEqual(['2.4', '5', '6']);
    expect(bands('AP-WIFI7-4x4-HD')).toEqual(['2.4', '5', '6']);
    expect(bands('GLQ-2x2-IN-WIFI6')).toEqual(['2.4', '5']);
    expect(bands('GLQ-4x4-OUT-WIFI6E')).toEqual(['2.4', '5', '6']);
    expect(bySku('AP-WIFI7-4x4-HD')?.radios.at(-1)).toMatchObject({
      phy: 'eht',
      maxWidthMhz: 320,
      streams: 4,
    });
  });

  it('counts copper ports and SFP cages as the model name says', () => {
    expect(bySku('SW-ST-24P-POE-4SFP+')?.ports).toMatchObject({
      copper: 24,
      sfp: 4,
      sfpSpeedMbps: 10_000,
      poePorts: 24,
      poeBudgetW: 370,
    });
    expect(bySku('SW-ST-48P-POE-HP-4SFP')?.ports).toMatchObject({ copper: 48, sfp: 4, sfpSpeedMbps: 1000 });
    expect(bySku('SW-AGG-24X-SFP28')?.ports).toMatchObject({ copper: 0, sfp: 24, sfpSpeedMbps: 25_000 });
    expect(bySku('SW-8P-GE')?.ports).toMatchObject({ copper: 8, poePorts: 0, poeBudgetW: 0 });
    expect(bySku('SW-MG-24P-POE')?.ports).toMatchObject({ copper: 24, copperSpeedMbps: 2500 });
    expect(bySku('GW-1G-8P')).toMatchObject({ wanPorts: 2, lanPorts: 6 });
    expect(bySku('GW-CELL-5G-4P')).toMatchObject({ wanPorts: 1, lanPorts: 3, cellular: '5G' });
  });

  it('rates a link by its model: 1 Gbps models carry at most 1 Gbps', () => {
    expect(bySku('ML-60-PTP-STD-1G')?.link).toMatchObject({ band: '60', phy: 'dmg', capacityMbps: 1000 });
    expect(bySku('ML-60-PTP-LR-10G')?.link).toMatchObject({ band: '60', phy: 'edmg', capacityMbps: 10_000 });
    expect(bySku('ML-5-PTP-23DBI-1G')?.link).toMatchObject({ band: '5', widthMhz: 80, capacityMbps: 1000 });
    expect(bySku('PMP-6-CPE-19DBI')?.link).toMatchObject({ band: '6', role: 'subscriber' });
    expect(bySku('MESH-60-POP-1G')?.link).toMatchObject({ band: '60', role: 'mesh' });
    expect(bySku('ML-80-PTP-25G')?.link).toMatchObject({ band: '80', capacityMbps: 25_000 });
  });
});
