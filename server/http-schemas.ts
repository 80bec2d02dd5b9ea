import { Type } from 'typebox';
import { closed } from '../core/api/closed.ts';
import { ErrorSchemas } from './errors.ts';

/** Params of every route under /apiv2/cloud/:cloudId. */
export const CloudParams = Type.Object(
  { cloudId: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  closed,
);
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }, closed);

/** The error answers every signed-in route can give, for the OpenAPI document. */
export const signedInErrors = {
  400: ErrorSchemas.validation,
  401: ErrorSchemas.message,
  403: ErrorSchemas.message,
  404: ErrorSchemas.message,
} as const;

export const Ok = Type.Object({ ok: Type.Literal(true) });
