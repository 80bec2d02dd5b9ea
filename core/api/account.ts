// Schemas of Your Profile and Account Security, shared by server and web app.
import { type Static, Type } from 'typebox';
import { DATE_FORMATS, TIME_FORMATS } from '../date-formats.ts';
import { MEASUREMENT_UNITS } from '../domain.ts';
import { LOCALE_CODES } from '../locales.ts';
import { PASSWORD_MAX_LENGTH } from '../passwords.ts';
import { closed } from './closed.ts';

const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' });
const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });
const Name = Type.String({ maxLength: 100 });

/** The secret of a mailed link (an invitation or a password reset). */
export const LinkToken = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });

/** The fields Your Profile edits; every field may be left out. */
export const ProfileBody = Type.Object(
  {
    firstname: Type.Optional(Name),
    lastname: Type.Optional(Name),
    email: Type.Optional(Email),
    /** Needed only when the email changes: the address is where invitations and resets go. */
    current_password: Type.Optional(Password),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    preferred_language: Type.Optional(Type.Enum(LOCALE_CODES)),
    date_format: Type.Optional(Type.Enum(DATE_FORMATS)),
    time_format: Type.Optional(Type.Enum(TIME_FORMATS)),
    measurement_units: Type.Optional(Type.Enum(MEASUREMENT_UNITS)),
    subscribe_newsletter: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type ProfileBody = Static<typeof ProfileBody>;

export const PasswordChangeBody = Type.Object({ current_password: Password, new_password: Password }, closed);
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;

/** Confirms a security change with the account's password. */
export const PasswordConfirmBody = Type.Object({ password: Password }, closed);
export type PasswordConfirmBody = Static<typeof PasswordConfirmBody>;

export const TotpCode = Type.String({ pattern: '^[0-9]{6}$' });
/** A recovery code as printed (two groups of five), in any case, dashes and spaces optional. */
export const RecoveryCode = Type.String({ minLength: 10, maxLength: 20, pattern: '^[A-Za-z0-9 -]+$' });

export const TwoFactorSetupResponse = Type.Object({
  /** Base32 secret to type into an authenticator app. */
  secret: Type.String(),
  /** The otpauth:// address a QR code carries. */
  uri: Type.String(),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetupResponse>;

export const TwoFactorEnableBody = Type.Object({ code: TotpCode }, closed);

export const RecoveryCodesResponse = Type.Object({
  /** Shown once: only their hashes are kept. */
  recovery_codes: Type.Array(Type.String()),
});
export type RecoveryCodes = Static<typeof RecoveryCodesResponse>;

export const SessionSchema = Type.Object({
  id: Type.String(),
  created_at: Type.String(),
  last_seen_at: Type.String(),
  ip: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  /** The session of the browser asking. */
  current: Type.Boolean(),
});
export type AccountSession = Static<typeof SessionSchema>;

export const SecurityResponse = Type.Object({
  two_factor_enabled: Type.Boolean(),
  recovery_codes_left: Type.Integer({ minimum: 0 }),
  sessions: Type.Array(SessionSchema),
});
export type AccountSecurity = Static<typeof SecurityResponse>;

export const SessionParams = Type.Object(
  { sessionId: Type.String({ pattern: '^[A-Za-z0-9_-]{16}$' }) },
  closed,
);

/** "Forgot password": where to send a reset link. */
export const PasswordResetRequestBody = Type.Object({ email: Email }, closed);
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>;

/**
 * The same answer whether or not an account uses the address: `sent` when this console can send mail,
 * `not_configured` when it has no mail server (a platform administrator can then make a link).
 */
export const PasswordResetRequestResponse = Type.Object({
  mail: Type.Union([Type.Literal('sent'), Type.Literal('not_configured')]),
});
export type PasswordResetRequestResponse = Static<typeof PasswordResetRequestResponse>;

/** What the reset page shows while the link works. */
export const PasswordResetLookup = Type.Object({ email: Type.String() });
export type PasswordResetLookup = Static<typeof PasswordResetLookup>;

export const PasswordResetBody = Type.Object({ token: LinkToken, password: Password }, closed);
export type PasswordResetBody = Static<typeof PasswordResetBody>;

/** The mailed link that confirms an email: the address it makes the account's own. */
export const EmailChangeLookup = Type.Object({ email: Type.String() });
export type EmailChangeLookup = Static<typeof EmailChangeLookup>;

export const LinkBody = Type.Object({ token: LinkToken }, { additionalProperties: false });
export type LinkBody = Static<typeof LinkBody>;

export const LinkQuery = Type.Object({ token: LinkToken }, { additionalProperties: false });

/**
 * The 429 of a login refused by the account's pace for new addresses (docs/security.md "Login limits"): the
 * login page then offers the second factor or a mailed sign-in link, which pass during the pace.
 */
export const ACCOUNT_PACED_MESSAGE =
  'Too many failed logins on this account from new places. Sign in with your two-factor code or a mailed sign-in link, or try again later.';

/** "Email me a sign-in link": the account's email and password; the link goes to its address. */
export const SignInLinkRequestBody = Type.Object(
  { email: Email, password: Password },
  { additionalProperties: false },
);
export type SignInLinkRequestBody = Static<typeof SignInLinkRequestBody>;

/**
 * The same answer whether or not the email and password are right, and whether or not the account uses
 * two-factor sign-in (which takes its code instead): `sent` when this console can send mail.
 */
export const SignInLinkRequestResponse = PasswordResetRequestResponse;
export type SignInLinkRequestResponse = Static<typeof SignInLinkRequestResponse>;
