import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';

/**
 * The change log: who changed what, when, from which address, with the values before and after.
 * Written in the transaction of the change itself. A record without a cloud belongs to a person
 * (sign-ins, password, two-factor, sessions) and shows in the change log of every cloud they are in.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: stampedNow(),
    cloudId: integer().references(() => clouds.id, { onDelete: 'cascade' }),
    // Who acted; the email stays when the account is gone (and names a failed sign-in's account).
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text().notNull(),
    ip: text(),
    action: text().notNull(),
    objectType: text().notNull(),
    objectId: text(),
    objectName: text().notNull().default(''),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_records_cloud_at_idx').on(t.cloudId, t.at.desc(), t.id.desc()),
    index('audit_records_actor_at_idx').on(t.actorUserId, t.at.desc(), t.id.desc()),
    index('audit_records_object_idx').on(t.cloudId, t.objectType, t.objectId),
  ],
);
