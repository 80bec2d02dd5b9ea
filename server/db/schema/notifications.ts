import { boolean, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { ALERT_TYPES } from '../../../core/domain.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';
import { sites } from './inventory.ts';

/**
 * Who an alert type notifies, by Web Push and by email: one row per alert type for the cloud (site null) and
 * per site that sets its own. Without a row, a site follows its cloud, and the cloud notifies everyone who may
 * see the alert by push and no one by email.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    siteId: integer().references(() => sites.id, { onDelete: 'cascade' }),
    alertType: text({ enum: ALERT_TYPES }).notNull(),
    // Every member who may see the alert, or only the members listed.
    pushEveryone: boolean().notNull(),
    pushUserIds: integer().array().notNull(),
    emailEveryone: boolean().notNull(),
    emailUserIds: integer().array().notNull(),
    updatedAt: stampedNow(),
  },
  (t) => [unique('notification_settings_scope_key').on(t.cloudId, t.siteId, t.alertType).nullsNotDistinct()],
);
