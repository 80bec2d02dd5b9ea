// Schemas of the news calls (docs/entities.md Blog post, docs/api.md#the-calls), shared by server and web app.
import { type Static, Type } from 'typebox';
import { closed } from './closed.ts';

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** The most posts one list call returns, newest first. */
export const NEWS_POSTS_LIMIT = 50;

const postFields = {
  uuid: Type.String({ format: 'uuid' }),
  title: Type.String(),
  plaintext: Type.String(),
  /** The post body as a Mobiledoc document. */
  mobiledoc: Type.Unknown(),
  /** ISO 8601 date-time. */
  published_at: Type.String(),
  url: Type.String(),
  custom_excerpt: NullableString,
};

export const PublicPostSchema = Type.Object(postFields);
export type PublicPost = Static<typeof PublicPostSchema>;

/** An inbox post; viewed once the user has opened it or marked every post read. */
export const InboxPostSchema = Type.Object({ ...postFields, viewed: Type.Boolean() });
export type InboxPost = Static<typeof InboxPostSchema>;

export const InboxResponse = Type.Object({
  posts: Type.Array(InboxPostSchema),
  /** Unread posts among those listed. */
  unreadCount: Type.Integer({ minimum: 0 }),
  /** The latest updated_at of the listed posts (ISO 8601), null when there are none. */
  updatedAt: NullableString,
});
export type Inbox = Static<typeof InboxResponse>;

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** Either { uuid } to mark one post read, or { all: true } to mark every inbox post read. */
export const MarkInboxReadBody = Type.Object(
  {
    uuid: Type.Optional(Type.String({ pattern: UUID_PATTERN })),
    all: Type.Optional(Type.Literal(true)),
  },
  closed,
);
export type MarkInboxRead = Static<typeof MarkInboxReadBody>;

export const PublicPostsResponse = Type.Object({ posts: Type.Array(PublicPostSchema) });
export type PublicPosts = Static<typeof PublicPostsResponse>;

export const NewsletterBody = Type.Object({ subscribe: Type.Boolean() }, closed);
export const NewsletterResponse = Type.Object({ subscribe: Type.Boolean() });
export type Newsletter = Static<typeof NewsletterResponse>;
