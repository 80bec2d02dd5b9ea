// docs/navigation.md#side-menu: the main side menu, shown at the cloud level of the drawer.
import { can } from '../policy.ts';
import { routes } from '../routes.ts';
import { type NavContext, requireParam } from './context.ts';
import { type NavEntry, navGroup, navHeading, navLink } from './nav-entry.ts';

function manageEntries(ctx: NavContext, cloudId: number): NavEntry[] {
  const { access } = ctx;
  const id = { cloudId };
  const entries: NavEntry[] = [];
  if (can(access, 'manage_users')) {
    entries.push(navLink('users', 'nav.main.userManagement', routes.users.href(id)));
    entries.push(navLink('change-log', 'nav.main.changeLog', routes.changeLog.href(id)));
    entries.push(navLink('webhooks', 'nav.main.webhooks', routes.cloudWebhooks.href(id)));
    entries.push(navLink('api-tokens', 'nav.main.apiTokens', routes.cloudApiTokens.href(id)));
    entries.push(navLink('single-sign-on', 'nav.main.singleSignOn', routes.cloudSingleSignOn.href(id)));
  }
  if (can(access, 'manage_sites')) {
    entries.push(navLink('reports', 'nav.main.reportManagement', routes.reports.href(id)));
  }
  // The support tools flag: the deployment offers them and the user holds support_tools.
  if (ctx.theme.supportToolsEnabled && ctx.user.supportTools) {
    entries.push(navLink('tools', 'nav.main.tools', routes.tools.href(id)));
  }
  if (can(access, 'manage_licenses') && ctx.theme.addonsEnabled) {
    entries.push(
      navGroup('licensing', 'nav.main.licensing', [
        navLink('addons', 'nav.common.addons', routes.cloudAddons.href(id)),
        navLink('licenses', 'nav.main.licenses', routes.cloudLicenses.href(id)),
      ]),
    );
  }
  if (can(access, 'manage_vpc') && ctx.cloud.plan_type === 'vpc') {
    entries.push(navLink('vpc', 'nav.main.vpc', routes.cloudVpc.href(id)));
  }
  if (can(access, 'manage_licenses')) {
    entries.push(navLink('properties', 'nav.main.properties', routes.cloudEdit.href(id)));
  }
  if (can(access, 'manage_sites') && ctx.cloud.authport_enabled) {
    entries.push(
      navGroup('authport', 'nav.main.authport', [
        navLink(
          'authport-service-plans',
          'nav.main.authportServicePlans',
          routes.authportServicePlans.href(id),
        ),
        navLink('authport-accounts', 'nav.main.authportAccounts', routes.authportAccounts.href(id)),
        navLink('authport-certificate', 'nav.main.authportCertificate', routes.authportCertificate.href(id)),
        navLink(
          'authport-captive-portals',
          'nav.main.authportCaptivePortals',
          routes.authportCaptivePortals.href(id),
        ),
        navLink('authport-history', 'nav.main.authportHistory', routes.authportHistory.href(id)),
      ]),
    );
  }
  if (can(access, 'manage_sites')) {
    entries.push(navLink('notifications', 'nav.common.notifications', routes.notificationSettings.href(id)));
  }
  return entries;
}

/** The main side menu for the current cloud; needs params.cloudId. */
export function mainMenu(ctx: NavContext): NavEntry[] {
  const cloudId = requireParam(ctx.params, 'cloudId');
  const { access, licensedSmartNvrId } = ctx;
  const entries: NavEntry[] = [
    navLink('dashboard', 'nav.common.dashboard', routes.cloudDashboard.href({ cloudId })),
    navLink('devices', 'nav.common.devices', routes.devices.href({ cloudId })),
    navLink('clients', 'nav.main.clients', routes.cloudClients.href({ cloudId })),
  ];
  if (can(access, 'manage_snvr') && licensedSmartNvrId !== null) {
    entries.push(
      navLink(
        'smartnvr',
        'nav.main.smartnvr',
        routes.smartNvrDashboard.href({ smartNvrId: licensedSmartNvrId }),
      ),
    );
  }
  entries.push(
    navLink('activity', 'nav.common.activity', routes.cloudActivity.href({ cloudId })),
    navLink(
      'sites',
      can(access, 'manage_sites') ? 'nav.main.siteManagement' : 'nav.main.sites',
      routes.sites.href({ cloudId }),
    ),
    ...navHeading('manage', 'nav.common.manage', manageEntries(ctx, cloudId)),
  );
  return entries;
}
