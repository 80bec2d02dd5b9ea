// Building blocks of the route registry in routes.ts: typed path params, query and hash options, href building.

export type RouteLevel = 'cloud' | 'site' | 'smartnvr' | 'device' | 'none';

/** A query parameter is a positive integer id, free text, or one of a fixed set of values. */
export type QueryParamSpec = 'id' | 'text' | readonly string[];
export type QuerySpec = Readonly<Record<string, QueryParamSpec>>;
export type NoQuery = Readonly<Record<never, QueryParamSpec>>;

type QueryValue<S> = S extends 'id'
  ? number
  : S extends 'text'
    ? string
    : S extends readonly (infer V)[]
      ? V
      : never;
export type QueryOf<Q extends QuerySpec> = { readonly [K in keyof Q]?: QueryValue<Q[K]> | undefined };

export type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamNames<Tail>
    : Rest
  : never;

/** Route params are positive integer ids (docs/navigation.md#routes: read from the cloud, site, device, ... segments). */
export type RouteParams<P extends string> = { readonly [K in ParamNames<P>]: number };

export interface HrefOptions<Q extends QuerySpec, H extends string> {
  /** Only for routes that declare query parameters. */
  readonly query?: [keyof Q] extends [never] ? never : QueryOf<Q>;
  readonly hash?: H;
}

export type HrefArgs<P extends string, Q extends QuerySpec, H extends string> = [ParamNames<P>] extends [
  never,
]
  ? [params?: RouteParams<P>, options?: HrefOptions<Q, H>]
  : [params: RouteParams<P>, options?: HrefOptions<Q, H>];

export interface RouteDefinition<
  P extends string = string,
  T extends string = string,
  Q extends QuerySpec = QuerySpec,
  H extends string = string,
> {
  readonly path: P;
  readonly level: RouteLevel;
  readonly titleKey: T;
  readonly query: Q;
  readonly hashes: readonly H[];
  href(...args: HrefArgs<P, Q, H>): string;
}

const POSITIVE_INTEGER = /^[1-9][0-9]*$/;

/** Parses a path segment or query value as a positive integer id; null when it is not one. */
export function parseId(text: string): number | null {
  if (!POSITIVE_INTEGER.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function queryText(name: string, spec: QueryParamSpec, value: unknown): string {
  if (spec === 'id') {
    if (!isId(value)) throw new Error(`Invalid query value for ${name}: ${String(value)}`);
    return String(value);
  }
  if (spec === 'text') return String(value);
  if (typeof value !== 'string' || !spec.includes(value)) {
    throw new Error(`Invalid query value for ${name}: ${String(value)}`);
  }
  return value;
}

function buildHref(
  path: string,
  query: QuerySpec,
  hashes: readonly string[],
  params: Readonly<Record<string, unknown>> = {},
  options: { query?: Readonly<Record<string, unknown>>; hash?: string } = {},
): string {
  const pathname = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      const value = params[name];
      if (!isId(value)) throw new Error(`Invalid route param ${name}: ${String(value)}`);
      return String(value);
    })
    .join('/');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value === undefined) continue;
    const spec = query[name];
    if (spec === undefined) throw new Error(`Unknown query parameter for ${path}: ${name}`);
    search.append(name, queryText(name, spec, value));
  }
  const searchText = search.toString();
  let href = searchText ? `${pathname}?${searchText}` : pathname;
  if (options.hash !== undefined) {
    if (!hashes.includes(options.hash)) throw new Error(`Unknown hash for ${path}: ${options.hash}`);
    href += `#${options.hash}`;
  }
  return href;
}

export function defineRoute<
  const P extends string,
  const T extends string,
  const Q extends QuerySpec = NoQuery,
  const H extends string = never,
>(
  path: P,
  level: RouteLevel,
  titleKey: T,
  options: { readonly query?: Q; readonly hashes?: readonly H[] } = {},
): RouteDefinition<P, T, Q, H> {
  const query = (options.query ?? {}) as Q;
  const hashes = options.hashes ?? [];
  return {
    path,
    level,
    titleKey,
    query,
    hashes,
    href: (...args) =>
      buildHref(path, query, hashes, ...(args as [Record<string, unknown>?, HrefOptions<Q, H>?])),
  };
}
