import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamptz column that is set to now() when a row is written without it. */
export const stampedNow = () => timestamp({ withTimezone: true }).notNull().defaultNow();
