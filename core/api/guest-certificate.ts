// AuthPort's Certificate page (docs/guest-access.md#certificate-and-nas): the cloud's TLS certificate for
// its portal and RADIUS EAP, the RADIUS clients (NAS) of its sites and each site's shared secret.
// Shared by server and web app.
import { type Static, type TSchema, Type } from 'typebox';
import { closed } from './closed.ts';
import { LIST_LIMIT_MAX, LIST_PAGE_SIZE, ListPage } from './list-query.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Named = Type.Object({ id: Type.Integer(), name: Type.String() });

/** Days before its end a certificate raises its expiry alert, and the page warns. */
export const CERTIFICATE_WARN_DAYS = 30;
/** A generated certificate's validity, in days. */
export const CERTIFICATE_DAYS_MIN = 1;
export const CERTIFICATE_DAYS_MAX = 3650;
export const CERTIFICATE_DAYS_DEFAULT = 825;
/** Longest PEM text an upload takes for the certificate (with its chain) and for the key. */
export const CERTIFICATE_PEM_MAX = 65_536;
export const KEY_PEM_MAX = 16_384;
/** The keys a generated certificate may have. */
export const CERTIFICATE_KEY_TYPES = ['rsa2048', 'ec_p256'] as const;
export type CertificateKeyType = (typeof CERTIFICATE_KEY_TYPES)[number];

/** A host name or a plain name: letters, digits, dots, hyphens, underscores, spaces and a leading "*.". */
const COMMON_NAME_PATTERN = '^(\\*\\.)?[A-Za-z0-9][A-Za-z0-9 ._-]*$';

export const GenerateCertificateBody = Type.Object(
  {
    common_name: Type.String({ minLength: 1, maxLength: 64, pattern: COMMON_NAME_PATTERN }),
    days: Type.Integer({ minimum: CERTIFICATE_DAYS_MIN, maximum: CERTIFICATE_DAYS_MAX }),
    key_type: Type.Enum(CERTIFICATE_KEY_TYPES),
  },
  closed,
);
export type GenerateCertificateBody = Static<typeof GenerateCertificateBody>;

export const UploadCertificateBody = Type.Object(
  {
    /** The certificate in PEM, optionally followed by its chain. */
    certificate_pem: Type.String({ minLength: 1, maxLength: CERTIFICATE_PEM_MAX }),
    /** Its private key in PEM, not encrypted (PKCS#8, PKCS#1 or SEC1). */
    key_pem: Type.String({ minLength: 1, maxLength: KEY_PEM_MAX }),
  },
  closed,
);
export type UploadCertificateBody = Static<typeof UploadCertificateBody>;

/** The cloud's certificate as the page shows it; its key is never sent. */
export const CertificateInfo = Type.Object({
  subject: Type.String(),
  issuer: Type.String(),
  self_signed: Type.Boolean(),
  /** SHA-256 of the certificate, as colon-separated hex pairs. */
  fingerprint: Type.String(),
  not_before: Type.String(),
  not_after: Type.String(),
  /** Days until not_after, a part of a day counted whole; 0 or less once it has passed. */
  days_left: Type.Integer(),
  updated_at: Type.String(),
});
export type CertificateInfo = Static<typeof CertificateInfo>;

export const CertificateAnswer = Type.Object({ certificate: Nullable(CertificateInfo) });
export type CertificateAnswer = Static<typeof CertificateAnswer>;

/** The error codes of a refused upload or generation (400, in errors[].errorCode). */
export const CERTIFICATE_ERRORS = ['not_a_certificate', 'not_a_key', 'key_mismatch', 'expired'] as const;
export type CertificateError = (typeof CERTIFICATE_ERRORS)[number];

// --- NAS -------------------------------------------------------------------------------------------------

export const NAS_NAME_MAX = 64;
/** An IPv4 address (dotted quad) or an IPv6 address, as its requests come from. */
const ADDRESS_PATTERN =
  '^(?:(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$';
export const NasAddress = Type.String({ minLength: 2, maxLength: 45, pattern: ADDRESS_PATTERN });
export const CoaPort = Type.Integer({ minimum: 1, maximum: 65535 });
/** The CoA port a NAS gets unless told (RFC 5176). */
export const COA_PORT_DEFAULT = 3799;
/** The kinds of device that may be a NAS: access points and gateways. */
export const NAS_PRODUCT_TYPES = ['wifi', 'mesh', 'gateway'] as const;

export const NasParams = Type.Object({ cloudId: Id, nasId: Id }, closed);
export const NasListQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
    site_id: Type.Optional(Id),
  },
  closed,
);
export type NasListQuery = Static<typeof NasListQuery>;

export const Nas = Type.Object({
  id: Type.Integer(),
  site: Named,
  name: Type.String(),
  address: Type.String(),
  coa_port: Type.Integer(),
  /** The access point or gateway it is; null for a test NAS known by its address only. */
  device: Nullable(Named),
  created_at: Type.String(),
});
export type Nas = Static<typeof Nas>;
export const NasList = ListPage(Nas);
export type NasList = Static<typeof NasList>;

/** A site's access point or gateway (its address is the device's), or a test NAS by address. */
export const CreateNasBody = Type.Object(
  {
    site_id: Id,
    device_id: Type.Optional(Id),
    address: Type.Optional(NasAddress),
    /** The device's name when left out for a device. */
    name: Type.Optional(Type.String({ minLength: 1, maxLength: NAS_NAME_MAX })),
    coa_port: Type.Optional(CoaPort),
  },
  // The API document's example (docs/api.md#examples): a site's gateway, disconnects on the RFC 5176 port.
  { ...closed, examples: [{ site_id: 12, device_id: 1042, name: 'Lobby gateway', coa_port: 3799 }] },
);
export type CreateNasBody = Static<typeof CreateNasBody>;

export const UpdateNasBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: NAS_NAME_MAX })),
    address: Type.Optional(NasAddress),
    coa_port: Type.Optional(CoaPort),
  },
  { ...closed, minProperties: 1 },
);
export type UpdateNasBody = Static<typeof UpdateNasBody>;

/** The access points and gateways of a site that may be added as NAS (those not one already). */
export const NasCandidatesQuery = Type.Object({ site_id: Id }, closed);
export const NasCandidate = Type.Object({ id: Type.Integer(), name: Type.String(), ip: Type.String() });
export const NasCandidates = Type.Object({ items: Type.Array(NasCandidate) });
export type NasCandidates = Static<typeof NasCandidates>;

// --- Site secrets ----------------------------------------------------------------------------------------

/** A RADIUS shared secret: printable ASCII, 8 to 128 characters (RFC 2865 asks for at least 16 octets of randomness in practice). */
export const SITE_SECRET_MIN = 8;
export const SITE_SECRET_MAX = 128;
/** A generated secret's length. */
export const SITE_SECRET_GENERATED_LENGTH = 24;

export const SiteSecretParams = Type.Object({ cloudId: Id, siteId: Id }, closed);
export const SiteSecretListQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
  },
  closed,
);
export type SiteSecretListQuery = Static<typeof SiteSecretListQuery>;

/** A site of the cloud and whether its NAS have a shared secret; the secret itself only when asked. */
export const SiteSecretItem = Type.Object({
  site: Named,
  configured: Type.Boolean(),
  nas_count: Type.Integer({ minimum: 0 }),
  updated_at: Nullable(Type.String()),
});
export type SiteSecretItem = Static<typeof SiteSecretItem>;
export const SiteSecretList = ListPage(SiteSecretItem);
export type SiteSecretList = Static<typeof SiteSecretList>;

export const SiteSecretBody = Type.Object(
  {
    secret: Type.String({
      minLength: SITE_SECRET_MIN,
      maxLength: SITE_SECRET_MAX,
      pattern: '^[\\x21-\\x7e]+$',
    }),
  },
  closed,
);
export type SiteSecretBody = Static<typeof SiteSecretBody>;

/** A new random secret asked for: nothing to say. */
export const GenerateSiteSecretBody = Type.Object({}, closed);

/** The secret revealed ("Show"), or just set or generated. */
export const SiteSecretAnswer = Type.Object({ site_id: Type.Integer(), secret: Type.String() });
export type SiteSecretAnswer = Static<typeof SiteSecretAnswer>;
