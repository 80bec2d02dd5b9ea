// VPC branding's calls (docs/vpc.md): a vpc cloud's brand, its images, and the theme a host name gets.
import { type Static, type TSchema, Type } from 'typebox';
import { closed } from './closed.ts';

export const BRAND_PRODUCT_NAME_MAX_LENGTH = 80;
export const BRAND_SIGN_IN_TEXT_MAX_LENGTH = 500;
export const BRAND_URL_MAX_LENGTH = 500;
/** DNS limit on a whole name. */
export const BRAND_HOST_NAME_MAX_LENGTH = 253;
/** docs/vpc.md#images: the largest logo and favicon accepted. */
export const BRAND_IMAGE_MAX_BYTES = { logo: 512 * 1024, favicon: 100 * 1024 } as const;
export const BRAND_IMAGE_MAX_LABEL = { logo: '512 KB', favicon: '100 KB' } as const;
/** docs/vpc.md#images: the file types each image may be, each checked by its content. */
export const BRAND_IMAGE_TYPES = {
  logo: ['image/png', 'image/jpeg', 'image/svg+xml'],
  favicon: ['image/png', 'image/svg+xml', 'image/x-icon'],
} as const;
export const BRAND_IMAGE_KINDS = ['logo', 'favicon'] as const;
export type BrandImageKind = (typeof BRAND_IMAGE_KINDS)[number];

/** A host name as DNS writes it: labels of letters, digits and inner hyphens, at least two of them. */
export const HOST_NAME_PATTERN =
  '^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\\.)+[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$';
export const COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';
export const LINK_PATTERN = '^https?://[^\\s]+$';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Link = Type.String({ minLength: 1, maxLength: BRAND_URL_MAX_LENGTH, pattern: LINK_PATTERN });

export const BrandParams = Type.Object({ cloudId: Id }, closed);
export type BrandParams = Static<typeof BrandParams>;
export const BrandImageParams = Type.Object(
  { cloudId: Id, kind: Type.Union(BRAND_IMAGE_KINDS.map((kind) => Type.Literal(kind))) },
  closed,
);
export type BrandImageParams = Static<typeof BrandImageParams>;
export const PublicImageParams = Type.Object(
  { kind: Type.Union(BRAND_IMAGE_KINDS.map((kind) => Type.Literal(kind))) },
  closed,
);
export const ImageQuery = Type.Object({ v: Type.Optional(Id) }, closed);

/** What the owner sets; every field is named, null clears an optional one. */
export const BrandBody = Type.Object(
  {
    product_name: Type.String({ minLength: 1, maxLength: BRAND_PRODUCT_NAME_MAX_LENGTH, pattern: '\\S' }),
    primary_color: Nullable(Type.String({ pattern: COLOR_PATTERN })),
    support_url: Nullable(Link),
    privacy_url: Nullable(Link),
    sign_in_text: Nullable(Type.String({ maxLength: BRAND_SIGN_IN_TEXT_MAX_LENGTH })),
    host_name: Nullable(
      Type.String({ minLength: 1, maxLength: BRAND_HOST_NAME_MAX_LENGTH, pattern: HOST_NAME_PATTERN }),
    ),
  },
  closed,
);
export type BrandBody = Static<typeof BrandBody>;

const BrandImage = Nullable(Type.Object({ content_type: Type.String(), url: Type.String() }));

/** A cloud's brand as its owner's page shows it; `saved` is false until it is first saved. */
export const Brand = Type.Object({
  cloud_id: Type.Integer(),
  saved: Type.Boolean(),
  product_name: Type.String(),
  primary_color: Nullable(Type.String()),
  support_url: Nullable(Type.String()),
  privacy_url: Nullable(Type.String()),
  sign_in_text: Nullable(Type.String()),
  host_name: Nullable(Type.String()),
  logo: BrandImage,
  favicon: BrandImage,
  /** The console's default product name, which a host without a brand shows. */
  default_product_name: Type.String(),
});
export type Brand = Static<typeof Brand>;
