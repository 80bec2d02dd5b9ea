import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { bytea, stampedNow } from './columns.ts';

/** docs/entities.md Blog post: inbox posts for signed-in users and public posts. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    uuid: uuid().primaryKey(),
    title: text().notNull(),
    plaintext: text().notNull(),
    mobiledoc: jsonb().notNull(),
    url: text().notNull(),
    customExcerpt: text(),
    inbox: boolean().notNull().default(true),
    // Null while the post is a draft (or after it is unpublished): the news panel shows published posts only.
    publishedAt: timestamp({ withTimezone: true }),
    updatedAt: stampedNow(),
  },
  (t) => [index('blog_posts_published_idx').on(t.publishedAt.desc())],
);

export const blogPostReads = pgTable(
  'blog_post_reads',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postUuid: uuid()
      .notNull()
      .references(() => blogPosts.uuid, { onDelete: 'cascade' }),
    readAt: stampedNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postUuid] })],
);

/** Error reports from the web app's report dialog (docs/decisions.md), listed for platform administrators. */
export const errorReports = pgTable(
  'error_reports',
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb().notNull(),
    createdAt: stampedNow(),
  },
  (t) => [index('error_reports_created_idx').on(t.createdAt.desc())],
);

/** Files uploaded through the console (floor plans, certificates, firmware images), kept in the database. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    uploadedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    data: bytea().notNull(),
    createdAt: stampedNow(),
  },
  (t) => [index('uploaded_files_cloud_idx').on(t.cloudId, t.createdAt.desc())],
);
