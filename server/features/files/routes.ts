import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { UploadedFile, UploadForm } from '../../../core/api/files.ts';
import { UPLOAD_FORM_LIMITS, UPLOAD_MAX_BYTES, UPLOAD_NAME_MAX_LENGTH } from '../../../core/limits.ts';
import { actorOf } from '../../audit/record.ts';
import type { AppContext } from '../../context.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { acceptedType, cleanFileName, contentMatches } from './content-check.ts';
import { storeFile } from './repository.ts';
import { readUpload, uploadRefused } from './upload-reader.ts';

/** Cloud-scoped file upload (docs/api.md#the-calls). */
export function fileRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    // Within this plugin only: any request body that is not multipart reaches the handler unread, so it
    // answers the 400 shape instead of 415 or a parsed JSON body.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', async (_request: FastifyRequest, _payload: unknown) => undefined);
    await app.register(fastifyMultipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, ...UPLOAD_FORM_LIMITS },
    });

    app.put(
      '/files',
      {
        config: { permission: 'manage_sites' },
        schema: {
          summary: 'Upload a file (form data with one file part)',
          tags: ['files'],
          body: UploadForm,
          params: CloudParams,
          response: { 201: UploadedFile, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request);
        const contentType = acceptedType(upload.mimetype);
        if (!contentType || !contentMatches(contentType, upload.data)) {
          throw uploadRefused(
            'file_type',
            'This type of file is not accepted: upload a PNG, JPEG, SVG, PDF, PEM or binary file.',
          );
        }
        const stored = await storeFile(db, {
          cloudId: request.params.cloudId,
          // The uploader: none for a cloud API token (docs/api-tokens.md#cloud-tokens).
          uploadedByUserId: actorOf(request).userId,
          name: cleanFileName(upload.filename, UPLOAD_NAME_MAX_LENGTH),
          contentType,
          data: upload.data,
        });
        return reply.code(201).send(stored);
      },
    );
  };
}
