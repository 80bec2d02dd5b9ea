import { Type } from 'typebox';
import { RecoveryCode, TotpCode } from '../../../core/api/account.ts';
import { MapTiles } from '../../../core/api/site-map.ts';
import { MEASUREMENT_UNITS, ROLES } from '../../../core/domain.ts';
import { ThemeSchema } from '../../theme.ts';

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    /** Asked once two-factor sign-in is on: a code from the authenticator app, or a recovery code. */
    totp: Type.Optional(TotpCode),
    recovery_code: Type.Optional(RecoveryCode),
  },
  { additionalProperties: false },
);

/** Signed in, or the password was right and the account asks for its second factor. */
export const LoginResponse = Type.Union([
  Type.Object({ ok: Type.Literal(true) }),
  Type.Object({ two_factor_required: Type.Literal(true) }),
]);

export const UserSchema = Type.Object({
  id: Type.Integer(),
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  timezone: Type.String(),
  preferred_language: Type.String(),
  date_format: Type.String(),
  time_format: Type.String(),
  /** docs/entities.md: temperatures and distances in metric or imperial units. */
  measurement_units: Type.Enum(MEASUREMENT_UNITS),
  subscribe_newsletter: Type.Boolean(),
  support_tools: Type.Boolean(),
  is_administrator: Type.Boolean(),
  /** Whether the email was shown to reach the person; invitations are shown only to a verified one. */
  email_verified: Type.Boolean(),
  /** An address waiting for its mailed link to be opened before it replaces the email; null for none. */
  pending_email: Type.Union([Type.String(), Type.Null()]),
});

export const MembershipSchema = Type.Object({
  cloud_id: Type.Integer(),
  cloud_name: Type.String(),
  role_id: Type.Enum(ROLES),
  permissions: Type.Integer(),
  push_alerts: Type.Boolean(),
});

/** What the web app needs at start: who is signed in, their clouds, the theme and the server's version. */
export const MeResponse = Type.Object({
  user: UserSchema,
  memberships: Type.Array(MembershipSchema),
  default_cloud_id: Type.Union([Type.Integer(), Type.Null()]),
  theme: ThemeSchema,
  /** The site map's tiles (docs/site-map.md#tiles). */
  map_tiles: MapTiles,
  app_version: Type.String(),
});
