// Search Everywhere input rules (docs/validation.md, docs/constants.md): shared by the top bar's search panel and the server.
import { MIN_SEARCH_LENGTH } from './constants.ts';

/** Longest query the server accepts, after trimming. */
export const MAX_SEARCH_LENGTH = 100;

/** Where a match was found (docs/entities.md Search result fields). */
export const SEARCH_SOURCES = ['name', 'location', 'hostname', 'mac', 'ip', 'serial', 'email'] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

/** docs/entities.md Search result object types. */
export const SEARCH_OBJECT_TYPES = ['cloud', 'site', 'device', 'user', 'client'] as const;
export type SearchObjectType = (typeof SEARCH_OBJECT_TYPES)[number];

/** What the input looks like, which decides the sources searched by default (docs/validation.md). */
export type SearchInputKind = 'mac' | 'ip' | 'name';

// Hex pairs with one separator used throughout: 2 to 6 pairs, a trailing separator while typing is fine.
const MAC_PAIRS = /^[0-9a-f]{2}(?:([:.-])[0-9a-f]{2}(?:\1[0-9a-f]{2}){0,4})\1?$/i;
// Cisco style: groups of four hex digits separated by dots, 2 or 3 groups.
const MAC_DOTTED_QUADS = /^[0-9a-f]{4}(?:\.[0-9a-f]{4}){1,2}$/i;
// Octet-like parts of 1 to 3 digits, at least one dot, at most 4 parts; a trailing dot while typing is fine.
const IP_LIKE = /^\d{1,3}(?:\.\d{1,3}){0,3}\.?$/;

/** The query as the server matches it: surrounding white space removed. */
export const trimQuery = (query: string) => query.trim();

/** Whether the query is long enough to search (docs/validation.md). */
export const isSearchable = (query: string) => trimQuery(query).length >= MIN_SEARCH_LENGTH;

function isIpLike(value: string): boolean {
  if (!IP_LIKE.test(value) || !value.includes('.')) return false;
  const parts = value.split('.').filter((part) => part !== '');
  if (value.endsWith('.') && parts.length === 4) return false;
  return parts.every((part) => Number(part) <= 255);
}

function isMacLike(value: string): boolean {
  return MAC_PAIRS.test(value) || MAC_DOTTED_QUADS.test(value);
}

/**
 * docs/validation.md: a MAC-like input (hex pairs separated by colon, dash or dot, or Cisco-style dotted groups of
 * four) searches MAC sources; digits and dots forming octet-like parts search IP sources; anything else
 * searches name-type sources. Digits-and-dots input such as `10.20.30` is an IP, not a MAC.
 */
export function classifySearchInput(query: string): SearchInputKind {
  const value = trimQuery(query);
  if (isIpLike(value)) return 'ip';
  if (isMacLike(value)) return 'mac';
  return 'name';
}

const DEFAULT_SOURCES: Readonly<Record<SearchInputKind, readonly SearchSource[]>> = {
  mac: ['mac'],
  ip: ['ip'],
  name: ['name', 'location', 'hostname', 'serial', 'email'],
};

/** The sources searched for an input kind when the caller names none. */
export function defaultSources(kind: SearchInputKind): SearchSource[] {
  return [...DEFAULT_SOURCES[kind]];
}

/**
 * A MAC address or a part of one in the stored form: lowercase hex pairs separated by colons
 * (`AA-BB-CC-DD-EE-FF`, `aabb.ccdd.eeff` and `aabbccddeeff` all become `aa:bb:cc:dd:ee:ff`; a partial
 * `AA-BB` becomes `aa:bb`). Null when the value is not MAC-like.
 */
export function normalizeMac(value: string): string | null {
  const trimmed = trimQuery(value).toLowerCase();
  let hex: string;
  if (MAC_PAIRS.test(trimmed) || MAC_DOTTED_QUADS.test(trimmed)) hex = trimmed.replace(/[:.-]/g, '');
  else if (/^[0-9a-f]{12}$/.test(trimmed)) hex = trimmed;
  else return null;
  return hex.match(/../g)?.join(':') ?? null;
}
