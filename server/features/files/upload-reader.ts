import type { FastifyRequest } from 'fastify';
import { UPLOAD_FIELD } from '../../../core/api/files.ts';
import { UPLOAD_MAX_LABEL } from '../../../core/limits.ts';
import { errors, HttpError, pointerPart } from '../../errors.ts';

/** A refused upload, in the 400 shape. */
export const uploadRefused = (errorCode: string, message: string, path = `/${UPLOAD_FIELD}`) =>
  errors.validation([{ errorCode, location: 'body', path, message }]);

const TOO_LARGE = () =>
  uploadRefused('file_too_large', `The file is larger than the ${UPLOAD_MAX_LABEL} limit.`);

/** What the multipart parser's limit errors mean to the caller. */
function refusalFor(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return TOO_LARGE();
  if (code === 'FST_FILES_LIMIT') return uploadRefused('file_count', 'Upload one file at a time.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return uploadRefused('too_many_parts', 'The form has too many fields.', '/');
  }
  return uploadRefused('multipart_invalid', 'The form data could not be read.', '/');
}

export type Upload = { filename: string; mimetype: string; data: Buffer };

/**
 * Reads the request's one file part, whole, within the size limit the multipart plugin enforces. Any other
 * part (a field, or a file under another name) is refused by its name, as a JSON body's unknown key is.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw errors.validation([
      {
        errorCode: 'multipart_required',
        location: 'headers',
        path: '/content-type',
        message: 'Send the file as multipart/form-data.',
      },
    ]);
  }
  let upload: Upload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== UPLOAD_FIELD) {
        throw uploadRefused(
          'additionalProperties',
          'must NOT have additional properties',
          `/${pointerPart(part.fieldname)}`,
        );
      }
      const data = await part.toBuffer();
      if (part.file.truncated) throw TOO_LARGE();
      upload ??= { filename: part.filename, mimetype: part.mimetype, data };
    }
  } catch (error) {
    throw refusalFor(error);
  }
  if (!upload || upload.data.length === 0) {
    throw uploadRefused('file_required', `Choose a file to upload in the "${UPLOAD_FIELD}" field.`);
  }
  return upload;
}
