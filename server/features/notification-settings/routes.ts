import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  CloudNotificationSettings,
  CloudNotificationSettingsBody,
  SiteNotificationSettings,
  SiteNotificationSettingsBody,
} from '../../../core/api/notification-settings.ts';
import { SiteIdParams } from '../../../core/api/sites.ts';
import { canSeeSite, sitePermissions } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { readCloudSettings, readSiteSettings, saveCloudSettings, saveSiteSettings } from './repository.ts';

/**
 * A site's Notifications need edit_site on it (docs/navigation.md#navigation-drawer); a site the caller does not see is not found. It
 * runs before the body is validated, so a caller without the right learns nothing from a 400.
 */
async function requireEditSite(request: FastifyRequest) {
  const siteId = Number((request.params as { siteId?: string }).siteId);
  const membership = membershipOf(request);
  if (!Number.isSafeInteger(siteId) || !canSeeSite(membership, siteId)) throw errors.notFound();
  if (!sitePermissions(membership, siteId).has('edit_site')) throw errors.forbidden();
}

/** Notifications of the cloud (manage_sites, docs/roles.md) and of a site: who each alert type reaches, and how. */
export function notificationSettingRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/notification-settings',
      {
        config: { permission: 'manage_sites' },
        schema: {
          tags: ['notifications'],
          summary: 'Who each alert type notifies by Web Push and by email, and the members who may be chosen',
          params: CloudParams,
          response: { 200: CloudNotificationSettings, ...signedInErrors },
        },
      },
      (request) => readCloudSettings(db, request.params.cloudId),
    );

    app.put(
      '/notification-settings',
      {
        config: { permission: 'manage_sites' },
        schema: {
          tags: ['notifications'],
          summary:
            'Replaces the cloud settings: a type left out goes back to push to everyone and email to nobody',
          params: CloudParams,
          body: CloudNotificationSettingsBody,
          response: { 200: CloudNotificationSettings, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId } = request.params;
        await saveCloudSettings(db, cloudId, request.body, actorOf(request));
        return readCloudSettings(db, cloudId);
      },
    );

    app.get(
      '/site/:siteId/notification-settings',
      {
        preValidation: requireEditSite,
        schema: {
          tags: ['notifications'],
          summary: "A site's settings for each alert type, or the cloud's where it follows the cloud",
          params: SiteIdParams,
          response: { 200: SiteNotificationSettings, ...signedInErrors },
        },
      },
      async (request) => {
        const settings = await readSiteSettings(db, request.params.cloudId, request.params.siteId);
        if (!settings) throw errors.notFound('Site not found.');
        return settings;
      },
    );

    app.put(
      '/site/:siteId/notification-settings',
      {
        preValidation: requireEditSite,
        schema: {
          tags: ['notifications'],
          summary: "Replaces a site's own settings: a type left out or following the cloud has none",
          params: SiteIdParams,
          body: SiteNotificationSettingsBody,
          response: { 200: SiteNotificationSettings, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteId } = request.params;
        const saved = await saveSiteSettings(db, cloudId, siteId, request.body, actorOf(request));
        const settings = saved && (await readSiteSettings(db, cloudId, siteId));
        if (!settings) throw errors.notFound('Site not found.');
        return settings;
      },
    );
  };
}
