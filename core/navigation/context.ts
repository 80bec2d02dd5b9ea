// What every menu function of the navigation model is given: explicit inputs, no globals.
import type { PlanType } from '../domain.ts';
import type { Access } from '../policy.ts';
import { isId } from '../route-definition.ts';
import { MissingNavValueError } from './errors.ts';

/** The ids of the current page (docs/navigation.md#navigation-drawer link placeholders); the cloud and user come from the session. */
export type NavParams = {
  readonly cloudId?: number | undefined;
  readonly userId?: number | undefined;
  readonly siteId?: number | undefined;
  readonly deviceId?: number | undefined;
  readonly smartNvrId?: number | undefined;
};
export type NavParamName = keyof NavParams;
export const NAV_PARAM_NAMES: readonly NavParamName[] = [
  'cloudId',
  'userId',
  'siteId',
  'deviceId',
  'smartNvrId',
];

/** The deployment theme's switches (docs/decisions.md). */
export type ThemeFlags = { readonly addonsEnabled: boolean; readonly supportToolsEnabled: boolean };
/** docs/entities.md User: support_tools. */
export type UserFlags = { readonly supportTools: boolean };
/** docs/entities.md Cloud fields, under the names the cloud call answers with. */
export type CloudFlags = { readonly plan_type: PlanType; readonly authport_enabled: boolean };
/** docs/entities.md Site: configEnabled, and whether the site shows its SDWAN tab. */
export type SiteFacts = { readonly configEnabled: boolean; readonly sdwanEnabled: boolean };
/** docs/entities.md Device: what navigation uses. productType is any text so an unknown one can be reported. */
export type DeviceFacts = {
  readonly productType: string;
  readonly brandId: number;
  readonly mgmtdVersion: string | null;
  readonly allowConfig: boolean;
};

export type NavContext = {
  /** The user's membership of the current cloud. */
  readonly access: Access;
  readonly theme: ThemeFlags;
  readonly user: UserFlags;
  readonly cloud: CloudFlags;
  /** A saved site filter is active: the site filter response's userCloudFilter has an id. */
  readonly siteFilterActive: boolean;
  /** The current site's facts; null while unknown, which hides what depends on them. */
  readonly site: SiteFacts | null;
  /** The current device's facts; the device menu cannot be built without them. */
  readonly device: DeviceFacts | null;
  /** The smart NVR that holds a smart NVR license (GET /apiv2/smartnvr/license), if any. */
  readonly licensedSmartNvrId: number | null;
  readonly params: NavParams;
};

/** An id of the current page that a menu cannot do without. */
export function requireParam(params: NavParams, name: NavParamName): number {
  const value = params[name];
  if (!isId(value)) throw new MissingNavValueError(name);
  return value;
}
