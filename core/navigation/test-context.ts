// Builders for the navigation tests: a context where everything is allowed, narrowed per test.
import { ALL_CLOUD_PERMISSIONS, type RoleId } from '../domain.ts';
import type { Access } from '../policy.ts';
import type {
  CloudFlags,
  DeviceFacts,
  NavContext,
  NavParams,
  SiteFacts,
  ThemeFlags,
  UserFlags,
} from './context.ts';
import type { NavEntry } from './nav-entry.ts';

export const IDS = { cloudId: 3, userId: 9, siteId: 5, deviceId: 11, smartNvrId: 70 } as const;

export type ContextOverrides = {
  readonly access?: Access;
  readonly theme?: Partial<ThemeFlags>;
  readonly user?: Partial<UserFlags>;
  readonly cloud?: Partial<CloudFlags>;
  readonly siteFilterActive?: boolean;
  /** null: the site's facts are not known. */
  readonly site?: Partial<SiteFacts> | null;
  /** null: the device's facts are not known. */
  readonly device?: Partial<DeviceFacts> | null;
  readonly licensedSmartNvrId?: number | null;
  /** Merged into the default ids; give a name as undefined to leave it out. */
  readonly params?: NavParams;
};

export function access(roleId: RoleId, permissions = 0, sites: Access['sites'] = []): Access {
  return { roleId, permissions, sites };
}

/** An owner of a VPC cloud with AuthPort, on a site with configuration and SDWAN, looking at an access point. */
export function navContext(overrides: ContextOverrides = {}): NavContext {
  const site: SiteFacts = { configEnabled: true, sdwanEnabled: true };
  const device: DeviceFacts = { productType: 'wifi', brandId: 1, mgmtdVersion: '1.5.0', allowConfig: true };
  return {
    access: overrides.access ?? access('ROLE_OWNER', ALL_CLOUD_PERMISSIONS),
    theme: { addonsEnabled: true, supportToolsEnabled: true, ...overrides.theme },
    user: { supportTools: true, ...overrides.user },
    cloud: { plan_type: 'vpc', authport_enabled: true, ...overrides.cloud },
    siteFilterActive: overrides.siteFilterActive ?? false,
    site: overrides.site === null ? null : { ...site, ...overrides.site },
    device: overrides.device === null ? null : { ...device, ...overrides.device },
    licensedSmartNvrId:
      overrides.licensedSmartNvrId === undefined ? IDS.smartNvrId : overrides.licensedSmartNvrId,
    params: { ...IDS, ...overrides.params },
  };
}

/** A menu as nested keys, for comparing shapes. */
export type Outline = (string | [string, Outline])[];
export function outline(entries: readonly NavEntry[]): Outline {
  return entries.map((entry) => (entry.children ? [entry.key, outline(entry.children)] : entry.key));
}

/** Every entry of a menu, children included, by key. */
export function byKey(entries: readonly NavEntry[]): Map<string, NavEntry> {
  const found = new Map<string, NavEntry>();
  const visit = (list: readonly NavEntry[]) => {
    for (const entry of list) {
      found.set(entry.key, entry);
      if (entry.children) visit(entry.children);
    }
  };
  visit(entries);
  return found;
}

export const keysOf = (entries: readonly NavEntry[]) => [...byKey(entries).keys()];
