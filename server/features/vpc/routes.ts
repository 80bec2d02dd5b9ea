// VPC branding (docs/vpc.md): a vpc cloud's owner (manage_vpc) sets its brand; every request on the brand's
// host name gets it, through the public theme call, the page's title and icon, and mail.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { UploadForm } from '../../../core/api/files.ts';
import {
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_MAX_LABEL,
  Brand,
  BrandBody,
  type BrandImageKind,
  BrandImageParams,
  BrandParams,
  ImageQuery,
  PublicImageParams,
} from '../../../core/api/vpc.ts';
import { UPLOAD_FORM_LIMITS, UPLOAD_MAX_BYTES } from '../../../core/limits.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { ThemeSchema } from '../../theme.ts';
import { untrustedContent } from '../../untrusted-reply.ts';
import { readUpload, uploadRefused } from '../files/upload-reader.ts';
import { brandOfRequest, forgetHostBrands, themeOfRequest } from './host-brands.ts';
import { brandImageType } from './image-check.ts';
import {
  type BrandRow,
  findBrand,
  findCloud,
  hostOwner,
  imageContent,
  saveBrand,
  setImage,
} from './repository.ts';

const tags = ['vpc'];
const Binary = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/** The cloud the call is about, when it is on the vpc plan (docs/vpc.md#who-may); known before the body is read. */
async function vpcCloud(ctx: AppContext, request: FastifyRequest) {
  const { cloudId } = request.params as { cloudId?: unknown };
  const id = Number(cloudId) || 0;
  const cloud = await findCloud(ctx.db, id);
  if (!cloud) throw errors.notFound();
  if (cloud.planType !== 'vpc') throw errors.forbidden('Branding is for clouds on the VPC plan.');
  return { id, name: cloud.name };
}

const imageUrl = (cloudId: number, kind: BrandImageKind, version: number) =>
  `/apiv2/cloud/${cloudId}/vpc/images/${kind}?v=${version}`;

function present(ctx: AppContext, cloudId: number, brand: BrandRow | null): Brand {
  const image = (kind: BrandImageKind, type: string | null | undefined) =>
    brand && type ? { content_type: type, url: imageUrl(cloudId, kind, brand.version) } : null;
  return {
    cloud_id: cloudId,
    saved: brand !== null,
    product_name: brand?.productName ?? ctx.config.theme.product_name,
    primary_color: brand?.primaryColor ?? null,
    support_url: brand?.supportUrl ?? null,
    privacy_url: brand?.privacyUrl ?? null,
    sign_in_text: brand?.signInText ?? null,
    host_name: brand?.hostName ?? null,
    logo: image('logo', brand?.logoType),
    favicon: image('favicon', brand?.faviconType),
    default_product_name: ctx.config.theme.product_name,
  };
}

/** Sends a brand image as the floor plans are sent: its checked type, never sniffed, never run. */
function sendImage(
  reply: FastifyReply,
  image: { type: string; data: Buffer; version: number },
  kind: BrandImageKind,
  lasting: boolean,
  scope: 'public' | 'private',
) {
  return untrustedContent(reply, image.type)
    .header('content-disposition', `inline; filename="${kind}"`)
    .header('cache-control', lasting ? `${scope}, max-age=86400, immutable` : `${scope}, no-cache`)
    .send(image.data);
}

const hostTaken = () =>
  errors.validation([
    {
      errorCode: 'host_name_taken',
      location: 'body',
      path: '/host_name',
      message: 'Another cloud uses this host name. Choose another.',
    },
  ]);

/** The cloud's brand page calls (under /apiv2/cloud/:cloudId). */
export function vpcRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  const onVpcPlan = async (request: FastifyRequest) => {
    await vpcCloud(ctx, request);
  };
  return async (app) => {
    app.get(
      '/vpc',
      {
        config: { permission: 'manage_vpc' },
        preValidation: onVpcPlan,
        schema: {
          tags,
          operationId: 'getCloudBrand',
          summary: "A vpc cloud's brand (manage_vpc); the default product name until it is saved",
          params: BrandParams,
          response: { 200: Brand, ...signedInErrors },
        },
      },
      async (request) => present(ctx, request.params.cloudId, await findBrand(db, request.params.cloudId)),
    );

    app.put(
      '/vpc',
      {
        config: { permission: 'manage_vpc' },
        preValidation: onVpcPlan,
        schema: {
          tags,
          operationId: 'saveCloudBrand',
          summary:
            "Sets a vpc cloud's product name, colour, links, sign-in text and host name (manage_vpc); " +
            'recorded in the change log',
          params: BrandParams,
          body: BrandBody,
          response: { 200: Brand, ...signedInErrors },
        },
      },
      async (request) => {
        const cloud = await vpcCloud(ctx, request);
        const body = request.body;
        const hostName = body.host_name?.toLowerCase().replace(/\.$/, '') ?? null;
        if (hostName !== null) {
          // The console's own address stays the deployment's brand.
          if (hostName === new URL(ctx.config.publicUrl).hostname.toLowerCase())
            throw errors.validation([
              {
                errorCode: 'host_name_reserved',
                location: 'body',
                path: '/host_name',
                message: "This is the console's own address. Choose the host name your customers use.",
              },
            ]);
          const owner = await hostOwner(db, hostName);
          if (owner !== null && owner !== cloud.id) throw hostTaken();
        }
        const clean = (text: string | null) => (text?.trim() ? text.trim() : null);
        try {
          await saveBrand(db, request, cloud, {
            product_name: body.product_name.trim(),
            primary_color: body.primary_color,
            support_url: body.support_url,
            privacy_url: body.privacy_url,
            sign_in_text: clean(body.sign_in_text),
            host_name: hostName,
          });
        } catch (error) {
          // Two clouds saving one name at once: the unique index keeps one.
          if ((error as { code?: string; cause?: { code?: string } }).code === '23505') throw hostTaken();
          if ((error as { cause?: { code?: string } }).cause?.code === '23505') throw hostTaken();
          throw error;
        }
        forgetHostBrands(db);
        return present(ctx, cloud.id, await findBrand(db, cloud.id));
      },
    );

    app.get(
      '/vpc/images/:kind',
      {
        config: { permission: 'manage_vpc' },
        preValidation: onVpcPlan,
        schema: {
          tags,
          operationId: 'getCloudBrandImage',
          summary: "A vpc cloud's logo or favicon, for its brand page (manage_vpc)",
          params: BrandImageParams,
          querystring: ImageQuery,
          response: { 200: Binary, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId, kind } = request.params;
        const image = await imageContent(db, cloudId, kind);
        if (!image) throw errors.notFound('The brand has no such image.');
        return sendImage(reply, image, kind, request.query.v === image.version, 'private');
      },
    );

    app.delete(
      '/vpc/images/:kind',
      {
        config: { permission: 'manage_vpc' },
        preValidation: onVpcPlan,
        schema: {
          tags,
          operationId: 'deleteCloudBrandImage',
          summary: "Removes a vpc cloud's logo or favicon (manage_vpc); recorded in the change log",
          params: BrandImageParams,
          response: { 200: Brand, ...signedInErrors },
        },
      },
      async (request) => {
        const cloud = await vpcCloud(ctx, request);
        await setImage(
          db,
          request,
          cloud,
          { productName: ctx.config.theme.product_name },
          request.params.kind,
          null,
        );
        forgetHostBrands(db);
        return present(ctx, cloud.id, await findBrand(db, cloud.id));
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
        '/vpc/images/:kind',
        {
          config: { permission: 'manage_vpc' },
          preValidation: onVpcPlan,
          schema: {
            tags,
            operationId: 'uploadCloudBrandImage',
            summary:
              "Uploads a vpc cloud's logo (PNG, JPEG or an SVG without script, 512 KB at most) or favicon " +
              '(PNG, ICO or an SVG without script, 100 KB at most) (manage_vpc); recorded in the change log',
            params: BrandImageParams,
            body: UploadForm,
            response: { 200: Brand, ...signedInErrors },
          },
        },
        async (request) => {
          const { kind } = request.params as BrandImageParams;
          const cloud = await vpcCloud(ctx, request);
          const file = await readUpload(request);
          if (file.data.length > BRAND_IMAGE_MAX_BYTES[kind])
            throw uploadRefused(
              'file_too_large',
              `The file is larger than the ${BRAND_IMAGE_MAX_LABEL[kind]} limit.`,
            );
          const type = brandImageType(kind, file.mimetype, file.data);
          if (!type)
            throw uploadRefused(
              'file_type',
              kind === 'logo'
                ? 'A logo must be a PNG or JPEG image, or an SVG drawing without script.'
                : 'A favicon must be a PNG or ICO image, or an SVG drawing without script.',
            );
          await setImage(db, request, cloud, { productName: ctx.config.theme.product_name }, kind, {
            type,
            data: file.data,
          });
          forgetHostBrands(db);
          return present(ctx, cloud.id, await findBrand(db, cloud.id));
        },
      );
    });
  };
}

/** The theme a visitor's host gets, before anyone signs in (under /apiv2). */
export function themeRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, config } = ctx;
  return async (app) => {
    app.get(
      '/theme',
      {
        config: { public: true },
        schema: {
          tags,
          security: [],
          operationId: 'getTheme',
          summary: "The theme of the host the console is opened on: a vpc cloud's brand, or the deployment's",
          response: { 200: ThemeSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-cache');
        return themeOfRequest(db, config, request);
      },
    );

    app.get(
      '/theme/:kind',
      {
        config: { public: true },
        schema: {
          tags,
          security: [],
          operationId: 'getThemeImage',
          summary:
            'The logo or favicon of the brand of the host the console is opened on (the sign-in page shows it)',
          params: PublicImageParams,
          querystring: ImageQuery,
          response: { 200: Binary, 400: signedInErrors[400], 404: signedInErrors[404] },
        },
      },
      async (request, reply) => {
        const brand = await brandOfRequest(db, config, request);
        const image = brand && (await imageContent(db, brand.cloudId, request.params.kind));
        if (!image) throw errors.notFound('This address has no such image.');
        return sendImage(reply, image, request.params.kind, request.query.v === image.version, 'public');
      },
    );
  };
}
