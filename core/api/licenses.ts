// Schemas of the license calls (docs/api.md#the-calls), shared by server and web app.
import { type Static, Type } from 'typebox';

/** The current cloud comes from the X-Cloud-Id header (docs/api.md#http-conventions). */
export const CloudIdHeaders = Type.Object({ 'x-cloud-id': Type.Optional(Type.String()) });

/** GET /apiv2/smartnvr/license: a smart NVR of the cloud holding a live smart NVR license, or null. */
export const SmartNvrLicenseResponse = Type.Object({ deviceId: Type.Union([Type.Integer(), Type.Null()]) });
export type SmartNvrLicense = Static<typeof SmartNvrLicenseResponse>;
