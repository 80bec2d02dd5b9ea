// Service plans of guest access (docs/guest-access.md#service-plans): what a guest account gets, how long,
// how fast and how much. Null limits are unlimited; empty site_ids / ssids mean every site / SSID.
import { type Static, type TSchema, Type } from 'typebox';
import { closed } from './closed.ts';
import { LIST_LIMIT_MAX, LIST_PAGE_SIZE, ListPage } from './list-query.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const GUEST_PLAN_NAME_MAX = 80;
export const GUEST_PLAN_PRICE_LABEL_MAX = 40;
/** Validity: a minute to five years. */
export const GUEST_PLAN_VALIDITY_MAX = 5 * 365 * 24 * 60;
/** One session: a minute to 30 days. */
export const GUEST_PLAN_SESSION_MAX = 30 * 24 * 60;
/** Idle time before a session ends: a minute to a day. */
export const GUEST_PLAN_IDLE_MAX = 24 * 60;
/** Rates in kbit/s: 64 kbit/s to 10 Gbit/s, as the access points' own rate limits. */
export const GUEST_PLAN_RATE_MIN = 64;
export const GUEST_PLAN_RATE_MAX = 10_000_000;
/** Data quotas in bytes (docs/constants.md units, base 1000): 1 MB to 100 TB. */
export const GUEST_PLAN_QUOTA_MIN = 1_000_000;
export const GUEST_PLAN_QUOTA_MAX = 100_000_000_000_000;
export const GUEST_PLAN_DEVICES_MAX = 100;
export const GUEST_PLAN_SITES_MAX = 1000;
export const GUEST_PLAN_SSIDS_MAX = 32;
export const GUEST_PLAN_VALID_FROM = ['first_use', 'creation'] as const;
export const GUEST_PLAN_QUOTA_PERIODS = ['day', 'month'] as const;

export const GuestPlanParams = Type.Object({ cloudId: Id, planId: Id }, closed);

const planFields = {
  name: Type.String({ minLength: 1, maxLength: GUEST_PLAN_NAME_MAX, pattern: '\\S' }),
  /** What the plan costs as printed on a voucher ("€5", "Free"); the console charges nothing. */
  price_label: Type.String({ maxLength: GUEST_PLAN_PRICE_LABEL_MAX }),
  valid_from: Type.Enum(GUEST_PLAN_VALID_FROM),
  validity_minutes: Type.Integer({ minimum: 1, maximum: GUEST_PLAN_VALIDITY_MAX }),
  session_minutes: Nullable(Type.Integer({ minimum: 1, maximum: GUEST_PLAN_SESSION_MAX })),
  idle_minutes: Nullable(Type.Integer({ minimum: 1, maximum: GUEST_PLAN_IDLE_MAX })),
  down_kbps: Nullable(Type.Integer({ minimum: GUEST_PLAN_RATE_MIN, maximum: GUEST_PLAN_RATE_MAX })),
  up_kbps: Nullable(Type.Integer({ minimum: GUEST_PLAN_RATE_MIN, maximum: GUEST_PLAN_RATE_MAX })),
  session_quota_bytes: Nullable(
    Type.Integer({ minimum: GUEST_PLAN_QUOTA_MIN, maximum: GUEST_PLAN_QUOTA_MAX }),
  ),
  period_quota_bytes: Nullable(
    Type.Integer({ minimum: GUEST_PLAN_QUOTA_MIN, maximum: GUEST_PLAN_QUOTA_MAX }),
  ),
  /** Required with a period quota, null without. */
  quota_period: Nullable(Type.Enum(GUEST_PLAN_QUOTA_PERIODS)),
  devices_per_account: Type.Integer({ minimum: 1, maximum: GUEST_PLAN_DEVICES_MAX }),
  site_ids: Type.Array(Id, { maxItems: GUEST_PLAN_SITES_MAX, uniqueItems: true }),
  ssids: Type.Array(Type.String({ minLength: 1, maxLength: 32 }), {
    maxItems: GUEST_PLAN_SSIDS_MAX,
    uniqueItems: true,
  }),
};

export const GuestPlanBody = Type.Object(planFields, {
  ...closed,
  // The API document's example (docs/api.md#examples): a day pass for the lobby network.
  examples: [
    {
      name: 'Day pass',
      price_label: '€5',
      valid_from: 'first_use',
      validity_minutes: 1440,
      session_minutes: null,
      idle_minutes: 30,
      down_kbps: 20000,
      up_kbps: 5000,
      session_quota_bytes: null,
      period_quota_bytes: 5000000000,
      quota_period: 'day',
      devices_per_account: 2,
      site_ids: [12],
      ssids: ['Vilnius Guest'],
    },
  ],
});
export type GuestPlanBody = Static<typeof GuestPlanBody>;

/** A change: any of the fields, at least one. */
export const GuestPlanPatch = Type.Object(
  Object.fromEntries(Object.entries(planFields).map(([key, schema]) => [key, Type.Optional(schema)])) as {
    [K in keyof typeof planFields]: ReturnType<typeof Type.Optional<(typeof planFields)[K]>>;
  },
  { ...closed, minProperties: 1 },
);
export type GuestPlanPatch = Static<typeof GuestPlanPatch>;

export const GuestPlan = Type.Object({
  id: Type.Integer(),
  ...planFields,
  name: Type.String(),
  /** The sites of site_ids by name (those that still exist). */
  sites: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** How many guest accounts and vouchers use it: a plan in use cannot be deleted. */
  accounts: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type GuestPlan = Static<typeof GuestPlan>;

export const GuestPlanListQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
  },
  closed,
);
export type GuestPlanListQuery = Static<typeof GuestPlanListQuery>;

export const GuestPlanList = ListPage(GuestPlan);
export type GuestPlanList = Static<typeof GuestPlanList>;
