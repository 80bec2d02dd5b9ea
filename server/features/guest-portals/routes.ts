// Captive portals (docs/guest-access.md#captive-portals), under /apiv2/cloud/{cloudId}/authport/portals: the
// AuthPort scope (manage_sites, AuthPort on) applies to every route.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { UploadForm } from '../../../core/api/files.ts';
import {
  CreatePortalBody,
  FREE_PLAN_METHODS,
  PORTAL_IMAGE_CONTENT_TYPES,
  PORTAL_IMAGE_MAX_BYTES,
  PORTAL_IMAGE_MAX_LABEL,
  Portal,
  PortalImageParams,
  PortalList,
  PortalParams,
  PortalsParams,
  PortalsQuery,
  type PortalTexts,
  UpdatePortalBody,
} from '../../../core/api/guest-portals.ts';
import { UPLOAD_FORM_LIMITS, UPLOAD_MAX_BYTES, UPLOAD_NAME_MAX_LENGTH } from '../../../core/limits.ts';
import { actorOf } from '../../audit/record.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/connect.ts';
import { errors, type ValidationIssue } from '../../errors.ts';
import { Ok, signedInErrors } from '../../http-schemas.ts';
import { acceptedType, cleanFileName, contentMatches } from '../files/content-check.ts';
import { readUpload, uploadRefused } from '../files/upload-reader.ts';
import {
  createPortal,
  deletePortal,
  findPortal,
  findSite,
  isCloudPlan,
  listPortals,
  type PortalSettings,
  removeImage,
  replaceImage,
  settingsOf,
  updatePortal,
} from './repository.ts';

const tags = ['authport'];

const refused = (errorCode: string, path: string, message: string) =>
  errors.validation([{ errorCode, location: 'body', path, message }]);

async function portalOf(db: Database, cloudId: number, portalId: number) {
  const portal = await findPortal(db, cloudId, portalId);
  if (!portal) throw errors.notFound('Portal not found.');
  return portal;
}

/** Texts without the languages left blank. */
function trimmedTexts(texts: PortalTexts): PortalTexts {
  const kept: PortalTexts = {};
  for (const [language, text] of Object.entries(texts) as [
    keyof PortalTexts,
    { welcome: string; terms: string },
  ][]) {
    const welcome = text.welcome.trim();
    const terms = text.terms.trim();
    if (welcome || terms) kept[language] = { welcome, terms };
  }
  return kept;
}

/** The checks a schema cannot make: the site and plan are the cloud's, a free method has its plan. */
async function settingsProblems(
  db: Database,
  cloudId: number,
  s: PortalSettings,
): Promise<ValidationIssue[]> {
  const problems: ValidationIssue[] = [];
  if (!(await findSite(db, cloudId, s.siteId)))
    problems.push({
      errorCode: 'site_unknown',
      location: 'body',
      path: '/site_id',
      message: 'Choose a site of this cloud.',
    });
  if (s.freePlanId !== null && !(await isCloudPlan(db, cloudId, s.freePlanId)))
    problems.push({
      errorCode: 'plan_unknown',
      location: 'body',
      path: '/free_plan_id',
      message: 'Choose a service plan of this cloud.',
    });
  if (s.freePlanId === null && s.methods.some((method) => FREE_PLAN_METHODS.includes(method)))
    problems.push({
      errorCode: 'free_plan_required',
      location: 'body',
      path: '/free_plan_id',
      message: 'Click-through and email sign-in give guests the free plan: choose one.',
    });
  return problems;
}

const SSID_TAKEN = () =>
  refused('portal_exists', '/ssid', 'This site already has a portal for this SSID (or a default portal).');

export function guestPortalRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/portals',
      {
        schema: {
          tags,
          operationId: 'listGuestPortals',
          summary: "The cloud's captive portals (of one site when asked), a page at a time",
          params: PortalsParams,
          querystring: PortalsQuery,
          response: { 200: PortalList, ...signedInErrors },
        },
      },
      async (request) => {
        const { site_id: siteId, offset, limit } = request.query;
        return listPortals(db, request.params.cloudId, { siteId, offset, limit });
      },
    );

    app.post(
      '/portals',
      {
        schema: {
          tags,
          operationId: 'createGuestPortal',
          summary: 'Adds a captive portal for a site and SSID (none for the site default); in the change log',
          params: PortalsParams,
          body: CreatePortalBody,
          response: { 201: Portal, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId } = request.params;
        const b = request.body;
        const settings: PortalSettings = {
          siteId: b.site_id,
          ssid: b.ssid?.trim() ?? null,
          name: b.name.trim(),
          primaryColor: b.primary_color ?? '#1565c0',
          backgroundColor: b.background_color ?? '#f5f7fa',
          textColor: b.text_color ?? '#1a1a1a',
          texts: trimmedTexts(b.texts ?? {}),
          methods: b.methods ?? ['voucher'],
          freePlanId: b.free_plan_id ?? null,
          walledGarden: (b.walled_garden ?? []).map((host) => host.toLowerCase()),
          redirectUrl: b.redirect_url?.trim() || null,
        };
        const problems = await settingsProblems(db, cloudId, settings);
        if (problems.length > 0) throw errors.validation(problems);
        const id = await createPortal(db, request, cloudId, settings);
        if (id === null) throw SSID_TAKEN();
        return reply.code(201).send(await portalOf(db, cloudId, id));
      },
    );

    app.patch(
      '/portals/:portalId',
      {
        schema: {
          tags,
          operationId: 'updateGuestPortal',
          summary:
            "Changes a captive portal's site, SSID, name, look, texts, methods, plan, walled garden or redirect",
          params: PortalParams,
          body: UpdatePortalBody,
          response: { 200: Portal, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, portalId } = request.params;
        const portal = await portalOf(db, cloudId, portalId);
        const b = request.body;
        const now = settingsOf(portal);
        const settings: PortalSettings = {
          siteId: b.site_id ?? now.siteId,
          ssid: b.ssid === undefined ? now.ssid : (b.ssid?.trim() ?? null),
          name: b.name?.trim() ?? now.name,
          primaryColor: b.primary_color ?? now.primaryColor,
          backgroundColor: b.background_color ?? now.backgroundColor,
          textColor: b.text_color ?? now.textColor,
          texts: b.texts ? trimmedTexts(b.texts) : now.texts,
          methods: b.methods ?? now.methods,
          freePlanId: b.free_plan_id === undefined ? now.freePlanId : b.free_plan_id,
          walledGarden: b.walled_garden?.map((host) => host.toLowerCase()) ?? now.walledGarden,
          redirectUrl: b.redirect_url === undefined ? now.redirectUrl : b.redirect_url.trim() || null,
        };
        const problems = await settingsProblems(db, cloudId, settings);
        if (problems.length > 0) throw errors.validation(problems);
        if (!(await updatePortal(db, request, cloudId, portal, settings))) throw SSID_TAKEN();
        return portalOf(db, cloudId, portalId);
      },
    );

    app.delete(
      '/portals/:portalId',
      {
        schema: {
          tags,
          operationId: 'deleteGuestPortal',
          summary: 'Deletes a captive portal and its images; in the change log',
          params: PortalParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, portalId } = request.params;
        await deletePortal(db, request, cloudId, await portalOf(db, cloudId, portalId));
        return { ok: true as const };
      },
    );

    app.delete(
      '/portals/:portalId/:image',
      {
        schema: {
          tags,
          operationId: 'deleteGuestPortalImage',
          summary: "Removes a captive portal's logo or background",
          params: PortalImageParams,
          response: { 200: Portal, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, portalId, image } = request.params;
        await removeImage(db, request, cloudId, await portalOf(db, cloudId, portalId), image);
        return portalOf(db, cloudId, portalId);
      },
    );

    // The upload, within a plugin of its own: only its body is read as form data.
    await app.register(async (upload) => {
      upload.removeAllContentTypeParsers();
      upload.addContentTypeParser('*', async (_request: FastifyRequest, _payload: unknown) => undefined);
      await upload.register(fastifyMultipart, {
        limits: { fileSize: UPLOAD_MAX_BYTES, ...UPLOAD_FORM_LIMITS },
      });
      upload.withTypeProvider().put(
        '/portals/:portalId/:image',
        {
          schema: {
            tags,
            operationId: 'uploadGuestPortalImage',
            summary: `Uploads a captive portal's logo or background (PNG, JPEG or an SVG without script, ${PORTAL_IMAGE_MAX_LABEL} at most) in place of the old one`,
            params: PortalImageParams,
            body: UploadForm,
            response: { 200: Portal, ...signedInErrors },
          },
        },
        async (request) => {
          const { cloudId, portalId, image } = request.params as PortalImageParams;
          const portal = await portalOf(db, cloudId, portalId);
          const file = await readUpload(request);
          if (file.data.length > PORTAL_IMAGE_MAX_BYTES)
            throw uploadRefused(
              'file_too_large',
              `The image is larger than the ${PORTAL_IMAGE_MAX_LABEL} limit.`,
            );
          const type = acceptedType(file.mimetype);
          const imageType = PORTAL_IMAGE_CONTENT_TYPES.find((allowed) => allowed === type);
          if (!imageType || !contentMatches(imageType, file.data))
            throw uploadRefused(
              'file_type',
              'A logo or background must be a PNG or JPEG image, or an SVG drawing without script.',
            );
          await replaceImage(db, request, cloudId, portal, image, {
            // The uploader: none for a cloud API token (docs/api-tokens.md#cloud-tokens).
            userId: actorOf(request).userId,
            name: cleanFileName(file.filename, UPLOAD_NAME_MAX_LENGTH),
            contentType: imageType,
            data: file.data,
          });
          return portalOf(db, cloudId, portalId);
        },
      );
    });
  };
}
