// Schemas of API tokens (docs/api-tokens.md), shared by server and web app: personal tokens act for their
// owner, cloud tokens belong to one cloud with a role, permission bits and (Site User) sites of their own.
import { type Static, Type } from 'typebox';
import { ALL_CLOUD_PERMISSIONS, ROLES, SITE_PERMISSIONS } from '../domain.ts';
import { closed } from './closed.ts';
import { ListPage } from './list-query.ts';
import { GRANTABLE_ROLES } from './users.ts';

export const API_TOKEN_KINDS = ['personal', 'cloud'] as const;
export type ApiTokenKind = (typeof API_TOKEN_KINDS)[number];

/** How a token's secret begins, so people and leak scanners recognise one: `cnsl_<id>_<random>`. */
export const API_TOKEN_PREFIX = 'cnsl_';
/** The longest grace a rotation gives the old secret: a week. */
export const MAX_ROTATION_GRACE_HOURS = 168;
export const API_TOKEN_NAME_MAX_LENGTH = 100;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
/** docs/roles.md cloud permission bits, as members hold them: a sum of CLOUD_PERMISSION values. */
const PermissionBits = Type.Integer({ minimum: 0, maximum: ALL_CLOUD_PERMISSIONS });

/** A token as its lists show it; the secret is never part of it. */
export const ApiTokenItem = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(API_TOKEN_KINDS),
  name: Type.String(),
  read_only: Type.Boolean(),
  /** A platform administrator's personal token that reaches the Admin Panel's calls. */
  admin_scope: Type.Boolean(),
  /** Cloud tokens: the role, permission bits and (Site User) sites held; null for personal tokens. */
  role_id: Type.Union([Type.Enum(ROLES), Type.Null()]),
  /** A personal token's: the bits it keeps of its owner's, null for all of them. */
  permissions: Type.Union([Type.Integer(), Type.Null()]),
  /** A personal token's clouds; null for every cloud its owner belongs to (always null for cloud tokens). */
  cloud_ids: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
  sites: Type.Array(
    Type.Object({ site_id: Type.Integer(), name: Type.String(), permissions: Type.Array(Type.String()) }),
  ),
  /** Who made it; null once that account is gone. */
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  expires_at: NullableTimestamp,
  last_used_at: NullableTimestamp,
  last_used_ip: Type.Union([Type.String(), Type.Null()]),
  /** After a rotation: until when the old secret still works. */
  previous_valid_until: NullableTimestamp,
});
export type ApiTokenItem = Static<typeof ApiTokenItem>;

export const ApiTokenListResponse = ListPage(ApiTokenItem);
export type ApiTokenListResponse = Static<typeof ApiTokenListResponse>;

export const ApiTokenListQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  },
  closed,
);
export type ApiTokenListQuery = Static<typeof ApiTokenListQuery>;

const Common = {
  name: Type.String({ minLength: 1, maxLength: API_TOKEN_NAME_MAX_LENGTH, pattern: '\\S' }),
  read_only: Type.Boolean(),
  /** When the token stops working; null never (it must be in the future). */
  expires_at: Type.Union([Timestamp, Type.Null()]),
};

export const PersonalTokenBody = Type.Object(
  {
    ...Common,
    /** Only a platform administrator's token may carry it. */
    admin_scope: Type.Optional(Type.Boolean()),
    /** The docs/roles.md cloud permission bits the token keeps of its owner's; all of them when absent. */
    permissions: Type.Optional(PermissionBits),
    /** The clouds the token reaches, each one its owner belongs to; every such cloud when absent. */
    cloud_ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true })),
  },
  {
    ...closed,
    // The API document's example (docs/api.md#examples): a read-only script for one of its owner's clouds,
    // keeping none of the owner's cloud permission bits.
    examples: [
      {
        name: 'Inventory script',
        read_only: true,
        expires_at: '2027-06-30T00:00:00Z',
        permissions: 0,
        cloud_ids: [7],
      },
    ],
  },
);
export type PersonalTokenBody = Static<typeof PersonalTokenBody>;

export const CloudTokenBody = Type.Object(
  {
    ...Common,
    role_id: Type.Enum(GRANTABLE_ROLES),
    /** docs/roles.md cloud permission bits; none above the maker's. */
    permissions: PermissionBits,
    /** Site User role only: the sites the token reaches (at least one). */
    site_ids: Type.Optional(Type.Array(Id, { maxItems: 1000, uniqueItems: true })),
    /** Site User role only: the site permissions held on each of site_ids; read-only ones when absent. */
    site_permissions: Type.Optional(
      Type.Array(Type.Enum(SITE_PERMISSIONS), { maxItems: SITE_PERMISSIONS.length, uniqueItems: true }),
    ),
  },
  {
    ...closed,
    // docs/api.md#examples: a read-only token for a monitoring system that sees two sites.
    examples: [
      {
        name: 'Grafana monitoring',
        read_only: true,
        expires_at: null,
        role_id: 'ROLE_USER',
        permissions: 0,
        site_ids: [12, 14],
        site_permissions: ['read_device', 'read_site', 'live_data'],
      },
    ],
  },
);
export type CloudTokenBody = Static<typeof CloudTokenBody>;

/** The create and rotate answers: the only time the secret is shown. */
export const ApiTokenCreated = Type.Object({ api_token: ApiTokenItem, token: Type.String() });
export type ApiTokenCreated = Static<typeof ApiTokenCreated>;

export const RotateTokenBody = Type.Object(
  {
    /** Hours the old secret keeps working; 0 ends it now. */
    grace_hours: Type.Integer({ minimum: 0, maximum: MAX_ROTATION_GRACE_HOURS }),
  },
  { ...closed, examples: [{ grace_hours: 24 }] },
);
export type RotateTokenBody = Static<typeof RotateTokenBody>;

export const TokenParams = Type.Object({ tokenId: Id }, closed);
export const CloudTokenParams = Type.Object(
  { cloudId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), tokenId: Id },
  closed,
);
