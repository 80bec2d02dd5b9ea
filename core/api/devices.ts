// Device calls outside the cloud prefix (SPEC §7).
import { type Static, Type } from 'typebox';

/** Whether the device's configuration may be viewed and changed in the console (SPEC §2.4 device menu). */
export const AllowConfigResponse = Type.Object({ allowConfig: Type.Boolean() });
export type AllowConfigResponse = Static<typeof AllowConfigResponse>;
