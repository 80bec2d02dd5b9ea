import type { ProductType } from '../../../core/domain.ts';
import type { Database } from '../connect.ts';
import { sites } from '../schema/inventory.ts';
import { DEMO_CLOUD, type SeededCloud } from './demo-clouds.ts';
import { insertRowsReturningIds } from './insert.ts';
import { createRandom } from './random.ts';
import { daysAgo } from './time.ts';

/** How many devices of each product type a site holds. */
export type DeviceMix = Partial<Record<Exclude<ProductType, 'smartnvr'>, number>>;

type Place = readonly [name: string, address: string, latitude: number, longitude: number];

// Demo Networks: [code for names and host names, site name, address, latitude, longitude].
const DEMO_SITES: readonly (readonly [string, ...Place])[] = [
  ['hq', 'Headquarters', '200 Market Street, San Francisco, CA 94105', 37.7937, -122.3966],
  ['wh', 'Main Warehouse', '1550 Industrial Way, Oakland, CA 94607', 37.8005, -122.293],
  ['nc', 'North Campus', '4100 Research Park Drive, Santa Rosa, CA 95403', 38.4926, -122.7412],
  ['dt', 'Downtown Office', '75 Broadway, Sacramento, CA 95818', 38.5668, -121.4947],
  ['dce', 'Distribution Center East', '9800 Logistics Parkway, Reno, NV 89506', 39.653, -119.846],
  ['rs', 'Retail Store 14', '318 Valley Fair Mall, San Jose, CA 95128', 37.3257, -121.945],
  ['hbr', 'Harbor Terminal', '2201 Seaport Boulevard, Redwood City, CA 94063', 37.508, -122.211],
  ['hbv', 'Hotel Bayview', '1 Bayview Plaza, Monterey, CA 93940', 36.6002, -121.8947],
  ['dcw', 'Data Center West', '11 Server Farm Road, Hillsboro, OR 97124', 45.543, -122.949],
  ['rdg', 'Ridge Tower', '8800 Ridge Summit Road, Danville, CA 94506', 37.8815, -121.9143],
  ['atx', 'Austin Branch', '600 Congress Avenue, Austin, TX 78701', 30.2686, -97.7428],
  ['lab', 'Lab & Staging', '42 Test Bench Lane, Fremont, CA 94538', 37.529, -121.976],
  ['stp', 'Stadium Parking', '4900 Centennial Boulevard, Santa Clara, CA 95054', 37.403, -121.97],
  ['snc', 'Sunset Clinic', '1800 Irving Street, San Francisco, CA 94122', 37.7637, -122.478],
];

// Every product family appears; switches sit everywhere, radios on the towers and the harbour.
const DEMO_MIX: Readonly<Record<string, DeviceMix>> = {
  hq: { gateway: 1, switch: 8, wifi: 30, glinq: 2 },
  wh: { gateway: 1, switch: 6, wifi: 24, mesh: 4 },
  nc: { gateway: 1, switch: 6, wifi: 26, metrolinq: 4, mesh: 2 },
  dt: { gateway: 1, switch: 3, wifi: 12, glinq: 2 },
  dce: { gateway: 1, switch: 5, wifi: 16, ptmp: 2 },
  rs: { gateway: 1, switch: 2, wifi: 6, glinq: 2 },
  hbr: { gateway: 2, switch: 4, wifi: 10, metrolinq: 6, ptmp: 4, mesh: 4 },
  hbv: { gateway: 1, switch: 5, wifi: 22, glinq: 4 },
  dcw: { gateway: 2, switch: 10, wifi: 4 },
  rdg: { gateway: 1, switch: 2, ptmp: 14, metrolinq: 6, mesh: 2 },
  atx: { gateway: 1, switch: 2, wifi: 8, glinq: 2 },
  lab: { gateway: 1, switch: 4, wifi: 6, ptmp: 2, metrolinq: 3, mesh: 2, glinq: 2 },
  stp: { gateway: 1, switch: 2, wifi: 10, ptmp: 2, mesh: 6 },
  snc: { gateway: 1, switch: 2, wifi: 8 },
};

// The other clouds: [cloud name, site name, address, latitude, longitude].
const OTHER_SITES: readonly (readonly [string, ...Place])[] = [
  ['Harbor Wireless', 'Pier 9 Office', '9 Pier Road, Seattle, WA 98121', 47.6118, -122.3515],
  ['Harbor Wireless', 'Boat Yard', '300 Shipyard Way, Seattle, WA 98119', 47.6312, -122.3811],
  ['Summit VPC', 'Colo Rack A', '120 Data Drive, Calgary, AB T2E 7H7', 51.0899, -114.0447],
  ['Summit VPC', 'Colo Rack B', '120 Data Drive, Calgary, AB T2E 7H7', 51.0901, -114.0449],
  ['Lakeside Hotels', 'Lakeside Lodge', '5 Lake Road, Windermere LA23 1AA', 54.3802, -2.9071],
  ['Lakeside Hotels', 'Boathouse Inn', '12 Ferry Nab, Bowness LA23 3HQ', 54.3601, -2.9312],
  ['Riverside Campus', 'Library', '1 College Way, Sacramento, CA 95819', 38.5603, -121.4237],
  ['Riverside Campus', 'Sports Hall', '9 College Way, Sacramento, CA 95819', 38.5588, -121.4209],
  ['Northgate Retail', 'Store Altona', 'Ottenser Hauptstrasse 10, 22765 Hamburg', 53.5526, 9.9354],
  ['Northgate Retail', 'Store Harburg', 'Luneburger Strasse 20, 21073 Hamburg', 53.4609, 9.9817],
  ['Old Town Apartments', 'Building A', 'Pilies g. 8, Vilnius 01123', 54.6837, 25.2893],
  ['Old Town Apartments', 'Building B', 'Didzioji g. 15, Vilnius 01128', 54.6797, 25.2868],
  ['Legacy Farms Co-op', 'Packing Shed', '4400 Orchard Road, Fresno, CA 93725', 36.6702, -119.7311],
  ['Legacy Farms Co-op', 'Farm Office', '4410 Orchard Road, Fresno, CA 93725', 36.6711, -119.7299],
  ['Coastal Clinics', 'Bay Clinic', '850 Harbor Drive, San Diego, CA 92101', 32.7157, -117.1711],
  ['Coastal Clinics', 'Point Loma Clinic', '2900 Rosecrans Street, San Diego, CA 92106', 32.7437, -117.2139],
  ['Valley School District', 'Valley High', '1000 School Road, Modesto, CA 95350', 37.6688, -121.0091],
  ['Valley School District', 'Oak Elementary', '250 Oak Avenue, Modesto, CA 95354', 37.6405, -120.9771],
  ['Airport Logistics', 'Cargo Terminal', 'Oro uosto g. 4, Karmelava 54460', 54.9639, 24.0848],
  ['Airport Logistics', 'Hangar 2', 'Oro uosto g. 6, Karmelava 54460', 54.9651, 24.0871],
  ['Stadium Events', 'Main Bowl', '1701 Bryant Street, Denver, CO 80204', 39.7439, -105.0201],
  ['Stadium Events', 'Fan Zone', '1900 Eliot Street, Denver, CO 80204', 39.7461, -105.0247],
  ['Mountain WISP', 'Sulphur Tower', 'Mountain Avenue, Banff, AB T1L 1J3', 51.1488, -115.5734],
  ['Mountain WISP', 'Valley Relay', 'Bow Valley Parkway, Banff, AB T1L 1K2', 51.2011, -115.6502],
  ['Trial Lab', 'Home Lab', '1100 South Lamar Boulevard, Austin, TX 78704', 30.2531, -97.7649],
  ['Partner ISP', 'Westside POP', '1500 NW Front Avenue, Portland, OR 97209', 45.5311, -122.6829],
  ['Metro Fiber Co', 'Loop Exchange', '350 East Cermak Road, Chicago, IL 60616', 41.8532, -87.6188],
];

const OFFICE_MIX: DeviceMix = { gateway: 1, switch: 1, wifi: 3 };
const RADIO_MIX: DeviceMix = { gateway: 1, switch: 1, ptmp: 3, metrolinq: 2 };
const RADIO_CLOUDS = new Set(['Mountain WISP', 'Partner ISP']);

export type SeededSite = {
  id: number;
  cloudId: number;
  name: string;
  /** Short code used in host names. */
  code: string;
  /** How device names start: the short code in Demo Networks, the site name elsewhere. */
  label: string;
  /** Position among all seeded sites; gives each site its own 10.x address block. */
  index: number;
  mix: DeviceMix;
  configEnabled: boolean;
  /** Where the site is: its devices stand around it on the site map (docs/demo.md). */
  latitude: number;
  longitude: number;
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((word) => word[0]?.toLowerCase() ?? '')
    .join('');
}

export async function seedSites(
  db: Database,
  clouds: readonly SeededCloud[],
  now: Date,
): Promise<SeededSite[]> {
  const random = createRandom(0x5173);
  const cloudId = (name: string) => {
    const cloud = clouds.find((candidate) => candidate.name === name);
    if (!cloud) throw new Error(`Unknown demo cloud ${name}`);
    return cloud.id;
  };
  const places = [
    ...DEMO_SITES.map(([code, ...place]) => ({ cloud: DEMO_CLOUD, code, place, mix: DEMO_MIX[code] ?? {} })),
    ...OTHER_SITES.map(([cloud, ...place]) => ({
      cloud,
      code: initials(place[0]),
      place,
      mix: RADIO_CLOUDS.has(cloud) ? RADIO_MIX : OFFICE_MIX,
    })),
  ];
  const rows = places.map(({ cloud, code, place: [name, location, latitude, longitude] }) => {
    const createdAt = daysAgo(now, random.int(120, 1000));
    return {
      cloudId: cloudId(cloud),
      name,
      location,
      latitude,
      longitude,
      configEnabled: !(cloud === DEMO_CLOUD && code === 'lab'),
      sdwanEnabled: cloud === DEMO_CLOUD && code === 'hbr',
      configSavedAt: daysAgo(now, random.int(1, 90)),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const ids = await insertRowsReturningIds(db, sites, rows);
  return places.map(({ cloud, code, mix }, index) => {
    const row = rows[index] as (typeof rows)[number];
    return {
      id: ids[index] as number,
      cloudId: row.cloudId,
      name: row.name,
      code,
      label: cloud === DEMO_CLOUD ? code.toUpperCase() : row.name,
      index,
      mix,
      configEnabled: row.configEnabled,
      latitude: row.latitude,
      longitude: row.longitude,
    };
  });
}
