import fc from 'fast-check';

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
};

/** Values that satisfy a TypeBox (JSON) schema, for property-based tests of the API's validation. */
export function arbitraryOf(schema: unknown): fc.Arbitrary<unknown> {
  const s = schema as JsonSchema;
  if (s.anyOf) return fc.oneof(...s.anyOf.map(arbitraryOf));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const options = { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 5) };
      const items = arbitraryOf(s.items);
      return s.uniqueItems
        ? fc.uniqueArray(items, { ...options, selector: (v) => JSON.stringify(v) })
        : fc.array(items, options);
    }
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, arbitraryOf(v)]),
      );
      return fc.record(properties, { requiredKeys: s.required ?? [] });
    }
    default:
      throw new Error(`no arbitrary for schema ${JSON.stringify(schema)}`);
  }
}

/**
 * The console refuses the NUL character and lone surrogates in every text (server/validation.ts), so valid
 * text has neither.
 */
function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  return anyStringOf(s).filter((v) => !v.includes('\u0000') && v.isWellFormed());
}

function anyStringOf(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, 200);
  // JSON Schema lengths count code points.
  const fits = (v: string) =>
    [...v].length >= minLength && [...v].length <= (s.maxLength ?? Number.POSITIVE_INFINITY);
  if (s.format === 'uuid') return fc.uuid();
  if (s.pattern) {
    const pattern = new RegExp(s.pattern);
    return fc
      .oneof(fc.stringMatching(pattern), fc.string({ minLength, maxLength, unit: 'binary' }))
      .filter((v) => pattern.test(v) && fits(v));
  }
  return fc.string({ minLength, maxLength, unit: 'binary' });
}
