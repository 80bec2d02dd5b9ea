// Examples of request bodies for the OpenAPI document (docs/api.md#examples): a body's own example where its
// schema gives one (`examples` beside the schema in core/api), otherwise one derived from the schema here,
// deterministically, so it is the same on every build and always a body the route accepts.

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Values tried first for a string property of that name, in order; the first its schema accepts is taken
 * (a pattern or a length can refuse them all, and then the schema's own shape decides).
 */
const STRINGS_BY_NAME: Record<string, string[]> = {
  email: ['operator@example.com'],
  password: ['correct-horse-battery-staple'],
  current_password: ['correct-horse-battery-staple'],
  new_password: ['plum-harbour-lantern-42'],
  firstname: ['Ona'],
  lastname: ['Petraitė'],
  company: ['Baltic Networks'],
  name: ['Vilnius HQ', 'vilnius-hq'],
  location: ['Gedimino pr. 9, Vilnius'],
  timezone: ['Europe/Vilnius'],
  time_zone: ['Europe/Vilnius'],
  country: ['LT'],
  comment: ['Planned maintenance window'],
  url: ['https://hooks.example.com/console'],
  redirect_url: ['https://www.example.com/welcome'],
  issuer_url: ['https://login.example.com'],
  mac: ['00:1A:2B:3C:4D:5E'],
  sn: ['SN-2026-000123'],
  ssid: ['Guest WiFi'],
  username: ['guest-0042'],
  title: ['Firmware 4.2 is out'],
  text: ['Firmware 4.2 brings faster roaming between access points.'],
  excerpt: ['Faster roaming between access points.'],
  message: ['Cannot read properties of undefined'],
  code: ['123456'],
  address: ['192.0.2.10'],
  common_name: ['portal.example.com'],
  host_name: ['console.example.com'],
  prefix: ['SUMMER'],
  note: ['Conference guest, room 2'],
  label: ['Roof mast'],
  product_name: ['Baltic Networks Console'],
  sign_in_text: ['Sign in with your Baltic Networks account.'],
  support_url: ['https://support.example.com/'],
  privacy_url: ['https://www.example.com/privacy'],
  video_url: ['https://videos.example.com/console-tour.mp4'],
  welcome: ['Welcome to our guest Wi-Fi'],
  terms: ['Use the network responsibly.'],
  ssids: ['Vilnius Guest'],
  walled_garden: ['*.example.com'],
  columns: ['name', 'status', 'ip'],
  mgmtdVersion: ['1.4.9'],
  certificate_pem: ['-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUJ3q…\n-----END CERTIFICATE-----\n'],
  key_pem: ['-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgE…\n-----END PRIVATE KEY-----\n'],
  search: ['lobby'],
  client_id: ['console-vilnius'],
  client_secret: ['Zq8vR2nL5tW9yB3k'],
  secret: ['Zq8vR2nL5tW9yB3k'],
  remote_address: ['192.0.2.10'],
  nas: ['ap-lobby.example.com'],
  csv: ['serial,mac,model,site\nSN-2026-000123,00:1A:2B:3C:4D:5E,AP-WIFI6-2x2-IN,Vilnius HQ\n'],
  alert_types: ['DEV_UNREACHABLE'],
  alert_type: ['DEV_UNREACHABLE'],
  fw: ['4.2.1-1234', '4.2.1'],
  endpoint: ['https://push.example.com/send/d41d8cd98f00'],
  // Date-times of a property of that name, where the day's first hour would not do.
  to: ['2027-03-01T09:15:00Z'],
  valid_until: ['2027-03-31T23:59:59Z'],
  price_label: ['€5 per day'],
  query: ['lobby'],
  version: ['4.2.1-1234', '4.2.1'],
};

/** Values tried, in order, for any string without a value by its name, before one is built from its shape. */
const STRINGS = [
  '00:1A:2B:3C:4D:5E',
  '123456',
  'LT',
  '09:30',
  '#1E88E5',
  'console.example.com',
  '*.example.com',
  '192.0.2.10',
  '192.0.2.0/24',
  '4.2.1-1234',
  '4.2.1',
  'DEVICE_OFFLINE',
  'SUMMER-2026',
  'image/png',
  'deviceName',
  '7d444840-9dc0-11d1-b245-5ffdce74fad2',
  'https://hooks.example.com/console',
  `B${'Aq3lMx9cT2vR7pW'.repeat(6).slice(0, 86)}`,
  'k3Jd8sP0qLx7Vb2Nm5Rt1w',
  'f'.repeat(64),
];

/** A string in a format the console's validator checks (ajv-formats). */
const FORMATS: Record<string, string> = {
  'date-time': '2027-03-01T09:00:00Z',
  date: '2027-03-01',
  time: '09:00:00Z',
  email: 'operator@example.com',
  uri: 'https://www.example.com/',
  url: 'https://www.example.com/',
  uuid: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
  ipv4: '192.0.2.10',
  ipv6: '2001:db8::10',
  hostname: 'console.example.com',
  byte: 'Q29uc29sZQ==',
};

/** Numbers tried first for a property of that name. */
const NUMBERS_BY_NAME: Record<string, number[]> = {
  latitude: [54.6872],
  longitude: [25.2797],
  minutes: [60],
  duration_min: [30],
  grace_hours: [24],
  days: [365],
  period_days: [7],
  retention_days: [30],
  validity_minutes: [1440],
  session_minutes: [240],
  count: [20],
};

function stringFits(schema: Schema, value: string): boolean {
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) return false;
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return false;
  return true;
}

const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

function exampleString(schema: Schema, name: string): string {
  const byName = STRINGS_BY_NAME[name] ?? [];
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format !== undefined) {
    return schema.format === 'date-time' ? (byName.find((value) => DATE_TIME.test(value)) ?? format) : format;
  }
  // The property's own name, as words joined by hyphens (`key-pem`), says more than a word picked at random.
  const named = name
    ? [
        name
          .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
          .replace(/[^A-Za-z0-9]+/g, '-')
          .toLowerCase(),
      ]
    : [];
  const candidates = [...byName, ...named, ...STRINGS];
  const fitting = candidates.find((candidate) => stringFits(schema, candidate));
  if (fitting !== undefined) return fitting;
  const length = Math.max(1, Number(schema.minLength ?? 1));
  return 'a'.repeat(length);
}

function numberFits(schema: Schema, value: number): boolean {
  if (schema.type === 'integer' && !Number.isInteger(value)) return false;
  if (typeof schema.minimum === 'number' && value < schema.minimum) return false;
  if (typeof schema.maximum === 'number' && value > schema.maximum) return false;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) return false;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) return false;
  return true;
}

function exampleNumber(schema: Schema, name: string): number {
  const fitting = (NUMBERS_BY_NAME[name] ?? []).find((candidate) => numberFits(schema, candidate));
  if (fitting !== undefined) return fitting;
  const step = schema.type === 'integer' ? 1 : 0.5;
  if (typeof schema.minimum === 'number')
    return Math.max(schema.minimum, Math.min(1, Number(schema.maximum ?? 1)));
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + step;
  if (typeof schema.maximum === 'number') return Math.min(1, schema.maximum);
  return 1;
}

/** An array of the fewest items its schema allows, at least one; distinct items where it wants them. */
function exampleArray(schema: Schema, name: string, depth: number): unknown[] {
  const count = Math.max(1, Number(schema.minItems ?? 1));
  // A tuple: JSON Schema 2020-12 `prefixItems`, or draft 7 `items` as a list (TypeBox).
  const tuple = schema.prefixItems ?? schema.items;
  if (Array.isArray(tuple)) return tuple.map((item) => exampleAt(item, name, depth));
  const items = isObject(schema.items) ? schema.items : {};
  const values: unknown[] = [];
  const choices = Array.isArray(items.enum) ? items.enum : null;
  for (let index = 0; index < count; index++) {
    if (choices && schema.uniqueItems) values.push(choices[index % choices.length]);
    else {
      const value = exampleAt(items, name, depth);
      values.push(typeof value === 'number' && schema.uniqueItems ? value + index : value);
    }
  }
  return values;
}

/**
 * An object with its required properties. A body that requires none (a change of some fields) shows them
 * all, so the example says what it can change; an object inside it that requires none (a choice of one way
 * or another, texts by language) shows its first.
 */
function exampleObject(schema: Schema, depth: number): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const optional = Object.keys(properties);
  const names =
    required.size > 0
      ? optional.filter((name) => required.has(name))
      : optional.slice(0, depth === 0 ? undefined : 1);
  const example: Record<string, unknown> = {};
  for (const name of names) example[name] = exampleAt(properties[name], name, depth + 1);
  return example;
}

const firstType = (type: unknown) => (Array.isArray(type) ? type.find((item) => item !== 'null') : type);

/**
 * A value the schema accepts: its own example, constant, default or first choice when it names one,
 * otherwise one built from its type, format, pattern and bounds. `name` is the property the value is for.
 */
export function exampleOf(schema: unknown, name = ''): unknown {
  return exampleAt(schema, name, 0);
}

/** exampleOf for a value `depth` objects down in a body. */
function exampleAt(schema: unknown, name: string, depth: number): unknown {
  if (!isObject(schema)) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return structuredClone(schema.examples[0]);
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return structuredClone(schema.default);
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    const branch = branches.find((item) => !isObject(item) || item.type !== 'null') ?? branches[0];
    return exampleAt(branch, name, depth);
  }
  switch (firstType(schema.type)) {
    case 'object':
      return exampleObject(schema, depth);
    case 'array':
      return exampleArray(schema, name, depth);
    case 'string':
      return exampleString(schema, name);
    case 'integer':
    case 'number':
      return exampleNumber(schema, name);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return isObject(schema.properties) ? exampleObject(schema, depth) : {};
  }
}

/** The schema with an example of its own: as it is when it has one, else a copy that adds one. */
function withExample(schema: unknown): unknown {
  if (!isObject(schema) || typeof schema.$ref === 'string') return schema;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema;
  return { ...schema, examples: [exampleOf(schema)] };
}

/**
 * A route's body schema for the document, every media type's schema given an example: @fastify/swagger
 * writes a body schema's only example as its media type's `example`. The route's own schema is not changed.
 */
export function bodyWithExamples(body: unknown): unknown {
  if (!isObject(body)) return body;
  if (!isObject(body.content)) return withExample(body);
  const content: Record<string, unknown> = {};
  for (const [type, media] of Object.entries(body.content)) {
    content[type] = isObject(media) ? { ...media, schema: withExample(media.schema) } : media;
  }
  return { ...body, content };
}
