import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

const common: Options = { removeAdditional: true, useDefaults: true, allErrors: true };

/**
 * JSON bodies are validated strictly: a string is never taken for a number or a boolean. Query strings,
 * params and headers arrive as text, so their values are converted to the declared types.
 */
const compilers = {
  body: addFormats.default(new Ajv({ ...common, coerceTypes: false })),
  text: addFormats.default(new Ajv({ ...common, coerceTypes: 'array' })),
};

export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? compilers.body : compilers.text).compile(schema),
  );
}
