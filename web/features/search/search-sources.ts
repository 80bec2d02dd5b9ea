// What the Search Everywhere checkbox limits a search to (docs/navigation.md#top-bar-panels, docs/validation.md): the kind of the input decides.
import {
  classifySearchInput,
  defaultSources,
  SEARCH_SOURCES,
  type SearchInputKind,
  type SearchSource,
} from '../../../core/search.ts';

// A name-like input looks at what people call places and things, not at host names, serials or emails.
const LIMITED_SOURCES: Readonly<Record<SearchInputKind, readonly SearchSource[]>> = {
  name: ['name', 'location'],
  mac: defaultSources('mac'),
  ip: defaultSources('ip'),
};

/** The checkbox's label for each input kind. */
export const LIMIT_LABEL_KEYS = {
  name: 'search.panel.onlyNames',
  mac: 'search.panel.onlyMacs',
  ip: 'search.panel.onlyIps',
} as const satisfies Record<SearchInputKind, string>;

/** The sources to search: those of the query's kind when limited, else every source. */
export function searchSources(query: string, limited: boolean): SearchSource[] {
  return [...(limited ? LIMITED_SOURCES[classifySearchInput(query)] : SEARCH_SOURCES)];
}
