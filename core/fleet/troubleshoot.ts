// TASK_TROUBLESHOOT's tools (docs/tools.md): what each tool takes from the operator and what the device
// reports back. Ping and traceroute also run from a device's dashboard with live_actions; the other tools
// are support tools and need the support tools flag as well.
import { type Static, type TSchema, Type } from 'typebox';

const closed = { additionalProperties: false } as const;

/** A host name or an IPv4 or IPv6 address. */
export const HOST_PATTERN = '^[A-Za-z0-9.:-]{1,253}$';
const Host = Type.String({ pattern: HOST_PATTERN, description: 'host name or address' });
/** A domain name to look up: labels of letters, digits and hyphens, with an optional final dot. */
export const DOMAIN_PATTERN =
  '^(?=.{1,253}\\.?$)([A-Za-z0-9_](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)*[A-Za-z0-9-]{1,63}\\.?$';
/** An http or https address without spaces. */
export const URL_PATTERN = '^https?://[^\\s/?#]{1,253}([/?#][^\\s]*)?$';

export const PING_COUNT = { min: 1, max: 20, default: 4 } as const;
export const TRACEROUTE_HOPS = { min: 1, max: 30, default: 30 } as const;
export const THROUGHPUT_SECONDS = { min: 1, max: 60, default: 10 } as const;
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT'] as const;
export const HTTP_METHODS = ['GET', 'HEAD'] as const;
export const THROUGHPUT_DIRECTIONS = ['upload', 'download', 'both'] as const;
export const SURVEY_BANDS = ['all', '2.4', '5', '6'] as const;

export const PingParams = Type.Object(
  {
    tool: Type.Literal('ping'),
    host: Host,
    count: Type.Optional(
      Type.Integer({ minimum: PING_COUNT.min, maximum: PING_COUNT.max, default: PING_COUNT.default }),
    ),
  },
  closed,
);
export const TracerouteParams = Type.Object(
  {
    tool: Type.Literal('traceroute'),
    host: Host,
    maxHops: Type.Optional(
      Type.Integer({
        minimum: TRACEROUTE_HOPS.min,
        maximum: TRACEROUTE_HOPS.max,
        default: TRACEROUTE_HOPS.default,
      }),
    ),
  },
  closed,
);
export const DnsParams = Type.Object(
  {
    tool: Type.Literal('dns'),
    name: Type.String({ pattern: DOMAIN_PATTERN, maxLength: 254, description: 'the name to look up' }),
    recordType: Type.Optional(Type.Enum(DNS_RECORD_TYPES, { default: 'A' })),
    server: Type.Optional(Host),
  },
  closed,
);
export const HttpParams = Type.Object(
  {
    tool: Type.Literal('http'),
    url: Type.String({ pattern: URL_PATTERN, maxLength: 2000, description: 'an http or https address' }),
    method: Type.Optional(Type.Enum(HTTP_METHODS, { default: 'GET' })),
  },
  closed,
);
export const ThroughputParams = Type.Object(
  {
    tool: Type.Literal('throughput'),
    server: Type.String({
      pattern: HOST_PATTERN,
      description: "the host name of the device that answers as the test's server",
    }),
    durationS: Type.Optional(
      Type.Integer({
        minimum: THROUGHPUT_SECONDS.min,
        maximum: THROUGHPUT_SECONDS.max,
        default: THROUGHPUT_SECONDS.default,
      }),
    ),
    direction: Type.Optional(Type.Enum(THROUGHPUT_DIRECTIONS, { default: 'both' })),
  },
  closed,
);
export const SurveyParams = Type.Object(
  { tool: Type.Literal('survey'), band: Type.Optional(Type.Enum(SURVEY_BANDS, { default: 'all' })) },
  closed,
);

const TOOL_PARAMS = {
  ping: PingParams,
  traceroute: TracerouteParams,
  dns: DnsParams,
  http: HttpParams,
  throughput: ThroughputParams,
  survey: SurveyParams,
} as const;
export type Tool = keyof typeof TOOL_PARAMS;
export const TOOLS = Object.keys(TOOL_PARAMS) as Tool[];

/** The tools a device's dashboard runs with live_actions alone; the rest need the support tools flag. */
export const DASHBOARD_TOOLS: readonly Tool[] = ['ping', 'traceroute'];

export const TroubleshootParamsUnion = Type.Union([
  PingParams,
  TracerouteParams,
  DnsParams,
  HttpParams,
  ThroughputParams,
  SurveyParams,
]);
export type TroubleshootParams = Static<typeof TroubleshootParamsUnion>;

/**
 * The task's parameters: one tool's schema, chosen by `tool`. Written as if/then so that each tool's
 * defaults are filled in and a bad input is refused with the one tool's reasons.
 */
export const TroubleshootParamsSchema: TSchema = Type.Unsafe<TroubleshootParams>({
  type: 'object',
  required: ['tool'],
  // Every tool's inputs are named here; the tool's own schema below refuses those of the other tools.
  properties: Object.fromEntries([
    ['tool', { type: 'string', enum: TOOLS }],
    ...TOOLS.flatMap((tool) => Object.keys(TOOL_PARAMS[tool].properties).filter((key) => key !== 'tool')).map(
      (key) => [key, {}],
    ),
  ]),
  additionalProperties: false,
  allOf: TOOLS.map((tool) => ({
    if: { properties: { tool: { const: tool } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, never awaited
    then: TOOL_PARAMS[tool],
  })),
});

/** Whether running this tool needs the support tools flag (docs/tools.md#who-may-run-them). */
export function needsSupportTools(params: unknown): boolean {
  const tool = (params as { tool?: unknown } | null)?.tool;
  return !(DASHBOARD_TOOLS as readonly unknown[]).includes(tool);
}

// What the device reports (the result's `troubleshoot`), one shape per tool. Each is small enough to be
// kept in the task (RESULT_INLINE_LIMIT).
const Ms = Type.Number({ minimum: 0, maximum: 600_000, description: 'milliseconds' });
const Address = Type.String({ maxLength: 64 });

export const PingResult = Type.Object(
  {
    tool: Type.Literal('ping'),
    address: Address,
    sent: Type.Integer({ minimum: 0, maximum: PING_COUNT.max }),
    received: Type.Integer({ minimum: 0, maximum: PING_COUNT.max }),
    rttMs: Type.Array(Type.Union([Ms, Type.Null()]), {
      maxItems: PING_COUNT.max,
      description: 'each reply in turn; null for one lost',
    }),
  },
  closed,
);
export const TracerouteResult = Type.Object(
  {
    tool: Type.Literal('traceroute'),
    address: Address,
    hops: Type.Array(
      Type.Object(
        {
          hop: Type.Integer({ minimum: 1, maximum: TRACEROUTE_HOPS.max }),
          address: Type.Union([Address, Type.Null()], { description: 'null: no answer (*)' }),
          name: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
          rttMs: Type.Union([Ms, Type.Null()]),
        },
        closed,
      ),
      { maxItems: TRACEROUTE_HOPS.max },
    ),
    reached: Type.Boolean(),
  },
  closed,
);
export const DnsResult = Type.Object(
  {
    tool: Type.Literal('dns'),
    server: Address,
    status: Type.Enum(['NOERROR', 'NXDOMAIN', 'SERVFAIL']),
    timeMs: Ms,
    answers: Type.Array(
      Type.Object(
        {
          type: Type.Enum(DNS_RECORD_TYPES),
          value: Type.String({ maxLength: 255 }),
          ttlS: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
        },
        closed,
      ),
      { maxItems: 16 },
    ),
  },
  closed,
);
export const HttpResult = Type.Object(
  {
    tool: Type.Literal('http'),
    address: Address,
    status: Type.Integer({ minimum: 100, maximum: 599 }),
    reason: Type.String({ maxLength: 64 }),
    dnsMs: Ms,
    connectMs: Ms,
    tlsMs: Type.Union([Ms, Type.Null()], { description: 'null for http' }),
    firstByteMs: Ms,
    totalMs: Ms,
    bytes: Type.Integer({ minimum: 0 }),
    contentType: Type.Union([Type.String({ maxLength: 100 }), Type.Null()]),
  },
  closed,
);
export const ThroughputResult = Type.Object(
  {
    tool: Type.Literal('throughput'),
    server: Type.String({ maxLength: 253 }),
    linkMbps: Type.Integer({ minimum: 0, description: 'the slowest link on the way' }),
    intervals: Type.Array(
      Type.Object(
        {
          second: Type.Integer({ minimum: 1, maximum: THROUGHPUT_SECONDS.max }),
          uploadMbps: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
          downloadMbps: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
        },
        closed,
      ),
      { maxItems: THROUGHPUT_SECONDS.max },
    ),
    uploadMbps: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'the average' }),
    downloadMbps: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'the average' }),
  },
  closed,
);
export const SurveyResult = Type.Object(
  {
    tool: Type.Literal('survey'),
    accessPoints: Type.Array(
      Type.Object(
        {
          bssid: Type.String({ maxLength: 17 }),
          ssid: Type.String({ maxLength: 32 }),
          band: Type.Enum(['2.4', '5', '6']),
          channel: Type.Integer({ minimum: 1, maximum: 233 }),
          widthMhz: Type.Integer({ minimum: 20, maximum: 320 }),
          signalDbm: Type.Integer({ minimum: -110, maximum: 0 }),
        },
        closed,
      ),
      { maxItems: 32 },
    ),
  },
  closed,
);

export const TroubleshootResult = Type.Union(
  [PingResult, TracerouteResult, DnsResult, HttpResult, ThroughputResult, SurveyResult],
  { description: "a troubleshooting tool's findings, by `tool` (docs/tools.md)" },
);
export type TroubleshootResult = Static<typeof TroubleshootResult>;
export type ToolResult<T extends Tool> = Extract<TroubleshootResult, { tool: T }>;
