import { Type } from 'typebox';
import { MEASUREMENT_UNITS, ROLES } from '../../../core/domain.ts';
import { ThemeSchema } from '../../theme.ts';

export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    totp: Type.Optional(Type.String({ pattern: '^[0-9]{6}$' })),
  },
  { additionalProperties: false },
);

export const UserSchema = Type.Object({
  id: Type.Integer(),
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  timezone: Type.String(),
  preferredLanguage: Type.String(),
  dateFormat: Type.String(),
  timeFormat: Type.String(),
  /** SPEC §3: temperatures and distances in metric or imperial units. */
  measurementUnits: Type.Enum(MEASUREMENT_UNITS),
  subscribeNewsletter: Type.Boolean(),
  supportTools: Type.Boolean(),
  isAdministrator: Type.Boolean(),
});

export const MembershipSchema = Type.Object({
  cloudId: Type.Integer(),
  cloudName: Type.String(),
  roleId: Type.Enum(ROLES),
  permissions: Type.Integer(),
  pushAlerts: Type.Boolean(),
});

/** What the web app needs at start: who is signed in, their clouds, the theme and the server's version. */
export const MeResponse = Type.Object({
  user: UserSchema,
  memberships: Type.Array(MembershipSchema),
  defaultCloudId: Type.Union([Type.Integer(), Type.Null()]),
  theme: ThemeSchema,
  appVersion: Type.String(),
});
