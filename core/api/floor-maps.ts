// Floor maps' calls (docs/floor-maps.md, docs/api.md#the-calls): a site's floors with their plans and scale,
// and where its devices stand on them.
import { type Static, type TSchema, Type } from 'typebox';
import { HEALTH_IDS, STATUS_IDS } from '../domain.ts';
import { closed } from './closed.ts';

/** docs/floor-maps.md#limits: how many floors one site may have. */
export const FLOORS_MAX = 50;
export const FLOOR_NAME_MAX_LENGTH = 100;
/** docs/floor-maps.md#limits: the plan file types accepted, each checked by its content. */
export const PLAN_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
/** Longest distance the scale may be given, in metres. */
export const SCALE_METRES_MAX = 100_000;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** A place on a plan: a fraction of its width (x, from the left) or height (y, from the top). */
const Fraction = Type.Number({ minimum: 0, maximum: 1 });
const FloorName = Type.String({ minLength: 1, maxLength: FLOOR_NAME_MAX_LENGTH, pattern: '\\S' });

export const FloorsParams = Type.Object({ cloudId: Id, siteId: Id }, closed);
export type FloorsParams = Static<typeof FloorsParams>;
export const FloorParams = Type.Object({ cloudId: Id, siteId: Id, floorId: Id }, closed);
export type FloorParams = Static<typeof FloorParams>;
export const FloorPositionParams = Type.Object({ cloudId: Id, deviceId: Id }, closed);
export type FloorPositionParams = Static<typeof FloorPositionParams>;

/** Two points marked on the plan and the distance between them in metres. */
export const FloorScale = Type.Object(
  {
    x1: Fraction,
    y1: Fraction,
    x2: Fraction,
    y2: Fraction,
    metres: Type.Number({ exclusiveMinimum: 0, maximum: SCALE_METRES_MAX }),
  },
  closed,
);
export type FloorScale = Static<typeof FloorScale>;

export const FloorPlan = Type.Object({
  /** Changes with every upload: the plan's address carries it so a browser never shows an old plan. */
  file_id: Type.Integer(),
  name: Type.String(),
  content_type: Type.String(),
  /** Bytes. */
  size: Type.Integer(),
});
export type FloorPlan = Static<typeof FloorPlan>;

export const Floor = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** 0 for the first floor in the site's order. */
  position: Type.Integer(),
  plan: Nullable(FloorPlan),
  scale: Nullable(FloorScale),
});
export type Floor = Static<typeof Floor>;

/** A device of the site as a floor map draws it; floor_id, x and y are null while it is on no floor. */
export const FloorDevice = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  product_type: Type.String(),
  status_id: Type.Enum(STATUS_IDS),
  /** docs/entities.md: not blocked and reporting (STATUS_ONLINE or STATUS_SKIPPED_HB). */
  online: Type.Boolean(),
  health_id: Type.Enum(HEALTH_IDS),
  /** Wireless clients by its latest sample; null for a device that reports none. */
  clients: Nullable(Type.Integer()),
  floor_id: Nullable(Type.Integer()),
  x: Nullable(Type.Number()),
  y: Nullable(Type.Number()),
});
export type FloorDevice = Static<typeof FloorDevice>;

export const SiteFloors = Type.Object({
  /** Every floor of the site in order; at most FLOORS_MAX. */
  floors: Type.Array(Floor),
  devices: Type.Array(FloorDevice),
  /** Whether the caller may change floors, plans and places (site permission edit_map). */
  can_edit_map: Type.Boolean(),
});
export type SiteFloors = Static<typeof SiteFloors>;

export const CreateFloorBody = Type.Object({ name: FloorName }, closed);
export type CreateFloorBody = Static<typeof CreateFloorBody>;

/** Any of: a new name, a new place in the order (0 first), a scale (null clears it). */
export const UpdateFloorBody = Type.Object(
  {
    name: Type.Optional(FloorName),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: FLOORS_MAX - 1 })),
    scale: Type.Optional(Nullable(FloorScale)),
  },
  { ...closed, minProperties: 1 },
);
export type UpdateFloorBody = Static<typeof UpdateFloorBody>;

/** All three to place or move the device, all three null to take it off its floor. */
export const FloorPositionBody = Type.Object(
  { floor_id: Nullable(Id), x: Nullable(Fraction), y: Nullable(Fraction) },
  closed,
);
export type FloorPositionBody = Static<typeof FloorPositionBody>;

export const FloorPosition = Type.Object({
  id: Type.Integer(),
  floor_id: Nullable(Type.Integer()),
  x: Nullable(Type.Number()),
  y: Nullable(Type.Number()),
});
export type FloorPosition = Static<typeof FloorPosition>;
