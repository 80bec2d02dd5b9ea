// Captive portals' calls (docs/guest-access.md#captive-portals) and the public voucher page's calls
// (docs/guest-access.md#the-voucher-page): the operator's designer under /authport/portals, and what a guest's
// browser may ask without a session.
import { type Static, type TSchema, Type } from 'typebox';
import { LOCALE_CODES } from '../locales.ts';
import { closed } from './closed.ts';
import { ListPage } from './list-query.ts';

export const PORTAL_NAME_MAX_LENGTH = 100;
export const PORTAL_SSID_MAX_LENGTH = 32;
/** docs/guest-access.md#captive-portals: the texts' lengths, in characters. */
export const PORTAL_WELCOME_MAX_LENGTH = 1000;
export const PORTAL_TERMS_MAX_LENGTH = 10_000;
/** Hosts a portal's walled garden may list, and the longest host name (RFC 1035). */
export const WALLED_GARDEN_MAX = 50;
export const WALLED_GARDEN_HOST_MAX_LENGTH = 253;
export const PORTAL_REDIRECT_MAX_LENGTH = 2000;
/** docs/guest-access.md#captive-portals: a logo or background is a PNG, JPEG or script-free SVG of 2 MB at most. */
export const PORTAL_IMAGE_MAX_BYTES = 2_000_000;
export const PORTAL_IMAGE_MAX_LABEL = '2 MB';
export const PORTAL_IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const PORTAL_IMAGES = ['logo', 'background'] as const;
export type PortalImageKind = (typeof PORTAL_IMAGES)[number];
const ImageKind = Type.Enum(PORTAL_IMAGES);

/** How a guest may get on through a portal. */
export const PORTAL_METHODS = ['voucher', 'account', 'click_through', 'email'] as const;
export type PortalMethod = (typeof PORTAL_METHODS)[number];
/** The methods that give the guest an account of the portal's free plan. */
export const FREE_PLAN_METHODS: readonly PortalMethod[] = ['click_through', 'email'];

/** A host name, or a wildcard of a domain's hosts (`*.example.com`): letters, digits and hyphens per label. */
export const WALLED_GARDEN_HOST_PATTERN =
  '^(\\*\\.)?([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)*[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$';
const HEX_COLOR = '^#[0-9A-Fa-f]{6}$';
/** http or https, or empty for none. */
const REDIRECT_PATTERN = '^$|^https?://[^\\s]+$';
/** A device's MAC address as access points write it: six pairs, with colons, hyphens or nothing between. */
const MAC_PATTERN = '^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = (maxLength: number) => Type.String({ maxLength });
const Color = Type.String({ pattern: HEX_COLOR, description: 'A colour as #rrggbb.' });
const PortalName = Type.String({ minLength: 1, maxLength: PORTAL_NAME_MAX_LENGTH, pattern: '\\S' });
const Ssid = Type.String({ minLength: 1, maxLength: PORTAL_SSID_MAX_LENGTH, pattern: '\\S' });
const Method = Type.Enum(PORTAL_METHODS);
const Locale = Type.Enum(LOCALE_CODES);

/** The welcome text and terms in one language. */
export const PortalLanguageTexts = Type.Object(
  { welcome: Text(PORTAL_WELCOME_MAX_LENGTH), terms: Text(PORTAL_TERMS_MAX_LENGTH) },
  closed,
);
export type PortalLanguageTexts = Static<typeof PortalLanguageTexts>;

/** The texts by language (en, es_419, hu, ja, lt, zh_CN, zh_TW); a language left out has none. */
export const PortalTexts = Type.Object(
  Object.fromEntries(LOCALE_CODES.map((code) => [code, Type.Optional(PortalLanguageTexts)])),
  closed,
);
export type PortalTexts = Partial<Record<(typeof LOCALE_CODES)[number], PortalLanguageTexts>>;

export const PortalsParams = Type.Object({ cloudId: Id }, closed);
export type PortalsParams = Static<typeof PortalsParams>;
export const PortalParams = Type.Object({ cloudId: Id, portalId: Id }, closed);
export type PortalParams = Static<typeof PortalParams>;
export const PortalImageParams = Type.Object({ cloudId: Id, portalId: Id, image: ImageKind }, closed);
export type PortalImageParams = Static<typeof PortalImageParams>;

export const PortalsQuery = Type.Object(
  {
    /** Only the portals of this site. */
    site_id: Type.Optional(Id),
    offset: Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  },
  closed,
);
export type PortalsQuery = Static<typeof PortalsQuery>;

export const PortalImage = Type.Object({
  /** Changes with every upload: the image's address carries it, so a browser never shows an old one. */
  file_id: Type.Integer(),
  name: Type.String(),
  content_type: Type.String(),
  /** Bytes. */
  size: Type.Integer(),
});
export type PortalImage = Static<typeof PortalImage>;

export const Portal = Type.Object({
  id: Type.Integer(),
  site_id: Type.Integer(),
  site_name: Type.String(),
  /** The SSID it is for; null for every guest SSID of the site without a portal of its own. */
  ssid: Nullable(Type.String()),
  name: Type.String(),
  primary_color: Type.String(),
  background_color: Type.String(),
  text_color: Type.String(),
  texts: PortalTexts,
  methods: Type.Array(Method),
  free_plan_id: Nullable(Type.Integer()),
  walled_garden: Type.Array(Type.String()),
  /** Where the guest goes after signing in; null for where they were going. */
  redirect_url: Nullable(Type.String()),
  logo: Nullable(PortalImage),
  background: Nullable(PortalImage),
  updated_at: Type.String({ format: 'date-time' }),
});
export type Portal = Static<typeof Portal>;

export const PortalList = ListPage(Portal);
export type PortalList = Static<typeof PortalList>;

const portalFields = {
  name: PortalName,
  primary_color: Color,
  background_color: Color,
  text_color: Color,
  texts: PortalTexts,
  methods: Type.Array(Method, { minItems: 1, maxItems: PORTAL_METHODS.length, uniqueItems: true }),
  free_plan_id: Nullable(Id),
  walled_garden: Type.Array(
    Type.String({
      minLength: 1,
      maxLength: WALLED_GARDEN_HOST_MAX_LENGTH,
      pattern: WALLED_GARDEN_HOST_PATTERN,
    }),
    { maxItems: WALLED_GARDEN_MAX },
  ),
  redirect_url: Type.String({ maxLength: PORTAL_REDIRECT_MAX_LENGTH, pattern: REDIRECT_PATTERN }),
};

/** A new portal: its site and SSID (none for the site's default), its name, and any of its look. */
export const CreatePortalBody = Type.Object(
  {
    site_id: Id,
    ssid: Type.Optional(Nullable(Ssid)),
    name: PortalName,
    primary_color: Type.Optional(portalFields.primary_color),
    background_color: Type.Optional(portalFields.background_color),
    text_color: Type.Optional(portalFields.text_color),
    texts: Type.Optional(portalFields.texts),
    methods: Type.Optional(portalFields.methods),
    free_plan_id: Type.Optional(portalFields.free_plan_id),
    walled_garden: Type.Optional(portalFields.walled_garden),
    redirect_url: Type.Optional(portalFields.redirect_url),
  },
  {
    ...closed,
    // The API document's example (docs/api.md#examples): vouchers or a free hour after an email address.
    examples: [
      {
        site_id: 12,
        ssid: 'Vilnius Guest',
        name: 'Vilnius HQ guests',
        primary_color: '#1E88E5',
        texts: {
          en: { welcome: 'Welcome to Vilnius HQ', terms: 'Use the network responsibly.' },
          lt: { welcome: 'Sveiki atvykę į Vilniaus būstinę', terms: 'Naudokitės tinklu atsakingai.' },
        },
        methods: ['voucher', 'email'],
        free_plan_id: 4,
        walled_garden: ['*.example.com'],
        redirect_url: 'https://www.example.com/welcome',
      },
    ],
  },
);
export type CreatePortalBody = Static<typeof CreatePortalBody>;

/** Any of a portal's settings; texts and lists are replaced whole. */
export const UpdatePortalBody = Type.Object(
  {
    site_id: Type.Optional(Id),
    ssid: Type.Optional(Nullable(Ssid)),
    name: Type.Optional(portalFields.name),
    primary_color: Type.Optional(portalFields.primary_color),
    background_color: Type.Optional(portalFields.background_color),
    text_color: Type.Optional(portalFields.text_color),
    texts: Type.Optional(portalFields.texts),
    methods: Type.Optional(portalFields.methods),
    free_plan_id: Type.Optional(portalFields.free_plan_id),
    walled_garden: Type.Optional(portalFields.walled_garden),
    redirect_url: Type.Optional(portalFields.redirect_url),
  },
  { ...closed, minProperties: 1 },
);
export type UpdatePortalBody = Static<typeof UpdatePortalBody>;

// The public calls (docs/guest-access.md#the-voucher-page).

const NasAddress = Type.String({ minLength: 1, maxLength: 64 });

export const PublicPortalQuery = Type.Object(
  {
    /** The NAS's address, as the access point puts it in the portal's address. */
    nas: NasAddress,
    ssid: Type.Optional(Type.String({ maxLength: PORTAL_SSID_MAX_LENGTH })),
    lang: Type.Optional(Locale),
  },
  closed,
);
export type PublicPortalQuery = Static<typeof PublicPortalQuery>;

/** What a guest sees of a portal: its look, its texts in one language, and how they may get on. */
export const PublicPortal = Type.Object({
  name: Type.String(),
  primary_color: Type.String(),
  background_color: Type.String(),
  text_color: Type.String(),
  /** The language the texts are in: the one asked for when the portal has it, else English or another. */
  language: Nullable(Type.String()),
  welcome: Type.String(),
  terms: Type.String(),
  methods: Type.Array(Method),
  logo_url: Nullable(Type.String()),
  background_url: Nullable(Type.String()),
});
export type PublicPortal = Static<typeof PublicPortal>;

export const PublicPortalImageParams = Type.Object({ portalId: Id, image: ImageKind }, closed);
export type PublicPortalImageParams = Static<typeof PublicPortalImageParams>;
export const PublicPortalImageQuery = Type.Object({ file: Id }, closed);
export type PublicPortalImageQuery = Static<typeof PublicPortalImageQuery>;

export const PORTAL_CODE_MAX_LENGTH = 64;
export const PORTAL_CREDENTIAL_MAX_LENGTH = 128;

export const PortalLoginBody = Type.Object(
  {
    nas: NasAddress,
    mac: Type.String({ pattern: MAC_PATTERN }),
    ssid: Type.Optional(Type.String({ maxLength: PORTAL_SSID_MAX_LENGTH })),
    method: Method,
    code: Type.Optional(Type.String({ minLength: 1, maxLength: PORTAL_CODE_MAX_LENGTH })),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: PORTAL_CREDENTIAL_MAX_LENGTH })),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: PORTAL_CREDENTIAL_MAX_LENGTH })),
    email: Type.Optional(
      Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' }),
    ),
    accept_terms: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type PortalLoginBody = Static<typeof PortalLoginBody>;

/** The credentials the page hands to the NAS's login address. */
export const PortalLoginResult = Type.Object({
  username: Type.String(),
  password: Type.String(),
  /** Where the portal sends the guest after signing in; null for where they were going. */
  redirect_url: Nullable(Type.String()),
});
export type PortalLoginResult = Static<typeof PortalLoginResult>;

/**
 * Why a guest's sign-in at the portal is refused (the 400's errorCode): the code or account is unknown,
 * expired, used up, revoked, on too many devices or not valid at this site or SSID; a wrong username or
 * password (never telling which); the method is not offered; the terms were not accepted.
 */
export const PORTAL_LOGIN_ERRORS = [
  'unknown',
  'wrong_password',
  'expired',
  'used_up',
  'revoked',
  'too_many_devices',
  'not_here',
  'method_not_allowed',
  'terms_not_accepted',
] as const;
export type PortalLoginError = (typeof PORTAL_LOGIN_ERRORS)[number];
