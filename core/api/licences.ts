// Schemas of the licence calls (SPEC §7), shared by server and web app.
import { type Static, Type } from 'typebox';

/** The current cloud comes from the X-Cloud-Id header (DESIGN §4). */
export const CloudIdHeaders = Type.Object({ 'x-cloud-id': Type.Optional(Type.String()) });

/** GET /apiv2/smartnvr/license: a smart NVR of the cloud holding a live smart NVR licence, or null. */
export const SmartNvrLicenseResponse = Type.Object({ deviceId: Type.Union([Type.Integer(), Type.Null()]) });
export type SmartNvrLicense = Static<typeof SmartNvrLicenseResponse>;
