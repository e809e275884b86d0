import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SUPPORTED_LANGUAGES } from '../../../contract/locales';
import { MESSAGE_SAFETY_POLICIES, SAFETY_CATEGORIES, SAFETY_RULE_KINDS } from '../../../contract/safety';
import { sites } from './sites';
import { staff } from './staff';

/**
 * The safety signals' word and pattern lists (issue 32), kept as data: the built-in entries are
 * copied in once (`builtin`), operators add their own for every site or one, in one language
 * or all. A removed entry keeps its row (`removed_at`), so the built-in copy never brings it
 * back and the audit log can name what was removed.
 */
export const safetyRules = pgTable(
  'safety_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null: every site. */
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    /** Null: every language. */
    language: text('language', { enum: SUPPORTED_LANGUAGES }),
    category: text('category', { enum: SAFETY_CATEGORIES }).notNull(),
    kind: text('kind', { enum: SAFETY_RULE_KINDS }).notNull(),
    /** Normalised: lower case, accents folded, single spaces. */
    value: text('value').notNull(),
    builtin: boolean('builtin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    removedBy: integer('removed_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [
    // One row per entry and scope; null scopes compare equal here.
    uniqueIndex('safety_rules_entry_key').on(sql`coalesce(${table.siteId}, 0)`, sql`coalesce(${table.language}, '')`, table.category, table.kind, table.value),
    index('safety_rules_site_idx').on(table.siteId),
  ],
);

/**
 * A site's choices about what the signals do. No row: the defaults (profile texts with contact
 * details wait for review; a message with them is sent only after the sender confirms).
 */
export const siteSafetySettings = pgTable('site_safety_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  holdContactTexts: boolean('hold_contact_texts').notNull().default(true),
  messagePolicy: text('message_policy', { enum: MESSAGE_SAFETY_POLICIES }).notNull().default('confirm'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type SafetyRuleRow = typeof safetyRules.$inferSelect;
export type SiteSafetySettingsRow = typeof siteSafetySettings.$inferSelect;
