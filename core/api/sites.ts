// Sites, the site picker and saved site filters (docs/entities.md Site, docs/api.md#the-calls sites-select and site-filters-select).
import { type Static, Type } from 'typebox';
import { SITE_FILTER_PAGE_LIMIT, SITE_LIST_MAX } from '../constants.ts';
import {
  LIST_FILTER_MAX_LENGTH,
  SITE_FILTER_NAME_MAX_LENGTH,
  SITE_FILTER_SITES_MAX,
  SITE_INCLUDE_IDS_MAX,
  SITE_LOCATION_MAX_LENGTH,
  SITE_NAME_MAX_LENGTH,
  SITE_TIMEZONE_MAX_LENGTH,
} from '../limits.ts';
import { closed } from './closed.ts';
import { ListPage } from './list-query.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
/** Some text that is not only white space. */
const NOT_BLANK = '\\S';

/** A comma-separated list of up to SITE_INCLUDE_IDS_MAX positive ids, or nothing. */
const INCLUDE_IDS_PATTERN = `^([1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${SITE_INCLUDE_IDS_MAX - 1}})?$`;

export const SitesSelectQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: SITE_LIST_MAX, default: SITE_LIST_MAX }),
    /** Case-insensitive part of the name or location. */
    filter: Type.Optional(Type.String({ maxLength: LIST_FILTER_MAX_LENGTH })),
    allFields: Type.Boolean({ default: false }),
    /** Sites listed whatever the limit and filter (for example the current site), when visible. */
    includeIds: Type.Optional(Type.String({ pattern: INCLUDE_IDS_PATTERN })),
  },
  closed,
);
export type SitesSelectQuery = Static<typeof SitesSelectQuery>;

/** A site in the picker; the optional fields come with allFields (docs/entities.md Site). */
export const SiteOption = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  location: Type.Optional(Type.String()),
  cloud_id: Type.Optional(Type.Integer()),
  allow_config: Type.Optional(Type.Boolean()),
  configEnabled: Type.Optional(Type.Boolean()),
  sdwan_enabled: Type.Optional(Type.Boolean()),
  config_saved_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
});
export type SiteOption = Static<typeof SiteOption>;

export const SitesSelectResponse = Type.Object({ sites: Type.Array(SiteOption) });
export type SitesSelectResponse = Static<typeof SitesSelectResponse>;

const SiteName = Type.String({ minLength: 1, maxLength: SITE_NAME_MAX_LENGTH, pattern: NOT_BLANK });
/** The fields of Site Properties besides the name; latitude and longitude are given together or not at all. */
const SITE_FIELDS = {
  location: Type.Optional(Type.String({ maxLength: SITE_LOCATION_MAX_LENGTH })),
  latitude: Type.Optional(Type.Union([Type.Number({ minimum: -90, maximum: 90 }), Type.Null()])),
  longitude: Type.Optional(Type.Union([Type.Number({ minimum: -180, maximum: 180 }), Type.Null()])),
  /** An IANA time zone name (core/time-zones.ts), checked by the server. */
  timezone: Type.Optional(Type.String({ minLength: 1, maxLength: SITE_TIMEZONE_MAX_LENGTH })),
  allow_config: Type.Optional(Type.Boolean()),
};

export const CreateSiteBody = Type.Object(
  { name: SiteName, ...SITE_FIELDS },
  {
    ...closed,
    // The API document's example (docs/api.md#examples).
    examples: [
      {
        name: 'Vilnius HQ',
        location: 'Gedimino pr. 9, Vilnius',
        latitude: 54.6872,
        longitude: 25.2797,
        timezone: 'Europe/Vilnius',
        allow_config: true,
      },
    ],
  },
);
export type CreateSiteBody = Static<typeof CreateSiteBody>;

/** PATCH of Site Properties: only the fields given change. */
export const UpdateSiteBody = Type.Object(
  { name: Type.Optional(SiteName), ...SITE_FIELDS },
  { ...closed, examples: [{ name: 'Vilnius HQ (Gedimino)', allow_config: false }] },
);
export type UpdateSiteBody = Static<typeof UpdateSiteBody>;

export const SiteIdParams = Type.Object({ cloudId: Id, siteId: Id }, closed);
export type SiteIdParams = Static<typeof SiteIdParams>;

/** Site Properties (docs/navigation.md#navigation-drawer), with what the caller may do with the site. */
export const SiteProperties = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  location: Type.String(),
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  timezone: Type.String(),
  allow_config: Type.Boolean(),
  /** Live devices of the site: what deleting it would leave without a site. */
  device_count: Type.Integer({ minimum: 0 }),
  /** edit_site on this site. */
  can_edit: Type.Boolean(),
  /** edit_site and the cloud's manage_sites, as creating a site needs. */
  can_delete: Type.Boolean(),
});
export type SiteProperties = Static<typeof SiteProperties>;

/** What deleting a site did: its devices stay in the cloud without a site. */
export const DeletedSite = Type.Object({
  id: Type.Integer(),
  unassigned_devices: Type.Integer({ minimum: 0 }),
});
export type DeletedSite = Static<typeof DeletedSite>;

export const CreatedSite = Type.Object({ id: Type.Integer(), name: Type.String(), location: Type.String() });
export type CreatedSite = Static<typeof CreatedSite>;

export const SiteFiltersSelectQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: SITE_FILTER_PAGE_LIMIT, default: SITE_FILTER_PAGE_LIMIT }),
    /** Case-insensitive part of the filter's name. */
    filter: Type.Optional(Type.String({ maxLength: LIST_FILTER_MAX_LENGTH })),
    /** Adds each grouping's site ids. */
    allFields: Type.Boolean({ default: false }),
  },
  closed,
);
export type SiteFiltersSelectQuery = Static<typeof SiteFiltersSelectQuery>;

export const SiteGrouping = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Sites of the grouping that still exist and the caller can see. */
  site_count: Type.Integer(),
  site_ids: Type.Optional(Type.Array(Type.Integer())),
});
export type SiteGrouping = Static<typeof SiteGrouping>;

/** docs/entities.md Site filter response. */
export const SiteFiltersSelectResponse = Type.Object({
  /** The caller's active filter in this cloud; both null when none is active. */
  userCloudFilter: Type.Object({
    id: Type.Union([Type.Integer(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()]),
  }),
  siteGroupings: Type.Array(SiteGrouping),
  /** A full page came back, so the list filters on the server rather than in the browser (docs/api.md#the-calls). */
  backend_filter: Type.Boolean(),
});
export type SiteFiltersSelectResponse = Static<typeof SiteFiltersSelectResponse>;

export const SelectSiteFilterBody = Type.Object({ siteFilterId: Id }, closed);
export type SelectSiteFilterBody = Static<typeof SelectSiteFilterBody>;

export const CreateSiteFilterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: SITE_FILTER_NAME_MAX_LENGTH, pattern: NOT_BLANK }),
    site_ids: Type.Array(Id, { minItems: 1, maxItems: SITE_FILTER_SITES_MAX }),
  },
  { ...closed, examples: [{ name: 'Baltic offices', site_ids: [12, 14, 15] }] },
);
export type CreateSiteFilterBody = Static<typeof CreateSiteFilterBody>;

export const CreatedSiteFilter = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  site_ids: Type.Array(Type.Integer()),
});
export type CreatedSiteFilter = Static<typeof CreatedSiteFilter>;

/** A saved grouping as its edit page reads it. */
export const SiteFilter = CreatedSiteFilter;
export type SiteFilter = CreatedSiteFilter;

export const SiteFilterIdParams = Type.Object({ cloudId: Id, siteFilterId: Id }, closed);
export type SiteFilterIdParams = Static<typeof SiteFilterIdParams>;

/** PATCH of a saved grouping: only the fields given change. */
export const UpdateSiteFilterBody = Type.Object(
  {
    name: Type.Optional(CreateSiteFilterBody.properties.name),
    site_ids: Type.Optional(CreateSiteFilterBody.properties.site_ids),
  },
  closed,
);
export type UpdateSiteFilterBody = Static<typeof UpdateSiteFilterBody>;

/** A site in the cloud's site list (docs/entities.md Site) with how many live devices it holds. */
export const SiteListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  location: Type.String(),
  /** Where the site stands, both null when unknown (the cloud dashboard's map, docs/site-map.md). */
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  device_count: Type.Integer({ minimum: 0 }),
  online_count: Type.Integer({ minimum: 0 }),
  /** Live devices in HEALTH_CRITICAL and HEALTH_WARNING. */
  critical_count: Type.Integer({ minimum: 0 }),
  warning_count: Type.Integer({ minimum: 0 }),
  /** edit_site on this site: Site Properties are open to the caller. */
  can_edit: Type.Boolean(),
});
export type SiteListItem = Static<typeof SiteListItem>;

/** GET /apiv2/cloud/:cloudId/sites: sites by name, then id. */
export const SiteListResponse = ListPage(SiteListItem);
export type SiteListResponse = Static<typeof SiteListResponse>;
