import type { PlanType } from '../../../core/domain.ts';
import type { Database } from '../connect.ts';
import { addons, advertisements, cloudAddons, clouds } from '../schema/clouds.ts';
import { insertRows, insertRowsReturningIds } from './insert.ts';
import { daysAgo, shift } from './time.ts';

export type CloudOwner = 'owner' | 'trial' | 'partner';

type PlanDates = {
  /** Days before now, or a fixed date. */
  created: number | Date;
  purchased?: number;
  /** Days from now; negative when the plan has expired. */
  expires: number;
  suspended?: number;
};

export type CloudSpec = PlanDates & {
  name: string;
  plan: PlanType;
  /** Billing country; missing on purpose for one cloud (billing country reminder). */
  country: string | undefined;
  owner: CloudOwner;
  company: string;
  /** False for the cloud that has never used a license (free-trial prompt of docs/constants.md). */
  licensed: boolean;
};

type Extras = Partial<Pick<CloudSpec, 'owner' | 'company' | 'licensed'>>;

function cloud(
  name: string,
  plan: PlanType,
  country: string | undefined,
  dates: PlanDates,
  extras: Extras = {},
): CloudSpec {
  return { name, plan, country, owner: 'owner', company: name, licensed: true, ...dates, ...extras };
}

export const DEMO_CLOUD = 'Demo Networks';
export const TRIAL_CLOUD = 'Trial Lab';
export const PARTNER_CLOUDS = ['Partner ISP', 'Metro Fiber Co'] as const;
const partner = { owner: 'partner' } as const;

// Demo Networks comes first so that it gets id 1 on an empty database.
export const CLOUD_SPECS: readonly CloudSpec[] = [
  cloud(
    DEMO_CLOUD,
    'intro',
    'US',
    { created: 1100, purchased: 304, expires: 61 },
    { company: 'Demo Networks Ltd' },
  ),
  cloud('Harbor Wireless', 'trial', 'US', { created: 9, expires: 21 }),
  cloud('Summit VPC', 'vpc', 'CA', { created: 700, purchased: 150, expires: 215 }),
  cloud('Lakeside Hotels', 'intro', 'GB', { created: 900, purchased: 380, expires: -15, suspended: 6 }),
  cloud('Riverside Campus', 'intro', 'US', { created: 800, purchased: 377, expires: -12 }),
  cloud('Northgate Retail', 'intro', 'DE', { created: 600, purchased: 345, expires: 18 }),
  cloud('Old Town Apartments', 'intro', undefined, { created: 400, purchased: 120, expires: 245 }),
  cloud(
    'Legacy Farms Co-op',
    'intro',
    'US',
    { created: new Date('2019-11-14T09:30:00Z'), purchased: 200, expires: 50 },
    { licensed: false },
  ),
  cloud('Coastal Clinics', 'intro', 'US', { created: 500, purchased: 100, expires: 265 }),
  cloud('Valley School District', 'intro', 'US', { created: 450, purchased: 60, expires: 305 }),
  cloud('Airport Logistics', 'vpc', 'LT', { created: 350, purchased: 90, expires: 275 }),
  cloud('Stadium Events', 'intro', 'US', { created: 300, purchased: 30, expires: 335 }),
  cloud('Mountain WISP', 'intro', 'CA', { created: 250, purchased: 200, expires: 165 }),
  cloud(TRIAL_CLOUD, 'trial', 'US', { created: 10, expires: 20 }, { owner: 'trial' }),
  cloud(
    'Partner ISP',
    'intro',
    'US',
    { created: 800, purchased: 100, expires: 265 },
    { ...partner, company: 'Partner ISP Inc.' },
  ),
  cloud('Metro Fiber Co', 'vpc', 'US', { created: 650, purchased: 80, expires: 285 }, partner),
];

export type SeededCloud = CloudSpec & { id: number; createdAt: Date; planExpiresAt: Date };

export async function seedClouds(db: Database, now: Date): Promise<SeededCloud[]> {
  const rows = CLOUD_SPECS.map((cloud) => {
    const createdAt = typeof cloud.created === 'number' ? daysAgo(now, cloud.created) : cloud.created;
    const isDemo = cloud.name === DEMO_CLOUD;
    return {
      name: cloud.name,
      planType: cloud.plan,
      company: cloud.company,
      billingAddress: {
        street: isDemo ? '200 Market Street' : '1 Main Street',
        city: isDemo ? 'San Francisco' : 'Springfield',
        postalCode: isDemo ? '94105' : '10001',
        ...(cloud.country ? { country: cloud.country } : {}),
      },
      authportEnabled: isDemo,
      enableAdvertisement: isDemo,
      largeSiteSupportAllowed: isDemo,
      badgeOfCourage: isDemo,
      suspendedAt: cloud.suspended === undefined ? null : daysAgo(now, cloud.suspended),
      suspendType: cloud.suspended === undefined ? null : 'payment',
      planPurchasedAt: cloud.purchased === undefined ? null : daysAgo(now, cloud.purchased),
      planExpiresAt: shift(now, { days: cloud.expires }),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const ids = await insertRowsReturningIds(db, clouds, rows);
  return CLOUD_SPECS.map((cloud, index) => {
    const row = rows[index] as (typeof rows)[number];
    return { ...cloud, id: ids[index] as number, createdAt: row.createdAt, planExpiresAt: row.planExpiresAt };
  });
}

export const ADDONS = [
  { slug: 'authport', name: 'AuthPort', description: 'Captive portals, service plans and guest accounts.' },
  { slug: 'sdwan', name: 'SD-WAN', description: 'Encrypted site-to-site tunnels between gateways.' },
  {
    slug: 'video-analytics',
    name: 'Video Analytics',
    description: 'People and vehicle detection on recorders.',
  },
] as const;

/** The add-on catalogue, the add-ons of Demo Networks and the promotional videos. */
export async function seedAddons(db: Database, demoCloudId: number, now: Date): Promise<Map<string, number>> {
  const ids = await insertRowsReturningIds(db, addons, [...ADDONS]);
  const bySlug = new Map(ADDONS.map((addon, index) => [addon.slug as string, ids[index] as number]));
  await insertRows(
    db,
    cloudAddons,
    ['authport', 'sdwan'].map((slug, index) => ({
      cloudId: demoCloudId,
      addonId: bySlug.get(slug) as number,
      enabledAt: daysAgo(now, 200 - index * 60),
    })),
  );
  await insertRows(db, advertisements, [
    {
      title: 'Getting started with the console',
      videoUrl: '/media/videos/getting-started.webm',
      createdAt: daysAgo(now, 90),
    },
    {
      title: 'Firmware updates at scale',
      videoUrl: '/media/videos/firmware-at-scale.webm',
      createdAt: daysAgo(now, 30),
    },
  ]);
  return bySlug;
}
