// Device calls outside the cloud prefix (SPEC §7).
import { type Static, Type } from 'typebox';
import { HEALTH_IDS, STATUS_IDS } from '../domain.ts';
import { ListPage } from './list-query.ts';

/** Whether the device's configuration may be viewed and changed in the console (SPEC §2.4 device menu). */
export const AllowConfigResponse = Type.Object({ allowConfig: Type.Boolean() });
export type AllowConfigResponse = Static<typeof AllowConfigResponse>;

/** A device in the cloud's device list (SPEC §3 Device fields, names as the spec writes them). */
export const DeviceListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The device's site, when it is on a live one. */
  site: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  mac: Type.String(),
  ip: Type.Union([Type.String(), Type.Null()]),
  hostname: Type.String(),
  sn: Type.String(),
  product_type: Type.String(),
  product_brand_id: Type.Integer(),
  /** The model's name from the product catalogue; null for a model the catalogue does not know. */
  product_name: Type.Union([Type.String(), Type.Null()]),
  status_id: Type.Enum(STATUS_IDS),
  /** SPEC §3: not blocked and reporting (STATUS_ONLINE or STATUS_SKIPPED_HB). */
  online: Type.Boolean(),
  health_id: Type.Enum(HEALTH_IDS),
});
export type DeviceListItem = Static<typeof DeviceListItem>;

/** GET /apiv2/cloud/:cloudId/devices: devices by name, then id. */
export const DeviceListResponse = ListPage(DeviceListItem);
export type DeviceListResponse = Static<typeof DeviceListResponse>;
