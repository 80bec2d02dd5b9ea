// What the configuration editor draws for each part of a document's schema (core/config/document.ts): the
// TypeBox schemas are JSON Schema, read here once into the few kinds of field the editor knows.
export type JsonSchema = { readonly [key: string]: unknown };
export type EnumValue = string | number;

export type FieldKind =
  | { readonly kind: 'object'; readonly properties: readonly (readonly [string, JsonSchema])[] }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'enum'; readonly options: readonly EnumValue[] }
  | { readonly kind: 'integer'; readonly min?: number; readonly max?: number }
  | { readonly kind: 'string'; readonly maxLength?: number }
  | { readonly kind: 'nullable'; readonly inner: JsonSchema }
  | { readonly kind: 'autoOr'; readonly inner: JsonSchema }
  /** Items known by their identity (a WLAN by its id, a radio by its band: core/config/tree.ts). */
  | {
      readonly kind: 'keyedList';
      readonly item: JsonSchema;
      readonly key: 'id' | 'band';
      readonly max?: number;
    }
  /** Items without an identity (RADIUS servers): the list is one leaf. */
  | { readonly kind: 'objectList'; readonly item: JsonSchema; readonly max?: number }
  | { readonly kind: 'enumList'; readonly options: readonly EnumValue[] }
  | { readonly kind: 'valueList'; readonly item: JsonSchema };

const schemas = (value: unknown): JsonSchema[] => (Array.isArray(value) ? (value as JsonSchema[]) : []);
const propertiesOf = (schema: JsonSchema) =>
  Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);

export function fieldKind(schema: JsonSchema): FieldKind {
  if (Array.isArray(schema.enum)) return { kind: 'enum', options: schema.enum as EnumValue[] };
  if (schema.anyOf) {
    const members = schemas(schema.anyOf);
    const rest = members.filter((member) => member.type !== 'null' && member.const !== 'auto');
    const inner = rest[0] ?? {};
    if (members.some((member) => member.type === 'null')) return { kind: 'nullable', inner };
    if (members.some((member) => member.const === 'auto')) return { kind: 'autoOr', inner };
    if (members.every((member) => 'const' in member))
      return { kind: 'enum', options: members.map((member) => member.const as EnumValue) };
    return fieldKind(inner);
  }
  if ('const' in schema) return { kind: 'enum', options: [schema.const as EnumValue] };
  switch (schema.type) {
    case 'object':
      return { kind: 'object', properties: propertiesOf(schema) };
    case 'boolean':
      return { kind: 'boolean' };
    case 'integer':
    case 'number':
      return { kind: 'integer', min: schema.minimum as number, max: schema.maximum as number };
    case 'array': {
      const item = (schema.items ?? {}) as JsonSchema;
      const max = schema.maxItems as number | undefined;
      const itemKind = fieldKind(item);
      if (itemKind.kind === 'enum') return { kind: 'enumList', options: itemKind.options };
      if (itemKind.kind === 'object') {
        const names = itemKind.properties.map(([name]) => name);
        const key = names.includes('id') ? 'id' : names.includes('band') ? 'band' : null;
        return key ? { kind: 'keyedList', item, key, max } : { kind: 'objectList', item, max };
      }
      return { kind: 'valueList', item };
    }
    default:
      return { kind: 'string', maxLength: schema.maxLength as number | undefined };
  }
}

/** A value of the schema to start a new item or an optional part with. */
export function defaultValue(schema: JsonSchema): unknown {
  const kind = fieldKind(schema);
  switch (kind.kind) {
    case 'object':
      return Object.fromEntries(kind.properties.map(([name, child]) => [name, defaultValue(child)]));
    case 'boolean':
      return false;
    case 'enum':
      return kind.options[0] ?? '';
    case 'integer':
      return kind.min ?? 0;
    case 'nullable':
      return null;
    case 'autoOr':
      return 'auto';
    case 'string':
      return '';
    default:
      return [];
  }
}

/** The path of a child: leaf paths name list items by identity (core/config/tree.ts). */
export const childPath = (path: string, name: string | number) => (path ? `${path}/${name}` : String(name));

/** The name a path ends with (the field's own name, for its label). */
export const lastName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
