// VPC branding (docs/vpc.md): a vpc cloud's own product name, images, colour, links, sign-in text and the
// host name its customers open the console on.
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clouds } from './clouds.ts';
import { bytea, stampedNow } from './columns.ts';

/** One cloud's brand; a row exists once its owner saves it or uploads an image. */
export const cloudBrands = pgTable(
  'cloud_brands',
  {
    cloudId: integer()
      .primaryKey()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    productName: text().notNull(),
    primaryColor: text(),
    supportUrl: text(),
    privacyUrl: text(),
    signInText: text(),
    /** Lower-cased DNS name; unique across the console. */
    hostName: text(),
    logoType: text(),
    logoData: bytea(),
    faviconType: text(),
    faviconData: bytea(),
    /** Counts every change, so image addresses change when the images do. */
    version: integer().notNull().default(1),
    updatedAt: stampedNow(),
  },
  (t) => [uniqueIndex('cloud_brands_host_name_idx').on(t.hostName)],
);
