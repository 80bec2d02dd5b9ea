// LinqPath's calls (docs/linqpath.md, docs/api.md#the-calls): the cloud's saved link plans, each the inputs
// of a plan; every result is computed from them by core/linqpath/.
import { type Static, type TSchema, Type } from 'typebox';
import { AVAILABILITY_MAX, AVAILABILITY_MIN, RAIN_ZONE_IDS } from '../linqpath/rain.ts';
import { closed } from './closed.ts';
import { ListPage, ListQuery } from './list-query.ts';

/** docs/linqpath.md#limits. */
export const LINQPATH_NAME_MAX_LENGTH = 100;
export const LINQPATH_LABEL_MAX_LENGTH = 100;
export const LINQPATH_HEIGHT_MAX_M = 500;
export const LINQPATH_CABLE_LOSS_MAX_DB = 30;
export const LINQPATH_TERRAIN_MAX = 2000;
/** The longest path a plan may span, km. */
export const LINQPATH_DISTANCE_MAX_KM = 100;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const LinqPathParams = Type.Object({ cloudId: Id }, closed);
export type LinqPathParams = Static<typeof LinqPathParams>;
export const LinqPathPlanParams = Type.Object({ cloudId: Id, planId: Id }, closed);
export type LinqPathPlanParams = Static<typeof LinqPathPlanParams>;

export const LinqPathListQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  },
  closed,
);
export type LinqPathListQuery = Static<typeof LinqPathListQuery>;

/** One end of the link: where it stands, how high its antenna is, and the radio on it. */
export const LinqPathEnd = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: LINQPATH_LABEL_MAX_LENGTH, pattern: '\\S' }),
    latitude: Type.Number({ minimum: -90, maximum: 90 }),
    longitude: Type.Number({ minimum: -180, maximum: 180 }),
    /** The antenna's height above the ground, metres. */
    height_m: Type.Number({ minimum: 0, maximum: LINQPATH_HEIGHT_MAX_M }),
    /** A catalogue model with a link radio. */
    product_brand_id: Id,
    cable_loss_db: Type.Number({ minimum: 0, maximum: LINQPATH_CABLE_LOSS_MAX_DB }),
    /** The device or site the point was taken from; null for a point typed in. */
    device_id: Nullable(Id),
    site_id: Nullable(Id),
  },
  closed,
);
export type LinqPathEnd = Static<typeof LinqPathEnd>;

/** A terrain sample: metres from end A, ground height above sea level in metres. */
export const TerrainSample = Type.Tuple([
  Type.Number({ minimum: 0, maximum: LINQPATH_DISTANCE_MAX_KM * 1000 }),
  Type.Number({ minimum: -500, maximum: 9000 }),
]);

export const LinqPathInputs = Type.Object(
  {
    kind: Type.Union([Type.Literal('ptp'), Type.Literal('ptmp')]),
    a: LinqPathEnd,
    b: LinqPathEnd,
    rain_zone: Type.Enum(RAIN_ZONE_IDS),
    availability_percent: Type.Number({ minimum: AVAILABILITY_MIN, maximum: AVAILABILITY_MAX }),
    polarization: Type.Union([Type.Literal('horizontal'), Type.Literal('vertical')]),
    /** Distances rising; empty for flat earth. */
    terrain: Type.Array(TerrainSample, { maxItems: LINQPATH_TERRAIN_MAX }),
  },
  closed,
);
export type LinqPathInputs = Static<typeof LinqPathInputs>;

const PlanName = Type.String({ minLength: 1, maxLength: LINQPATH_NAME_MAX_LENGTH, pattern: '\\S' });

export const LinqPathPlanBody = Type.Object({ name: PlanName, inputs: LinqPathInputs }, closed);
export type LinqPathPlanBody = Static<typeof LinqPathPlanBody>;
export const LinqPathPlanPatch = Type.Object(
  { name: Type.Optional(PlanName), inputs: Type.Optional(LinqPathInputs) },
  { ...closed, minProperties: 1 },
);
export type LinqPathPlanPatch = Static<typeof LinqPathPlanPatch>;

export const LinqPathPlan = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  inputs: LinqPathInputs,
  /** Who saved it first; null once that member is gone. */
  created_by: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type LinqPathPlan = Static<typeof LinqPathPlan>;

export const LinqPathPlans = Type.Intersect([
  ListPage(LinqPathPlan),
  Type.Object({
    /** docs/linqpath.md#who-may-use-it: whether the caller may save, rename and delete plans. */
    can_edit: Type.Boolean(),
  }),
]);
export type LinqPathPlans = Static<typeof LinqPathPlans>;

/** docs/linqpath.md#choosing-the-ends: places to take an end from, by name. */
export const LinqPathPlacesQuery = Type.Object(
  {
    search: ListQuery.properties.search,
    limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
  },
  closed,
);
export type LinqPathPlacesQuery = Static<typeof LinqPathPlacesQuery>;

export const LinqPathPlaces = Type.Object({
  /** Sites with coordinates, by name. */
  sites: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      latitude: Type.Number(),
      longitude: Type.Number(),
    }),
  ),
  /** Link radios (point-to-point, point-to-multipoint, 60 GHz mesh) placed on a map or on a site with coordinates. */
  devices: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      site_id: Nullable(Type.Integer()),
      site_name: Nullable(Type.String()),
      product_brand_id: Type.Integer(),
      latitude: Type.Number(),
      longitude: Type.Number(),
    }),
  ),
});
export type LinqPathPlaces = Static<typeof LinqPathPlaces>;
