// The part of a matched field that the query matched, to mark it (the rules of
// server/features/search/matching.ts: MACs compare in their stored form, addresses and serials by prefix).
import { normalizeMac, type SearchSource, trimQuery } from '../../../core/search.ts';

export interface TextPart {
  /** Where the part starts in the value. */
  readonly at: number;
  readonly text: string;
  readonly match: boolean;
}

const PREFIX_SOURCES: ReadonlySet<SearchSource> = new Set(['ip', 'serial']);

/** The value cut into matched and unmatched parts; every case-insensitive occurrence is a match. */
export function highlightParts(value: string, source: SearchSource, query: string): TextPart[] {
  const needle = ((source === 'mac' ? normalizeMac(query) : null) ?? trimQuery(query)).toLowerCase();
  const haystack = value.toLowerCase();
  // Case mapping that changes a string's length would put the marks in the wrong place.
  if (needle === '' || haystack.length !== value.length) return [{ at: 0, text: value, match: false }];
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, from)) {
    if (PREFIX_SOURCES.has(source) && at > 0) break;
    if (at > from) parts.push({ at: from, text: value.slice(from, at), match: false });
    parts.push({ at, text: value.slice(at, at + needle.length), match: true });
    from = at + needle.length;
    if (PREFIX_SOURCES.has(source)) break;
  }
  if (from < value.length) parts.push({ at: from, text: value.slice(from), match: false });
  return parts;
}
