// File upload (docs/api.md#the-calls PUT with form data): one multipart part named `file`.
import { type Static, Type } from 'typebox';

/** The multipart part that carries the file. */
export const UPLOAD_FIELD = 'file';

/** The request body for the OpenAPI document; the route reads the parts itself, so it validates nothing. */
export const UploadForm = {
  content: {
    'multipart/form-data': {
      schema: Type.Any({
        description: `Form data with one file part named "${UPLOAD_FIELD}" (PNG, JPEG, SVG, PDF, PEM or binary).`,
        // The API document's example (docs/api.md#examples): the parts, the file by its name.
        examples: [{ [UPLOAD_FIELD]: 'ground-floor.png' }],
      }),
    },
  },
};

export const UploadedFile = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Bytes. */
  size: Type.Integer(),
  content_type: Type.String(),
});
export type UploadedFile = Static<typeof UploadedFile>;
