import type { FastifyInstance } from 'fastify';
import { registerCloudScope } from './auth/cloud-scope.ts';
import type { AppContext } from './context.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { alertPreferenceRoutes, alertRoutes } from './features/alerts/routes.ts';
import { accountRoutes } from './features/auth/account-routes.ts';
import { emailChangeRoutes } from './features/auth/email-change-routes.ts';
import { passwordResetRoutes } from './features/auth/password-reset-routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { signInLinkRoutes } from './features/auth/sign-in-link-routes.ts';
import { changeLogRoutes } from './features/change-log/routes.ts';
import { clientRoutes } from './features/clients/routes.ts';
import { cloudCreateRoutes, cloudManagementRoutes } from './features/clouds/management-routes.ts';
import { cloudListRoutes, cloudRoutes } from './features/clouds/routes.ts';
import { deviceConfigRoutes } from './features/config/device-routes.ts';
import { siteConfigRoutes } from './features/config/site-routes.ts';
import { dashboardRoutes } from './features/dashboards/routes.ts';
import { deviceBulkRoutes } from './features/devices/bulk-routes.ts';
import { listColumnRoutes } from './features/devices/list-columns-routes.ts';
import { deviceRegistrationRoutes } from './features/devices/registration-routes.ts';
import { deviceListRoutes, deviceRoutes } from './features/devices/routes.ts';
import { errorReportRoutes } from './features/error-reports/routes.ts';
import { fileRoutes } from './features/files/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { deviceLicenseRoutes } from './features/licenses/device-license-routes.ts';
import { licenseRoutes } from './features/licenses/routes.ts';
import { metricRoutes } from './features/metrics/routes.ts';
import { navigationRoutes } from './features/navigation/routes.ts';
import { newsRoutes } from './features/news/routes.ts';
import { notificationSettingRoutes } from './features/notification-settings/routes.ts';
import { pushRoutes } from './features/push/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { siteMapRoutes } from './features/site-map/routes.ts';
import { siteRoutes } from './features/sites/routes.ts';
import { taskRoutes } from './features/tasks/routes.ts';
import { invitationPublicRoutes } from './features/users/invitation-public-routes.ts';
import { memberRoutes } from './features/users/member-routes.ts';
import { userRoutes } from './features/users/routes.ts';

/** Every API route, by prefix. Routes under /apiv2/cloud/:cloudId get the caller's membership checked. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx), { prefix: '/apiv2/auth' });
  await app.register(cloudListRoutes(ctx), { prefix: '/apiv2' });
  await app.register(cloudCreateRoutes(ctx), { prefix: '/apiv2' });
  await app.register(passwordResetRoutes(ctx), { prefix: '/apiv2/auth/password-reset' });
  await app.register(emailChangeRoutes(ctx), { prefix: '/apiv2/auth/email-change' });
  await app.register(signInLinkRoutes(ctx), { prefix: '/apiv2/auth/sign-in-link' });
  await app.register(accountRoutes(ctx), { prefix: '/apiv2/user' });
  await app.register(alertPreferenceRoutes(ctx), { prefix: '/apiv2/user/alert' });
  await app.register(listColumnRoutes(ctx), { prefix: '/apiv2/user/list-columns' });
  await app.register(newsRoutes(ctx), { prefix: '/apiv2' });
  await app.register(pushRoutes(ctx), { prefix: '/apiv2' });
  await app.register(deviceRoutes(ctx), { prefix: '/apiv2/device' });
  await app.register(licenseRoutes(ctx), { prefix: '/apiv2' });
  await app.register(navigationRoutes(ctx), { prefix: '/apiv2' });
  await app.register(errorReportRoutes(ctx), { prefix: '/apiv2/error-reports' });
  await app.register(adminRoutes(ctx), { prefix: '/apiv2/admin' });
  await app.register(invitationPublicRoutes(ctx), { prefix: '/apiv2/invitations' });
  await app.register(
    async (cloud) => {
      registerCloudScope(cloud, ctx.db);
      await cloud.register(cloudRoutes(ctx));
      await cloud.register(cloudManagementRoutes(ctx));
      await cloud.register(deviceLicenseRoutes(ctx));
      await cloud.register(dashboardRoutes(ctx));
      await cloud.register(alertRoutes(ctx));
      await cloud.register(taskRoutes(ctx));
      await cloud.register(searchRoutes(ctx));
      await cloud.register(siteRoutes(ctx));
      await cloud.register(siteMapRoutes(ctx));
      await cloud.register(siteConfigRoutes(ctx));
      await cloud.register(deviceConfigRoutes(ctx));
      await cloud.register(deviceListRoutes(ctx));
      await cloud.register(deviceBulkRoutes(ctx));
      await cloud.register(deviceRegistrationRoutes(ctx));
      await cloud.register(clientRoutes(ctx));
      await cloud.register(metricRoutes(ctx));
      await cloud.register(userRoutes(ctx));
      await cloud.register(memberRoutes(ctx));
      await cloud.register(changeLogRoutes(ctx));
      await cloud.register(notificationSettingRoutes(ctx));
      await cloud.register(fileRoutes(ctx));
    },
    { prefix: '/apiv2/cloud/:cloudId' },
  );
}
