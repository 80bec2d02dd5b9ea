// Schemas of the Admin Panel's calls (/apiv2/admin, platform administrators only), shared by server and
// web app: people and clouds across the platform, cloud suspension, Latest News posts and promotional videos.
import { type Static, Type } from 'typebox';
import { PLAN_TYPES, ROLES } from '../domain.ts';
import { LIST_FILTER_MAX_LENGTH } from '../limits.ts';
import { closed } from './closed.ts';
import { LIST_LIMIT_MAX, LIST_PAGE_SIZE, LIST_SEARCH_MIN_LENGTH, ListPage, ListQuery } from './list-query.ts';

const NOT_BLANK = '\\S';
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Page = {
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
};

// People

/** GET /apiv2/admin/users: part of a name or email, as the cloud's own lists search (trigram indexes). */
export const AdminUserQuery = ListQuery;

export const AdminUserSchema = Type.Object({
  id: Type.Integer(),
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  /** ISO 8601 date-time. */
  created_at: Type.String(),
  two_factor_enabled: Type.Boolean(),
  is_administrator: Type.Boolean(),
  /** Every cloud the person belongs to, by name, with their role there. */
  clouds: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), role_id: Type.Enum(ROLES) })),
});
export type AdminUser = Static<typeof AdminUserSchema>;
export const AdminUserList = ListPage(AdminUserSchema);
export type AdminUserList = Static<typeof AdminUserList>;

export const AdminUserParams = Type.Object(
  { userId: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  closed,
);

/**
 * PUT /apiv2/admin/users/{userId}/email: a person's new email, set without a mailed link (this console may
 * have no mail server); it counts as verified on the administrator's word.
 */
export const AdminEmailBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' }) },
  closed,
);
export type AdminEmailBody = Static<typeof AdminEmailBody>;

/** POST /apiv2/admin/users/{userId}/password-reset: a link for the administrator to hand over. */
export const AdminPasswordResetLink = Type.Object({ link: Type.String() });
export type AdminPasswordResetLink = Static<typeof AdminPasswordResetLink>;

// Clouds

/** A cloud's id (digits), or at least LIST_SEARCH_MIN_LENGTH characters of its name; blank lists all. */
export const ADMIN_CLOUD_SEARCH_PATTERN = `^\\s*$|^\\s*[0-9]+\\s*$|^\\s*\\S[\\s\\S]{${LIST_SEARCH_MIN_LENGTH - 2},}\\S\\s*$`;
export const AdminCloudQuery = Type.Object(
  {
    search: Type.Optional(
      Type.String({ maxLength: LIST_FILTER_MAX_LENGTH, pattern: ADMIN_CLOUD_SEARCH_PATTERN }),
    ),
    ...Page,
  },
  closed,
);
export type AdminCloudQuery = Static<typeof AdminCloudQuery>;

/** Whether a search text is one the cloud search takes: an id, or enough of a name. */
export function isAdminCloudSearch(text: string): boolean {
  return new RegExp(ADMIN_CLOUD_SEARCH_PATTERN).test(text);
}

export const AdminCloudSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The first Owner's email; null for a cloud without one. */
  owner_email: Nullable(Type.String()),
  plan_type: Type.Enum(PLAN_TYPES),
  device_count: Type.Integer({ minimum: 0 }),
  /** ISO 8601 date-time; null while the cloud is not suspended. */
  suspended_at: Nullable(Type.String()),
  suspend_type: Nullable(Type.String()),
  created_at: Type.String(),
});
export type AdminCloud = Static<typeof AdminCloudSchema>;
export const AdminCloudList = ListPage(AdminCloudSchema);
export type AdminCloudList = Static<typeof AdminCloudList>;

export const AdminCloudParams = Type.Object(
  { cloudId: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
  closed,
);

/** clouds.suspend_type of a cloud a platform administrator suspended (the seed's unpaid ones say 'payment'). */
export const ADMIN_SUSPEND_TYPE = 'ADMIN';

// Latest News posts

export const NEWS_TITLE_MAX_LENGTH = 200;
export const NEWS_TEXT_MAX_LENGTH = 20_000;
export const NEWS_EXCERPT_MAX_LENGTH = 500;
export const ADMIN_URL_MAX_LENGTH = 2_000;

/** A post's link: an absolute http(s) address, as the news panel's "Read on the blog" needs. */
const PostUrl = Type.String({ maxLength: ADMIN_URL_MAX_LENGTH, pattern: '^https?://[^\\s/?#]+[^\\s]*$' });

const postFields = {
  title: Type.String({ minLength: 1, maxLength: NEWS_TITLE_MAX_LENGTH, pattern: NOT_BLANK }),
  /**
   * The body: paragraphs apart by a blank line, '## ' starts a heading, '- ' lines make a list, and
   * **bold**, _italic_ and [a link](https://...) inside a paragraph.
   */
  text: Type.String({ minLength: 1, maxLength: NEWS_TEXT_MAX_LENGTH, pattern: NOT_BLANK }),
  url: PostUrl,
  /** Shown in the panel's list instead of the text's beginning; blank or null for none. */
  excerpt: Type.Optional(Nullable(Type.String({ maxLength: NEWS_EXCERPT_MAX_LENGTH }))),
  /** In the signed-in users' news panel (true), or a public post. */
  inbox: Type.Boolean(),
};

export const NewsPostBody = Type.Object(postFields, closed);
export type NewsPostBody = Static<typeof NewsPostBody>;
export const NewsPostPatch = Type.Partial(Type.Object(postFields), closed);
export type NewsPostPatch = Static<typeof NewsPostPatch>;

export const NewsPostParams = Type.Object({ uuid: Type.String({ format: 'uuid' }) }, closed);
export const AdminNewsQuery = Type.Object(Page, closed);

export const AdminNewsPostSchema = Type.Object({
  uuid: Type.String(),
  title: Type.String(),
  text: Type.String(),
  url: Type.String(),
  excerpt: Nullable(Type.String()),
  inbox: Type.Boolean(),
  /** ISO 8601 date-time; null for a draft or an unpublished post. */
  published_at: Nullable(Type.String()),
  updated_at: Type.String(),
});
export type AdminNewsPost = Static<typeof AdminNewsPostSchema>;
export const AdminNewsPostList = ListPage(AdminNewsPostSchema);
export type AdminNewsPostList = Static<typeof AdminNewsPostList>;

// Promotional videos

export const VIDEO_TITLE_MAX_LENGTH = 200;
/** An http(s) address, or a path on this site (one plain slash: '//host' would be another host). */
export const VIDEO_URL_PATTERN = '^(https?://[^\\s/?#]+[^\\s]*|/(?![/\\\\])[^\\s\\\\]*)$';

const videoFields = {
  title: Type.String({ minLength: 1, maxLength: VIDEO_TITLE_MAX_LENGTH, pattern: NOT_BLANK }),
  video_url: Type.String({ minLength: 1, maxLength: ADMIN_URL_MAX_LENGTH, pattern: VIDEO_URL_PATTERN }),
  /** Offered in the promotional video dialog. */
  active: Type.Boolean(),
};

export const VideoBody = Type.Object(
  { ...videoFields, active: Type.Optional(Type.Boolean({ default: true })) },
  closed,
);
export type VideoBody = Static<typeof VideoBody>;
export const VideoPatch = Type.Partial(Type.Object(videoFields), closed);
export type VideoPatch = Static<typeof VideoPatch>;
export const VideoParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }, closed);

export const AdminVideoSchema = Type.Object({
  id: Type.Integer(),
  ...videoFields,
  created_at: Type.String(),
});
export type AdminVideo = Static<typeof AdminVideoSchema>;
/** The whole catalogue, oldest first: the promotional dialog offers a handful. */
export const AdminVideoList = Type.Object({ videos: Type.Array(AdminVideoSchema) });
export type AdminVideoList = Static<typeof AdminVideoList>;
