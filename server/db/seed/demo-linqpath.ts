// docs/demo.md#linqpath: Demo Networks has one saved LinqPath plan, a 60 GHz link from Headquarters to a
// rooftop about 600 m away over a little terrain.
import type { LinqPathInputs } from '../../../core/api/linqpath.ts';
import type { Database } from '../connect.ts';
import { linqpathPlans } from '../schema/linqpath.ts';
import type { SeededSite } from './demo-sites.ts';

/** ML-60-PTP-XR-1G: the catalogue's 60 GHz point-to-point radio of longest reach. */
const SIXTY_GHZ_XR = 150;

export async function seedLinqPath(
  db: Database,
  cloudId: number,
  sites: readonly SeededSite[],
  ownerId: number,
) {
  const hq = sites.find((site) => site.cloudId === cloudId && site.name === 'Headquarters');
  if (!hq) throw new Error('Demo Networks has a Headquarters site');
  const end = (
    label: string,
    latitude: number,
    longitude: number,
    height: number,
    siteId: number | null,
  ) => ({
    label,
    latitude,
    longitude,
    height_m: height,
    product_brand_id: SIXTY_GHZ_XR,
    cable_loss_db: 0,
    device_id: null,
    site_id: siteId,
  });
  const inputs: LinqPathInputs = {
    kind: 'ptp',
    a: end('Headquarters', hq.latitude, hq.longitude, 25, hq.id),
    b: end('Rincon Hill rooftop', 37.7885, -122.3935, 30, null),
    rain_zone: 'K',
    availability_percent: 99.99,
    polarization: 'horizontal',
    terrain: [
      [0, 8],
      [150, 10],
      [300, 14],
      [450, 20],
      [640, 26],
    ],
  };
  await db.insert(linqpathPlans).values({ cloudId, name: 'HQ to Rincon Hill', inputs, createdBy: ownerId });
}
