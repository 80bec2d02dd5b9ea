// Limits the console sets where docs/constants.md names none (its own numbers are in constants.ts), shared by
// the server, which enforces them, and the web app, which shows them.

/** How many site ids a caller may ask to be included in the site list whatever the filter. */
export const SITE_INCLUDE_IDS_MAX = 100;
/** Longest filter text for the site and site-filter lists. */
export const LIST_FILTER_MAX_LENGTH = 200;
export const SITE_NAME_MAX_LENGTH = 100;
export const SITE_LOCATION_MAX_LENGTH = 200;
/** Longest IANA time zone name accepted (the longest is about 30 characters). */
export const SITE_TIMEZONE_MAX_LENGTH = 64;
export const SITE_FILTER_NAME_MAX_LENGTH = 100;
/** How many sites one saved site filter may group. */
export const SITE_FILTER_SITES_MAX = 1000;

/** Largest uploaded file: 10 MB, in docs/constants.md byte units (base 1000). */
export const UPLOAD_MAX_BYTES = 10_000_000;
/** Upload size as people read it, docs/constants.md base 1000. */
export const UPLOAD_MAX_LABEL = '10 MB';
/** File types the console accepts: floor plans and logos, documents, certificates and firmware images. */
export const UPLOAD_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'application/pdf',
  'application/x-pem-file',
  'application/octet-stream',
] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];
/** What one upload form may hold besides its file: a few small fields, so a request stays bounded. */
export const UPLOAD_FORM_LIMITS = { files: 1, fields: 5, fieldSize: 1000, parts: 6 } as const;
/** Longest stored file name; longer names are cut. */
export const UPLOAD_NAME_MAX_LENGTH = 255;
/** Longest device name. */
export const DEVICE_NAME_MAX_LENGTH = 100;

export const CLOUD_NAME_MAX_LENGTH = 100;
export const CLOUD_COMPANY_MAX_LENGTH = 100;
