// Finds the object schemas of a request schema that would let unknown properties through
// (docs/api-conventions.md): every object names its properties and refuses the rest.

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Sub-schemas by keyword: one schema, a list of them, or a map of them. An `if` only tests the value (a tool's
 * name, core/fleet/troubleshoot.ts) and lets nothing in, so it is not searched; its `then` and `else` are.
 */
const ONE = ['items', 'additionalProperties', 'not', 'then', 'else', 'contains'] as const;
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const MAP = ['properties', 'patternProperties', '$defs', 'definitions'] as const;

/**
 * The JSON pointers (within `schema`) of the object schemas that do not refuse unknown properties, each with
 * the reason. A map whose keys may be any text (Type.Record of Type.String) holds data under its keys, not
 * fields, so it needs no closing, but a map with a key pattern must refuse the keys that do not match; an
 * allOf of objects is refused outright: closed, each part would refuse the other's keys.
 */
export function openObjects(schema: unknown, pointer = ''): string[] {
  if (!isSchema(schema)) return [];
  const found: string[] = [];
  const isObject = schema.type === 'object' || isSchema(schema.properties);
  const patterns = isSchema(schema.patternProperties) ? Object.keys(schema.patternProperties) : [];
  const anyKey = patterns.length > 0 && patterns.every((pattern) => pattern === '^.*$');
  if (isObject && !anyKey && schema.additionalProperties !== false) {
    found.push(`${pointer || '/'}: an object that does not say additionalProperties: false`);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.some((part) => isSchema(part) && part.type === 'object')) {
    found.push(`${pointer}/allOf: an intersection of objects; write one object (Type.Object of both)`);
  }
  for (const key of ONE) found.push(...openObjects(schema[key], `${pointer}/${key}`));
  for (const key of LIST) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (const [i, part] of list.entries()) found.push(...openObjects(part, `${pointer}/${key}/${i}`));
  }
  for (const key of MAP) {
    const map = schema[key];
    if (isSchema(map)) {
      for (const [name, part] of Object.entries(map))
        found.push(...openObjects(part, `${pointer}/${key}/${name}`));
    }
  }
  return found;
}
