// Every entry of the route registry (core/routes.ts) becomes a route; pages load on demand.
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { matchRoute, ROUTE_KEYS, type RouteKey, routes } from '../../core/routes.ts';
import { rangeOfSearch } from '../../core/time-range.ts';
import { siteConfigQueryOptions } from '../features/config/api/get-site-config.ts';
import { dashboardQuery } from '../features/dashboards/api/get-dashboard.ts';
import { navigationSiteQueryOptions } from '../features/navigation/api/get-navigation.ts';
import { topologyQueryOptions } from '../features/topology/api/get-topology.ts';
import { failSafeLazy } from '../platform/errors/fail-safe-lazy.tsx';
import { PageLoader } from '../platform/page-loader.tsx';
import { followRouteLoads } from '../platform/progress/route-progress.ts';
import { RootLayout } from '../shell/root-layout.tsx';
import { RouteErrorPage } from '../shell/route-error-page.tsx';

type LoadComponent = () => Promise<ComponentType>;

// Routes outside the signed-in frame.
const PUBLIC_PAGES = {
  login: () => import('../features/auth/pages/login-page.tsx').then((m) => m.LoginPage),
  logout: () => import('../features/auth/pages/logout-page.tsx').then((m) => m.LogoutPage),
  invitation: () => import('../features/auth/pages/invitation-page.tsx').then((m) => m.InvitationPage),
  forgotPassword: () =>
    import('../features/auth/pages/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
  passwordReset: () =>
    import('../features/auth/pages/password-reset-page.tsx').then((m) => m.PasswordResetPage),
  confirmEmail: () => import('../features/auth/pages/confirm-email-page.tsx').then((m) => m.ConfirmEmailPage),
  signInLink: () => import('../features/auth/pages/sign-in-link-page.tsx').then((m) => m.SignInLinkPage),
  voucher: () => import('../features/guest-voucher/pages/voucher-page.tsx').then((m) => m.VoucherPage),
} satisfies Partial<Record<RouteKey, LoadComponent>>;

const devicesPage = () =>
  import('../features/devices/pages/devices-list-page.tsx').then((m) => m.DevicesListPage);
const dashboardPage = () =>
  import('../features/dashboards/pages/dashboard-page.tsx').then((m) => m.DashboardPage);
const activityPage = () => import('../features/activity/pages/activity-page.tsx').then((m) => m.ActivityPage);
const deviceDashboardPage = () =>
  import('../features/device-dashboard/pages/device-dashboard-page.tsx').then((m) => m.DeviceDashboardPage);
const smartNvrDashboardPage = () =>
  import('../features/device-dashboard/pages/smartnvr-dashboard-page.tsx').then(
    (m) => m.SmartNvrDashboardPage,
  );
const licensesPage = () => import('../features/licenses/pages/licenses-page.tsx').then((m) => m.LicensesPage);
const clientsListPage = () =>
  import('../features/clients/pages/clients-list-page.tsx').then((m) => m.ClientsListPage);

// The page of every route inside the signed-in frame.
const FRAMED_PAGES: Record<Exclude<RouteKey, keyof typeof PUBLIC_PAGES>, LoadComponent> = {
  home: () => import('../shell/home-redirect.tsx').then((m) => m.HomeRedirect),
  noCloud: () => import('../features/auth/pages/no-cloud-page.tsx').then((m) => m.NoCloudPage),
  adminTools: () => import('../features/admin/pages/admin-page.tsx').then((m) => m.AdminPage),
  cloudActivity: activityPage,
  siteActivity: activityPage,
  deviceActivity: activityPage,
  smartNvrActivity: activityPage,
  cloudClients: clientsListPage,
  siteClients: clientsListPage,
  deviceClients: clientsListPage,
  siteClient: () => import('../features/clients/pages/client-page.tsx').then((m) => m.ClientPage),
  cloudDashboard: dashboardPage,
  site: dashboardPage,
  siteDashboard: dashboardPage,
  devices: devicesPage,
  siteDevices: devicesPage,
  devicesImport: () =>
    import('../features/devices/pages/import-devices-page.tsx').then((m) => m.ImportDevicesPage),
  devicesPending: () =>
    import('../features/devices/pages/pending-devices-page.tsx').then((m) => m.PendingDevicesPage),
  sites: () => import('../features/sites/pages/sites-list-page.tsx').then((m) => m.SitesListPage),
  sitesAdd: () => import('../features/sites/pages/site-add-page.tsx').then((m) => m.SiteAddPage),
  siteEdit: () => import('../features/sites/pages/site-edit-page.tsx').then((m) => m.SiteEditPage),
  siteFilterAdd: () =>
    import('../features/sites/pages/site-filter-add-page.tsx').then((m) => m.SiteFilterAddPage),
  siteFilterEdit: () =>
    import('../features/sites/pages/site-filter-edit-page.tsx').then((m) => m.SiteFilterEditPage),
  users: () => import('../features/users/pages/users-list-page.tsx').then((m) => m.UsersListPage),
  changeLog: () => import('../features/change-log/pages/change-log-page.tsx').then((m) => m.ChangeLogPage),
  cloudApiTokens: () =>
    import('../features/api-tokens/pages/cloud-api-tokens-page.tsx').then((m) => m.CloudApiTokensPage),
  linqpath: () => import('../features/linqpath/pages/linqpath-page.tsx').then((m) => m.LinqPathPage),
  reports: () => import('../features/reports/pages/reports-page.tsx').then((m) => m.ReportsPage),
  cloudWebhooks: () => import('../features/webhooks/pages/webhooks-page.tsx').then((m) => m.WebhooksPage),
  cloudSingleSignOn: () =>
    import('../features/single-sign-on/pages/single-sign-on-page.tsx').then((m) => m.SingleSignOnPage),
  tools: () => import('../features/tools/pages/tools-page.tsx').then((m) => m.ToolsPage),
  notificationSettings: () =>
    import('../features/notification-settings/pages/notification-settings-page.tsx').then(
      (m) => m.NotificationSettingsPage,
    ),
  siteNotificationSettings: () =>
    import('../features/notification-settings/pages/site-notification-settings-page.tsx').then(
      (m) => m.SiteNotificationSettingsPage,
    ),
  clouds: () => import('../features/clouds/pages/clouds-list-page.tsx').then((m) => m.CloudsListPage),
  cloudSwitch: () => import('../features/clouds/pages/cloud-switch-page.tsx').then((m) => m.CloudSwitchPage),
  cloudEdit: () => import('../features/clouds/pages/cloud-edit-page.tsx').then((m) => m.CloudEditPage),
  cloudVpc: () => import('../features/vpc/pages/vpc-page.tsx').then((m) => m.VpcPage),
  cloudLicenses: licensesPage,
  cloudAddons: licensesPage,
  siteAddons: licensesPage,
  profile: () => import('../features/account/pages/profile-page.tsx').then((m) => m.ProfilePage),
  accountSecurity: () =>
    import('../features/account/pages/account-security-page.tsx').then((m) => m.AccountSecurityPage),
  deviceWirelessStatistics: () =>
    import('../features/statistics/pages/wireless-statistics-page.tsx').then((m) => m.WirelessStatisticsPage),
  deviceNetworkStatistics: () =>
    import('../features/statistics/pages/network-statistics-page.tsx').then((m) => m.NetworkStatisticsPage),
  deviceSystemStatistics: () =>
    import('../features/statistics/pages/system-statistics-page.tsx').then((m) => m.SystemStatisticsPage),
  siteConfig: () => import('../features/config/pages/site-config-page.tsx').then((m) => m.SiteConfigPage),
  deviceConfig: () =>
    import('../features/config/pages/device-config-page.tsx').then((m) => m.DeviceConfigPage),
  siteGoogleMap: () => import('../features/site-map/pages/site-map-page.tsx').then((m) => m.SiteMapPage),
  siteTopology: () => import('../features/topology/pages/topology-page.tsx').then((m) => m.TopologyPage),
  siteFloorMaps: () =>
    import('../features/floor-maps/pages/floor-maps-page.tsx').then((m) => m.FloorMapsPage),
  devicePorts: () => import('../features/statistics/pages/ports-page.tsx').then((m) => m.PortsPage),
  deviceFiles: () => import('../features/statistics/pages/files-page.tsx').then((m) => m.FilesPage),
  device: deviceDashboardPage,
  siteDevice: deviceDashboardPage,
  deviceDashboard: deviceDashboardPage,
  smartnvr: smartNvrDashboardPage,
  smartNvrDashboard: smartNvrDashboardPage,
  smartNvrIpcams: () => import('../features/cameras/pages/cameras-page.tsx').then((m) => m.CamerasPage),
  smartNvrStreaming: () =>
    import('../features/streaming/pages/streaming-page.tsx').then((m) => m.StreamingPage),
  smartNvrTunnels: () => import('../features/tunnels/pages/tunnels-page.tsx').then((m) => m.TunnelsPage),
  authportServicePlans: () =>
    import('../features/guest-plans/pages/service-plans-page.tsx').then((m) => m.ServicePlansPage),
  authportAccounts: () =>
    import('../features/guest-accounts/pages/accounts-page.tsx').then((m) => m.AccountsPage),
  authportCaptivePortals: () =>
    import('../features/guest-portals/pages/captive-portals-page.tsx').then((m) => m.CaptivePortalsPage),
  authportCertificate: () =>
    import('../features/guest-certificate/pages/certificate-page.tsx').then((m) => m.CertificatePage),
  authportHistory: () =>
    import('../features/guest-history/pages/history-page.tsx').then((m) => m.HistoryPage),
};

function isPublic(key: RouteKey): key is keyof typeof PUBLIC_PAGES {
  return Object.hasOwn(PUBLIC_PAGES, key);
}

/** Whether an address opens in the signed-in frame (every page but the public ones). */
export function isFramedPath(pathname: string): boolean {
  const match = matchRoute(pathname);
  return !match || !isPublic(match.key);
}

type PageData = (queryClient: QueryClient, args: LoaderFunctionArgs) => unknown;

/**
 * A site page's first call. A site's address carries no cloud id: the site's own call (which the frame
 * makes too) gives it. A site the user may not see is left for the page to say so.
 */
const afterSite =
  <T, K extends QueryKey>(
    query: (cloudId: number, siteId: number, args: LoaderFunctionArgs) => FetchQueryOptions<T, Error, T, K>,
  ): PageData =>
  (queryClient, args) => {
    const siteId = Number(args.params.siteId);
    return queryClient.fetchQuery(navigationSiteQueryOptions(siteId)).then(
      (site) => queryClient.prefetchQuery(query(site.cloud_id, siteId, args)),
      () => undefined,
    );
  };

/**
 * The first call of a page, started by its route while the frame and the page's code load, with the
 * query the page itself makes, so the page finds it answered or under way (docs/architecture.md, Page
 * speed). Not awaited: the route never waits for it.
 */
const PAGE_DATA: Partial<Record<RouteKey, PageData>> = {
  cloudDashboard: (queryClient, { params, request }) =>
    queryClient.prefetchQuery(
      dashboardQuery(Number(params.cloudId), rangeOfSearch(new URL(request.url).search)),
    ),
  siteDashboard: afterSite((cloudId, siteId, { request }) =>
    dashboardQuery(cloudId, rangeOfSearch(new URL(request.url).search), siteId),
  ),
  siteConfig: afterSite((cloudId, siteId) => siteConfigQueryOptions(cloudId, siteId)),
  siteTopology: afterSite((cloudId, siteId) => topologyQueryOptions(cloudId, siteId)),
};

function framedPage(
  key: Exclude<RouteKey, keyof typeof PUBLIC_PAGES>,
  queryClient?: QueryClient,
): RouteObject {
  const load = FRAMED_PAGES[key];
  const data = PAGE_DATA[key];
  return {
    path: routes[key].path,
    ...(queryClient && data
      ? {
          loader: (args: LoaderFunctionArgs) => {
            void data(queryClient, args);
            return null;
          },
        }
      : {}),
    errorElement: <RouteErrorPage />,
    lazy: failSafeLazy(async () => ({ Component: await load() })),
  };
}

/** The app's routes; with the query client, pages with a first call start it from their route. */
export function appRoutes(queryClient?: QueryClient): RouteObject[] {
  const publicRoutes = ROUTE_KEYS.filter(isPublic).map(
    (key): RouteObject => ({
      path: routes[key].path,
      errorElement: <RouteErrorPage />,
      lazy: failSafeLazy(async () => ({ Component: await PUBLIC_PAGES[key]() })),
    }),
  );
  const framedRoutes = ROUTE_KEYS.filter(
    (key): key is Exclude<RouteKey, keyof typeof PUBLIC_PAGES> => !isPublic(key),
  ).map((key) => framedPage(key, queryClient));
  return [
    {
      Component: RootLayout,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        ...publicRoutes,
        {
          lazy: failSafeLazy(async () => ({ Component: (await import('../shell/app-frame.tsx')).AppFrame })),
          errorElement: <RouteErrorPage />,
          children: [
            ...framedRoutes,
            {
              path: '*',
              lazy: failSafeLazy(async () => ({
                Component: (await import('../features/navigation/not-found-page.tsx')).NotFoundPage,
              })),
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(appRoutes(queryClient));
  followRouteLoads(router);
  return router;
}
