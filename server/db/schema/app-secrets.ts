import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys the deployment makes for itself on first run (VAPID, cookie and webhook signing).
 * Kept in the database so that every app instance shares them.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
