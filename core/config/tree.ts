// docs/configuration.md#inheritance: how a site's document, a device's overrides and the effective document
// relate. Objects merge by key, lists of items by each item's identity (a WLAN by its id, a radio by its
// band), plain values and lists of plain values overwrite. Every leaf has a path that names list items by
// identity ("wifi6_wireless/wlans/guest/ssid"), so a path means the same on the site and on a device.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
export type Origin = 'site' | 'device';

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The key that identifies the items of a list, when its items are objects that have one. */
const IDENTITY_KEYS = ['id', 'band'] as const;
const identityKeyOf = (item: Json | undefined) =>
  isObject(item) ? IDENTITY_KEYS.find((key) => typeof item[key] === 'string') : undefined;
const identityKey = (items: readonly Json[]) => identityKeyOf(items.find(isObject)) ?? null;
/** A list item's identity (its id, or a radio's band); null for anything else. */
export function itemIdentity(item: Json | undefined): string | null {
  const key = identityKeyOf(item);
  return key === undefined ? null : String((item as JsonObject)[key]);
}
/** A list's items by identity. */
const byIdentity = (items: readonly Json[]) => new Map(items.map((item) => [itemIdentity(item), item]));
const isKeyedList = (value: Json | undefined): value is JsonObject[] =>
  Array.isArray(value) && value.length > 0 && identityKey(value) !== null;
/** The identity key shared by two lists when either is a list of items (the other may be empty). */
function sharedIdentity(a: Json | undefined, b: Json | undefined): string | null {
  if (!Array.isArray(a) || !Array.isArray(b)) return null;
  return identityKey(a.length > 0 ? a : b);
}

/** The effective value of `base` with `patch` over it. */
export function merge(base: Json | undefined, patch: Json | undefined): Json {
  if (patch === undefined) return base === undefined ? null : base;
  if (isObject(base) && isObject(patch)) {
    const merged: JsonObject = { ...base };
    for (const [key, value] of Object.entries(patch)) merged[key] = merge(base[key], value);
    return merged;
  }
  if (sharedIdentity(base, patch) !== null) {
    const patches = byIdentity(patch as Json[]);
    const merged = (base as Json[]).map((item) => {
      const id = itemIdentity(item);
      const over = patches.get(id);
      patches.delete(id);
      return over === undefined ? item : merge(item, over);
    });
    return [...merged, ...patches.values()];
  }
  return patch;
}

/** Every leaf of a document by its path: plain values, and lists of plain values as one leaf. */
export function leaves(document: Json, prefix = ''): Map<string, Json> {
  const found = new Map<string, Json>();
  const walk = (value: Json, path: string) => {
    if (isObject(value)) {
      for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}/${key}` : key);
    } else if (isKeyedList(value)) {
      // An item's identity is in its path, not a leaf of its own.
      const key = identityKey(value) as string;
      for (const { [key]: id, ...fields } of value) walk(fields, `${path}/${String(id)}`);
    } else found.set(path, value);
  };
  walk(document, prefix);
  return found;
}

/** The effective document of a device and, for each leaf, whether it comes from the site or the device. */
export function effective(
  site: Json | null,
  overrides: Json,
): { document: Json; origins: Record<string, Origin> } {
  const document = site === null ? overrides : merge(site, overrides);
  const own = new Set(leaves(overrides).keys());
  const origins: Record<string, Origin> = {};
  for (const path of leaves(document).keys())
    origins[path] = site === null || own.has(path) ? 'device' : 'site';
  return { document, origins };
}

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The smallest overrides that turn `base` into `target`: changed keys, the items of keyed lists that
 * differ (their identity and what changed) and new items whole. Items `target` lacks are not expressible
 * as overrides and stay as the base has them.
 */
export function overridesBetween(base: Json | undefined, target: Json): Json | undefined {
  if (isObject(base) && isObject(target)) {
    const patch: JsonObject = {};
    for (const [key, value] of Object.entries(target)) {
      const child = overridesBetween(base[key], value);
      if (child !== undefined) patch[key] = child;
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
  }
  const key = sharedIdentity(base, target);
  if (key !== null) {
    const before = byIdentity(base as Json[]);
    const items = (target as Json[]).flatMap((item) => {
      const old = before.get(itemIdentity(item));
      if (old === undefined) return [item];
      const patch = overridesBetween(old, item);
      return patch === undefined
        ? []
        : [{ [key]: (item as JsonObject)[key] ?? null, ...(patch as JsonObject) }];
    });
    return items.length > 0 ? items : undefined;
  }
  return same(base, target) ? undefined : target;
}

/** The overrides without the one at `path` (and without what that leaves empty): "revert to site". */
export function withoutOverride(overrides: Json, path: string): Json {
  const [head, ...rest] = path.split('/');
  if (head === undefined) return overrides;
  if (isObject(overrides)) {
    if (!(head in overrides)) return overrides;
    const { [head]: child, ...others } = overrides;
    if (rest.length === 0 || child === undefined) return others;
    const pruned = withoutOverride(child, rest.join('/'));
    return isEmpty(pruned) ? others : { ...others, [head]: pruned };
  }
  if (isKeyedList(overrides)) {
    const key = identityKey(overrides) as string;
    const items = overrides.flatMap((item) => {
      if (itemIdentity(item) !== head) return [item];
      if (rest.length === 0) return [];
      const pruned = withoutOverride(item, rest.join('/')) as JsonObject;
      return Object.keys(pruned).every((name) => name === key) ? [] : [pruned];
    });
    return items;
  }
  return overrides;
}

const isEmpty = (value: Json) =>
  (isObject(value) && Object.keys(value).length === 0) || (Array.isArray(value) && value.length === 0);

export type Change = { path: string; before: Json | undefined; after: Json | undefined };

/** What differs between two documents, leaf by leaf, in path order. */
export function changesBetween(before: Json, after: Json): Change[] {
  const old = leaves(before);
  const next = leaves(after);
  const paths = [...new Set([...old.keys(), ...next.keys()])].sort();
  return paths
    .filter((path) => !same(old.get(path), next.get(path)))
    .map((path) => ({ path, before: old.get(path), after: next.get(path) }));
}
