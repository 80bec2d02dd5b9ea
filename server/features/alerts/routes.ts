import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AcknowledgeBody,
  AcknowledgeResponse,
  AlertExportQuery,
  AlertHistoryQuery,
  AlertHistoryResponse,
  AlertMutesResponse,
  CreateMuteBody,
  MuteParams,
} from '../../../core/api/activity.ts';
import {
  AlertPreferenceBody,
  AlertPreferenceParams,
  AlertPreferenceSchema,
  AlertPreferencesResponse,
  RecentAlertsQuery,
  RecentAlertsResponse,
  RecentAlertsTotalsResponse,
} from '../../../core/api/alerts.ts';
import { RECENT_ALERTS_LIMIT } from '../../../core/constants.ts';
import { isOwnerOrAdmin, visibleSiteIds } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { type Membership, membershipOf, personOf } from '../../auth/cloud-scope.ts';
import { sessionUserId } from '../../auth/request-auth.ts';
import type { AppContext } from '../../context.ts';
import { CsvResponse, EXPORT_ROWS_MAX, sendCsv } from '../../csv-reply.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { CloudParams, Ok, signedInErrors } from '../../http-schemas.ts';
import { groupingSites } from '../sites/site-filter-repository.ts';
import { acknowledgeAlerts, alertsCsv, listAlertHistory } from './history.ts';
import { createMute, endMute, listMutes } from './mutes.ts';
import {
  type AlertScope,
  countNotViewed,
  listAlertPreferences,
  listRecentAlerts,
  markAlertsViewed,
  saveAlertPreference,
  seesOneSiteOnly,
} from './repository.ts';

function alertScope(membership: Membership): AlertScope {
  return {
    cloudId: membership.cloudId,
    siteIds: visibleSiteIds(membership),
    viewedAt: membership.alertsViewedAt,
  };
}

/** Cloud-scoped: recent alerts, their totals and the viewed mark (docs/api.md#the-calls). */
export function alertRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/recent-alerts',
      {
        schema: {
          tags: ['alerts'],
          summary: 'The most recent alerts of the last 7 days the caller may see, newest first',
          params: CloudParams,
          querystring: RecentAlertsQuery,
          response: { 200: RecentAlertsResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const scope = alertScope(membership);
        return {
          alerts: await listRecentAlerts(db, scope, request.query.limit ?? RECENT_ALERTS_LIMIT),
          sees_one_site_only: await seesOneSiteOnly(db, scope.cloudId, scope.siteIds),
        };
      },
    );

    app.get(
      '/recent-alerts-totals',
      {
        schema: {
          tags: ['alerts'],
          summary: 'How many recent alerts the caller has not viewed',
          params: CloudParams,
          response: { 200: RecentAlertsTotalsResponse, ...signedInErrors },
        },
      },
      async (request) => ({ notViewedTotal: await countNotViewed(db, alertScope(membershipOf(request))) }),
    );

    app.post(
      '/mark-alerts-as-viewed',
      {
        schema: {
          tags: ['alerts'],
          summary: 'Marks every alert viewed for the caller in this cloud (closing the alerts panel)',
          params: CloudParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        await markAlertsViewed(db, personOf(membership).userId, membership.cloudId);
        return { ok: true as const };
      },
    );

    app.get(
      '/alerts',
      {
        schema: {
          tags: ['alerts'],
          summary:
            'The alert history the caller may see, newest first, filtered and paged (the activity page)',
          params: CloudParams,
          querystring: AlertHistoryQuery,
          response: { 200: AlertHistoryResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const sitesIn = await groupingSites(db, membership, request.query.grouping);
        return listAlertHistory(db, membership.cloudId, membership, request.query, sitesIn);
      },
    );

    app.get(
      '/alerts/export',
      {
        schema: {
          tags: ['alerts'],
          summary: 'The alert history the caller may see as a CSV file, with the same filters',
          params: CloudParams,
          querystring: AlertExportQuery,
          response: { 200: CsvResponse, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        const page = { ...request.query, offset: 0, limit: EXPORT_ROWS_MAX };
        const sitesIn = await groupingSites(db, membership, request.query.grouping);
        const { items } = await listAlertHistory(db, membership.cloudId, membership, page, sitesIn);
        return sendCsv(reply, `alerts-${membership.cloudId}`, alertsCsv(items));
      },
    );

    app.get(
      '/alert-mutes',
      {
        schema: {
          tags: ['alerts'],
          summary: 'The maintenance windows still open, soonest to end first',
          params: CloudParams,
          response: { 200: AlertMutesResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        return {
          items: await listMutes(db, membership.cloudId, membership),
          can_mute_types: isOwnerOrAdmin(membership),
        };
      },
    );

    app.post(
      '/alert-mutes',
      {
        schema: {
          tags: ['alerts'],
          summary:
            'Opens a maintenance window now: alerts of the device or recorder, of the type, or both are kept but notify nobody',
          params: CloudParams,
          body: CreateMuteBody,
          response: { 201: Type.Object({ id: Type.Integer() }), ...signedInErrors },
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        const { device_id, snvr_device_id, alert_type } = request.body;
        if (!device_id && !snvr_device_id && !alert_type) {
          throw errors.validation([
            {
              errorCode: 'required',
              location: 'body',
              path: '/device_id',
              message: 'name a device, a smart NVR or an alert type',
            },
          ]);
        }
        if (device_id && snvr_device_id) {
          throw errors.validation([
            {
              errorCode: 'oneOf',
              location: 'body',
              path: '/snvr_device_id',
              message: 'name a device or a smart NVR, not both',
            },
          ]);
        }
        const id = await createMute(
          db,
          actorOf(request),
          membership.cloudId,
          personOf(membership),
          request.body,
        );
        return reply.code(201).send({ id });
      },
    );

    app.post(
      '/alert-mutes/:muteId/end',
      {
        schema: {
          tags: ['alerts'],
          summary: 'Ends a maintenance window now',
          params: MuteParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        await endMute(db, actorOf(request), membership.cloudId, membership, request.params.muteId);
        return { ok: true as const };
      },
    );

    app.post(
      '/alerts/acknowledge',
      {
        schema: {
          tags: ['alerts'],
          summary:
            'Acknowledges alerts with a comment; those the caller may not acknowledge (or already acknowledged) are left alone',
          params: CloudParams,
          body: AcknowledgeBody,
          response: { 200: AcknowledgeResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const { alert_ids, comment } = request.body;
        return {
          acknowledged: await acknowledgeAlerts(
            db,
            actorOf(request),
            membership.cloudId,
            personOf(membership),
            alert_ids,
            comment,
          ),
        };
      },
    );
  };
}

/** The user's alert preferences (docs/api.md#the-calls). */
export function alertPreferenceRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/all',
      {
        schema: {
          tags: ['alerts'],
          summary: "The caller's preference for every alert type (defaults where none is saved)",
          response: { 200: AlertPreferencesResponse, 401: ErrorSchemas.message },
        },
      },
      async (request) => ({ preferences: await listAlertPreferences(db, sessionUserId(request)) }),
    );

    app.put(
      '/:name',
      {
        schema: {
          tags: ['alerts'],
          summary: "Saves the caller's preference for one alert type",
          params: AlertPreferenceParams,
          body: AlertPreferenceBody,
          response: {
            200: AlertPreferenceSchema,
            400: ErrorSchemas.validation,
            401: ErrorSchemas.message,
            403: ErrorSchemas.message,
          },
        },
      },
      async (request) =>
        saveAlertPreference(
          db,
          { ...actorOf(request), userId: sessionUserId(request) },
          {
            name: request.params.name,
            alertCount: request.body.alertCount,
            displayAlert: request.body.displayAlert,
          },
        ),
    );
  };
}
