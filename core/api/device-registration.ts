// Registering devices: into a site one at a time, many from a CSV file, or adopting one that called home.
import { type Static, Type } from 'typebox';
import { LIST_FILTER_MAX_LENGTH } from '../limits.ts';
import { normalizeMac } from '../search.ts';
import { closed } from './closed.ts';
import { RegisterDeviceBody } from './devices.ts';
import { ListPage, ListQuery } from './list-query.ts';

/** Most data rows, and characters, one CSV import takes: a large site's worth, answered in seconds. */
export const IMPORT_ROWS_MAX = 5000;
export const IMPORT_CHARS_MAX = 1_000_000;

/**
 * The columns of an import file, each with the header names it is known by (case does not matter); other
 * columns are ignored, so a file exported from the device list can be imported again. name is optional.
 */
export const IMPORT_COLUMNS = {
  name: ['name', 'device name'],
  serial: ['serial', 'serial number', 'sn'],
  mac: ['mac', 'mac address'],
  model: ['model', 'product', 'sku'],
  site: ['site', 'site name'],
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['serial', 'mac', 'model', 'site'];

/** A whole MAC address in its stored form (aa:bb:cc:dd:ee:ff); null for anything else, a part of one too. */
export function deviceMac(text: string): string | null {
  const mac = normalizeMac(text);
  return mac !== null && mac.length === 17 ? mac : null;
}

/** Why an import row was refused. */
export const IMPORT_REFUSALS = [
  'duplicate_in_file',
  'duplicate_in_console',
  'unknown_model',
  'not_a_site_device',
  'bad_mac',
  'bad_serial',
  'bad_name',
  'unknown_site',
  'no_permission',
] as const;
export type ImportRefusal = (typeof IMPORT_REFUSALS)[number];

export const RegistrationSitesQuery = Type.Object(
  {
    /** Case-insensitive part of the site's name. */
    filter: Type.Optional(Type.String({ maxLength: LIST_FILTER_MAX_LENGTH })),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 100 }),
  },
  closed,
);
export type RegistrationSitesQuery = Static<typeof RegistrationSitesQuery>;

/** GET /apiv2/cloud/:cloudId/registration-sites: the sites the caller may register devices into. */
export const RegistrationSitesResponse = Type.Object({
  sites: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type RegistrationSitesResponse = Static<typeof RegistrationSitesResponse>;

/** POST /apiv2/cloud/:cloudId/devices/import: the file's text, read in the browser. */
export const ImportDevicesBody = Type.Object(
  { csv: Type.String({ minLength: 1, maxLength: IMPORT_CHARS_MAX }) },
  closed,
);
export type ImportDevicesBody = Static<typeof ImportDevicesBody>;

export const ImportRow = Type.Object({
  /** The data row's number: 1 is the first row after the header. */
  row: Type.Integer(),
  name: Type.String(),
  sn: Type.String(),
  mac: Type.String(),
  model: Type.String(),
  site: Type.String(),
  status: Type.Enum(['added', 'refused']),
  reasons: Type.Array(Type.Enum(IMPORT_REFUSALS)),
  /** The new device, when added. */
  device_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type ImportRow = Static<typeof ImportRow>;

/** Every row of the file with what became of it; the good rows are added in one transaction. */
export const ImportDevicesResponse = Type.Object({
  added: Type.Integer(),
  refused: Type.Integer(),
  rows: Type.Array(ImportRow),
});
export type ImportDevicesResponse = Static<typeof ImportDevicesResponse>;

export const PendingDevicesQuery = Type.Omit(ListQuery, ['search'], closed);
export type PendingDevicesQuery = Static<typeof PendingDevicesQuery>;

/**
 * What a pending device waits for in this cloud: `unregistered`, it named the cloud's onboarding key and a
 * member adopts it into a site; `awaiting_approval`, it called without the key as a device the cloud
 * registered, and a member approves the address it calls from; `approved`, it gets its credential at its
 * next call from that address, until `approved_until`.
 */
export const PENDING_STATES = ['unregistered', 'awaiting_approval', 'approved'] as const;
export type PendingState = (typeof PENDING_STATES)[number];

/**
 * A device that called home without getting a credential. Its serial number is not listed: whoever adopts
 * an unregistered one types the one on its label, the same proof of holding it that registration asks for.
 */
export const PendingDevice = Type.Object({
  id: Type.Integer(),
  mac: Type.String(),
  product_brand_id: Type.Integer(),
  product_name: Type.Union([Type.String(), Type.Null()]),
  fw: Type.String(),
  mgmtd_version: Type.String(),
  calls: Type.Integer(),
  first_seen_at: Type.String(),
  last_seen_at: Type.String(),
  state: Type.Enum(PENDING_STATES),
  /** The address of its latest call. */
  remote_address: Type.Union([Type.String(), Type.Null()]),
  /** The cloud's registration it matches (waiting for approval or approved). */
  registration: Type.Union([
    Type.Object({ id: Type.Integer(), name: Type.String(), smart_nvr: Type.Boolean() }),
    Type.Null(),
  ]),
  /** ISO 8601: until when the approval holds. */
  approved_until: Type.Union([Type.String(), Type.Null()]),
});
export type PendingDevice = Static<typeof PendingDevice>;

/** GET /apiv2/cloud/:cloudId/pending-devices: the most recent callers first. */
export const PendingDevicesResponse = ListPage(PendingDevice);
export type PendingDevicesResponse = Static<typeof PendingDevicesResponse>;

/** POST /apiv2/cloud/:cloudId/pending-devices/adopt: registers a pending device into a site. */
export const AdoptPendingBody = Type.Object(
  {
    pending_id: RegisterDeviceBody.properties.site_id,
    site_id: RegisterDeviceBody.properties.site_id,
    sn: RegisterDeviceBody.properties.sn,
    name: RegisterDeviceBody.properties.name,
  },
  closed,
);
export type AdoptPendingBody = Static<typeof AdoptPendingBody>;

/**
 * POST /apiv2/cloud/:cloudId/pending-devices/approve: lets a registered device that called without the
 * onboarding key get its credential at its next call, from the address the member saw.
 */
export const ApprovePendingBody = Type.Object(
  {
    pending_id: RegisterDeviceBody.properties.site_id,
    /** The address the list showed: the approval holds for calls from it only. */
    remote_address: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type ApprovePendingBody = Static<typeof ApprovePendingBody>;

/** GET /apiv2/cloud/:cloudId/onboarding-key: the key devices present when they call home. */
export const OnboardingKeyResponse = Type.Object({
  onboarding_key: Type.String(),
  /** Whether the caller may rotate it (owners and administrators). */
  can_rotate: Type.Boolean(),
});
export type OnboardingKeyResponse = Static<typeof OnboardingKeyResponse>;
