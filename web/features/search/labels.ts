// i18n keys of the result groups and of the places a match was found (docs/entities.md Search result).
import type { SearchObjectType, SearchSource } from '../../../core/search.ts';

export const GROUP_LABEL_KEYS = {
  cloud: 'search.group.cloud',
  site: 'search.group.site',
  device: 'search.group.device',
  user: 'search.group.user',
  client: 'search.group.client',
} as const satisfies Record<SearchObjectType, string>;

export const SOURCE_LABEL_KEYS = {
  name: 'search.source.name',
  location: 'search.source.location',
  hostname: 'search.source.hostname',
  mac: 'search.source.mac',
  ip: 'search.source.ip',
  serial: 'search.source.serial',
  email: 'search.source.email',
} as const satisfies Record<SearchSource, string>;
