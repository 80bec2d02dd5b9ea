// Sites, the site picker and saved site filters (SPEC §3 Site, §7 sites-select and site-filters-select).
import { type Static, Type } from 'typebox';
import { SITE_FILTER_PAGE_LIMIT, SITE_LIST_MAX } from '../constants.ts';
import {
  LIST_FILTER_MAX_LENGTH,
  SITE_FILTER_NAME_MAX_LENGTH,
  SITE_FILTER_SITES_MAX,
  SITE_INCLUDE_IDS_MAX,
  SITE_LOCATION_MAX_LENGTH,
  SITE_NAME_MAX_LENGTH,
} from '../limits.ts';
import { ListPage } from './list-query.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** Some text that is not only white space. */
const NOT_BLANK = '\\S';

/** A comma-separated list of up to SITE_INCLUDE_IDS_MAX positive ids, or nothing. */
const INCLUDE_IDS_PATTERN = `^([1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${SITE_INCLUDE_IDS_MAX - 1}})?$`;

export const SitesSelectQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: SITE_LIST_MAX, default: SITE_LIST_MAX }),
  /** Case-insensitive part of the name or location. */
  filter: Type.Optional(Type.String({ maxLength: LIST_FILTER_MAX_LENGTH })),
  allFields: Type.Boolean({ default: false }),
  /** Sites listed whatever the limit and filter (for example the current site), when visible. */
  includeIds: Type.Optional(Type.String({ pattern: INCLUDE_IDS_PATTERN })),
});
export type SitesSelectQuery = Static<typeof SitesSelectQuery>;

/** A site in the picker; the optional fields come with allFields (SPEC §3 Site). */
export const SiteOption = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  location: Type.Optional(Type.String()),
  cloud_id: Type.Optional(Type.Integer()),
  allow_config: Type.Optional(Type.Boolean()),
  configEnabled: Type.Optional(Type.Boolean()),
  sdwanEnabled: Type.Optional(Type.Boolean()),
  config_saved_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
});
export type SiteOption = Static<typeof SiteOption>;

export const SitesSelectResponse = Type.Object({ sites: Type.Array(SiteOption) });
export type SitesSelectResponse = Static<typeof SitesSelectResponse>;

export const CreateSiteBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: SITE_NAME_MAX_LENGTH, pattern: NOT_BLANK }),
    location: Type.Optional(Type.String({ maxLength: SITE_LOCATION_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type CreateSiteBody = Static<typeof CreateSiteBody>;

export const CreatedSite = Type.Object({ id: Type.Integer(), name: Type.String(), location: Type.String() });
export type CreatedSite = Static<typeof CreatedSite>;

export const SiteFiltersSelectQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: SITE_FILTER_PAGE_LIMIT, default: SITE_FILTER_PAGE_LIMIT }),
  /** Case-insensitive part of the filter's name. */
  filter: Type.Optional(Type.String({ maxLength: LIST_FILTER_MAX_LENGTH })),
  /** Adds each grouping's site ids. */
  allFields: Type.Boolean({ default: false }),
});
export type SiteFiltersSelectQuery = Static<typeof SiteFiltersSelectQuery>;

export const SiteGrouping = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Sites of the grouping that still exist and the caller can see. */
  siteCount: Type.Integer(),
  siteIds: Type.Optional(Type.Array(Type.Integer())),
});
export type SiteGrouping = Static<typeof SiteGrouping>;

/** SPEC §3 Site filter response. */
export const SiteFiltersSelectResponse = Type.Object({
  /** The caller's active filter in this cloud; both null when none is active. */
  userCloudFilter: Type.Object({
    id: Type.Union([Type.Integer(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()]),
  }),
  siteGroupings: Type.Array(SiteGrouping),
  /** A full page came back, so the list filters on the server rather than in the browser (SPEC §7). */
  backendFilter: Type.Boolean(),
});
export type SiteFiltersSelectResponse = Static<typeof SiteFiltersSelectResponse>;

export const SelectSiteFilterBody = Type.Object({ siteFilterId: Id }, { additionalProperties: false });
export type SelectSiteFilterBody = Static<typeof SelectSiteFilterBody>;

export const CreateSiteFilterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: SITE_FILTER_NAME_MAX_LENGTH, pattern: NOT_BLANK }),
    siteIds: Type.Array(Id, { minItems: 1, maxItems: SITE_FILTER_SITES_MAX }),
  },
  { additionalProperties: false },
);
export type CreateSiteFilterBody = Static<typeof CreateSiteFilterBody>;

export const CreatedSiteFilter = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  siteIds: Type.Array(Type.Integer()),
});
export type CreatedSiteFilter = Static<typeof CreatedSiteFilter>;

/** A site in the cloud's site list (SPEC §3 Site) with how many live devices it holds. */
export const SiteListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  location: Type.String(),
  device_count: Type.Integer({ minimum: 0 }),
});
export type SiteListItem = Static<typeof SiteListItem>;

/** GET /apiv2/cloud/:cloudId/sites: sites by name, then id. */
export const SiteListResponse = ListPage(SiteListItem);
export type SiteListResponse = Static<typeof SiteListResponse>;
