// Schemas of managing clouds (docs/navigation.md#routes clouds and edit, docs/decisions.md) and their licenses and add-ons
// (docs/navigation.md#routes licenses and addons, docs/roles.md change_device_license), shared by server and web app.
import { type Static, Type } from 'typebox';
import { CLOUD_COMPANY_MAX_LENGTH, CLOUD_NAME_MAX_LENGTH } from '../limits.ts';
import { closed } from './closed.ts';
import { ListPage } from './list-query.ts';

const NOT_BLANK = '\\S';
const CloudName = Type.String({ minLength: 1, maxLength: CLOUD_NAME_MAX_LENGTH, pattern: NOT_BLANK });
const Company = Type.String({ maxLength: CLOUD_COMPANY_MAX_LENGTH });

/** POST /apiv2/clouds: a new cloud, whose creator becomes its Owner. */
export const CreateCloudBody = Type.Object({ name: CloudName, company: Type.Optional(Company) }, closed);
export type CreateCloudBody = Static<typeof CreateCloudBody>;

/** PATCH /apiv2/cloud/:cloudId: Cloud Properties; only the fields given change. */
export const UpdateCloudBody = Type.Object(
  {
    name: Type.Optional(CloudName),
    company: Type.Optional(Company),
    /** ISO 3166-1 alpha-2 code of the billing address; null clears it. */
    country: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Z]{2}$' }), Type.Null()])),
  },
  closed,
);
export type UpdateCloudBody = Static<typeof UpdateCloudBody>;

/** DELETE /apiv2/cloud/:cloudId: the cloud's name, typed again to confirm. */
export const DeleteCloudBody = Type.Object({ name: Type.String() }, closed);
export type DeleteCloudBody = Static<typeof DeleteCloudBody>;

/** POST /apiv2/cloud/:cloudId/leave: where the user is sent next. */
export const LeftCloudResponse = Type.Object({ default_cloud_id: Type.Union([Type.Integer(), Type.Null()]) });
export type LeftCloud = Static<typeof LeftCloudResponse>;

export const LicenseDevicesQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
    /** yes: the devices holding a device license; no: the live devices holding none. */
    holding: Type.Union([Type.Literal('yes'), Type.Literal('no')], { default: 'yes' }),
    site_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  closed,
);
export type LicenseDevicesQuery = Static<typeof LicenseDevicesQuery>;

export const LicenseDevice = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  site_id: Type.Union([Type.Integer(), Type.Null()]),
  site_name: Type.Union([Type.String(), Type.Null()]),
  /** The device license it holds: paid, free, or none. */
  license: Type.Union([Type.Literal('paid'), Type.Literal('free'), Type.Null()]),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  /** Whether the caller may assign or release its license (change_device_license on its site). */
  can_change: Type.Boolean(),
});
export type LicenseDevice = Static<typeof LicenseDevice>;

export const LicenseDevicesResponse = ListPage(LicenseDevice);
export type LicenseDevices = Static<typeof LicenseDevicesResponse>;

export const DeviceLicenseParams = Type.Object(
  {
    cloudId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    deviceId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  },
  closed,
);

export const DeviceLicenseResponse = Type.Object({
  device_id: Type.Integer(),
  license: Type.Union([Type.Literal('paid'), Type.Literal('free'), Type.Null()]),
});
export type DeviceLicense = Static<typeof DeviceLicenseResponse>;

/** GET /apiv2/cloud/:cloudId/addons: the add-on catalogue and which of them the cloud has. */
export const AddonsResponse = Type.Object({
  addons: Type.Array(
    Type.Object({
      id: Type.Integer(),
      slug: Type.String(),
      name: Type.String(),
      description: Type.String(),
      enabled: Type.Boolean(),
      enabled_at: Type.Union([Type.String(), Type.Null()]),
      /** The end of the add-on's license, when it has one. */
      license_expires_at: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type Addons = Static<typeof AddonsResponse>;
