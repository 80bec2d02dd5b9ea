import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A timestamptz column that is set to now() when a row is written without it. */
export const stampedNow = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Binary content kept in the row (files). */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
