import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Minimum cost of a message for members from one country (spec §3 minimum_message_costs). */
export interface MinimumMessageCost {
  costs: number;
  currency: string;
}

/**
 * A site's look (ADR 0041): brand colours, font, corner radius and the storage keys of its logo
 * and hero image. Missing fields are the spec's palette (`DEFAULT_THEME` in contract/theme.ts).
 */
export interface SiteThemeColumn {
  primary?: string;
  secondary?: string;
  dark?: string;
  accent?: string;
  dark_background?: string | null;
  font?: string;
  radius?: number;
  logo_key?: string | null;
  /** Width over height of the stored logo. */
  logo_aspect?: number;
  hero_key?: string | null;
}

/** The texts an operator writes for members, each with a value per page language. */
export const SITE_TEXT_KEYS = ['index_title', 'description', 'fictional_warning', 'fictional_singular', 'fictional_plural'] as const;
export type SiteTextKey = (typeof SITE_TEXT_KEYS)[number];

/**
 * An operator's texts in one language: any of `SITE_TEXT_KEYS`, and extra pages by token.
 * The plain columns (`index_title`, …, `custom_pages`) hold the site's own language.
 */
export type SiteTexts = Partial<Record<SiteTextKey, string>> & {
  custom_pages?: Record<string, CustomPageText>;
};

/**
 * An extra page: `body` holds plain paragraphs (the seed's pages); a page written in the console
 * has `markdown` instead, rendered for members without any raw HTML (app/components/SafeMarkdown).
 */
export interface CustomPageText {
  title: string;
  body: string[];
  markdown?: string;
}

/**
 * One branded site. The request host picks the row; every setting of spec §3 "Settings" and
 * the company behind the site live here so that operators change a site without a deploy.
 */
export const sites = pgTable(
  'sites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    domain: text('domain').notNull().unique(),
    /** Other host names that answer as this site; unique across all sites' domains and aliases. */
    domainAliases: jsonb('domain_aliases').$type<string[]>().notNull().default([]),
    /** A disabled site answers its hosts with a "site not available" page and serves no member. */
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    /** Bumped by every console edit: an edit made from an older version is refused (409). */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    name: text('name').notNull(),
    domainLanguage: text('domain_language').notNull().default('en-US'),
    cdnPrefix: text('cdn_prefix').notNull().default(''),
    niche: smallint('niche').notNull().default(1),
    description: text('description').notNull().default(''),
    indexTitle: text('index_title').notNull().default(''),
    signups: text('signups', { enum: ['all', 'with_trafficsource'] })
      .notNull()
      .default('all'),
    loggedOutSearch: text('logged_out_search').notNull().default('none'),
    loggedOutSearchTrafficsource: text('logged_out_search_trafficsource').notNull().default('none'),
    enableSiteEntryPopup: text('enable_site_entry_popup').notNull().default('yes'),
    siteEntryPopupCountries: jsonb('site_entry_popup_countries').$type<string[]>().notNull().default(['NL', 'DE']),
    countries: jsonb('countries').$type<string[]>().notNull().default(['US']),
    /** The region word per country where the operator chose another than the country's usual one. */
    regionWords: jsonb('region_words').$type<Record<string, string>>().notNull().default({}),
    minimumMessageCosts: jsonb('minimum_message_costs').$type<Record<string, MinimumMessageCost>>().notNull().default({}),
    supportPhone: text('support_phone').notNull().default(''),
    supportEmail: text('support_email').notNull().default(''),
    fictionalIcon: text('fictional_icon').notNull().default(''),
    fictionalWarning: text('fictional_warning').notNull().default(''),
    fictionalSingular: text('fictional_singular').notNull().default(''),
    fictionalPlural: text('fictional_plural').notNull().default(''),
    visibleProfileFields: jsonb('visible_profile_fields').$type<string[]>().notNull().default([]),
    visibleProfileNotes: jsonb('visible_profile_notes').$type<string[]>().notNull().default([]),
    searchFields: jsonb('search_fields').$type<string[]>().notNull().default([]),
    interests: jsonb('interests').$type<string[]>().notNull().default([]),
    messageCredits: integer('message_credits').notNull().default(10),
    signupCredits: integer('signup_credits').notNull().default(0),
    photoCredits: integer('photo_credits').notNull().default(15),
    giftCredits: integer('gift_credits').notNull().default(20),
    /** The gifts this site offers, from the shipped catalogue; empty offers all of them. */
    giftIds: jsonb('gift_ids').$type<string[]>().notNull().default([]),
    /** Payment methods this site offers (spec §3 names); empty offers every method for the payment country. */
    paymentMethods: jsonb('payment_methods').$type<string[]>().notNull().default([]),
    /** Per payment country, the methods offered there (overrides `paymentMethods` for that country). */
    paymentMethodsByCountry: jsonb('payment_methods_by_country').$type<Record<string, string[]>>().notNull().default({}),
    /** A member's direct-debit total per calendar month, in minor units of the order currency. */
    directDebitMonthlyLimit: integer('direct_debit_monthly_limit').notNull().default(15000),
    /** How long a new free member's welcome discount lasts, and what it gives. */
    welcomeDiscountHours: integer('welcome_discount_hours').notNull().default(72),
    welcomeDiscountPercentage: integer('welcome_discount_percentage').notNull().default(25),
    messageLength: integer('message_length').notNull().default(1000),
    freeMessages: integer('free_messages').notNull().default(3),
    freeConversations: integer('free_conversations').notNull().default(2),
    chatHistoryLimit: integer('chat_history_limit').notNull().default(500),
    refundDays: integer('refund_days').notNull().default(14),
    deleteDiscount: integer('delete_discount').notNull().default(0),
    memberResell: boolean('member_resell').notNull().default(false),
    /** Google Tag Manager container (GTM-…) loaded only after statistics or marketing consent; empty loads nothing. */
    tagManagerId: text('tag_manager_id').notNull().default(''),
    /** Microsoft Clarity project id loaded only after statistics consent; empty loads nothing. */
    clarityId: text('clarity_id').notNull().default(''),
    /** New photos go live at once; otherwise they wait for moderation. */
    photoAutoApprove: boolean('photo_auto_approve').notNull().default(true),
    showUsFooter: boolean('show_us_footer').notNull().default(false),
    loginMaxAttempts: integer('login_max_attempts').notNull().default(5),
    loginBlockMinutes: integer('login_block_minutes').notNull().default(15),
    mailName: text('mail_name').notNull().default(''),
    companyId: integer('company_id').notNull().default(1),
    companyName: text('company_name').notNull().default(''),
    companyAddress: text('company_address').notNull().default(''),
    companyKvk: text('company_kvk').notNull().default(''),
    companyCity: text('company_city').notNull().default(''),
    companyCountry: text('company_country').notNull().default(''),
    companyTradenames: jsonb('company_tradenames').$type<string[]>().notNull().default([]),
    companyVatNumbers: jsonb('company_vat_numbers').$type<string[]>().notNull().default([]),
    companyAdded: timestamp('company_added', {
      withTimezone: true,
      mode: 'date',
    })
      .notNull()
      .defaultNow(),
    /** Extra static pages an operator defines, served at /pages/{token}. */
    customPages: jsonb('custom_pages').$type<Record<string, CustomPageText>>().notNull().default({}),
    /** The operator's texts in other languages, by language code (`{ "de": { "index_title": … } }`). */
    localizedTexts: jsonb('localized_texts').$type<Record<string, SiteTexts>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The site's look, applied over Bootstrap's CSS variables at request time (ADR 0041). */
    theme: jsonb('theme').$type<SiteThemeColumn>().notNull().default({}),
  },
  (table) => [index('sites_domain_aliases_idx').using('gin', table.domainAliases)],
);

export type SiteRow = typeof sites.$inferSelect;
export type NewSiteRow = typeof sites.$inferInsert;
