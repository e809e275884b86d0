import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sites } from './sites';

/**
 * A member's account: credentials, money and state. The public face of a member is the
 * profile row with the same id; members share one pool across sites (ADR 0003).
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['not_confirmed', 'active', 'deleted'] })
      .notNull()
      .default('not_confirmed'),
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    language: text('language').notNull().default('en'),
    /**
     * Why no notification mail may go to this member at all (spec §4: bounce, fbl,
     * listunsubscribe), set from the mail provider's events; empty when mail flows.
     */
    notificationsDisabled: jsonb('notifications_disabled').$type<string[]>().notNull().default([]),
    /** The notification kinds (spec §3) the member switched off, by e-mail and by push. */
    emailNotificationsOff: jsonb('email_notifications_off').$type<string[]>().notNull().default([]),
    pushNotificationsOff: jsonb('push_notifications_off').$type<string[]>().notNull().default([]),
    isFictional: boolean('is_fictional').notNull().default(false),
    isInvisible: boolean('is_invisible').notNull().default(false),
    /** Set by an operator after a returned debit: the member may no longer pay by direct debit. */
    directDebitBlocked: boolean('direct_debit_blocked').notNull().default(false),
    /** When the member first paid; the first completed purchase makes them premium. */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    trackingNetwork: text('tracking_network'),
    trackingRef: text('tracking_ref'),
    trackingSub1: text('tracking_sub1'),
    trackingSub2: text('tracking_sub2'),
    trackingSub3: text('tracking_sub3'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set by an operator's ban (issue 16): the member cannot sign in and sees the access-ban
     * page; the account keeps its status, so lifting the ban restores it as it was.
     */
    bannedAt: timestamp('banned_at', { withTimezone: true, mode: 'date' }),
    banReason: text('ban_reason'),
    /**
     * Set by a moderator (issue 32): the profile is hidden from everyone else (the visibility
     * rule of migration 0028) while the member may still sign in; lifted by clearing it.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hideReason: text('hide_reason'),
    /**
     * A suspension (issue 32): until this moment the member cannot sign in and is told until
     * when; it lapses by itself, so nothing has to run when it ends.
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
    suspensionReason: text('suspension_reason'),
  },
  (table) => [
    uniqueIndex('users_site_email_key').on(table.siteId, sql`lower(${table.email})`),
    // The console's member search (issue 16): an e-mail prefix or exact address across sites,
    // one site's or one status's members newest first, banned members (sign-up order uses the
    // dashboard's users_created_idx). Migration 0018 rebuilds the prefix index with INCLUDE (id,
    // email) for index-only scans (ADR 0026).
    index('users_email_search_idx').on(sql`lower(${table.email}) text_pattern_ops`),
    // The search by e-mail domain (issue 32): `@example.com` finds everyone at that domain.
    index('users_email_domain_idx').on(sql`lower(split_part(${table.email}, '@', 2))`),
    index('users_site_id_idx').on(table.siteId, table.id),
    index('users_status_id_idx').on(table.status, table.id),
    index('users_banned_idx')
      .on(table.id)
      .where(sql`${table.bannedAt} is not null`),
    // A balance can never go below zero, whatever the application does.
    check('users_credits_not_negative', sql`${table.credits} >= 0`),
    // Few members are blocked for direct debit; the console lists them (and their mandates) from here.
    index('users_direct_debit_blocked_idx')
      .on(table.id)
      .where(sql`${table.directDebitBlocked}`),
    // The dashboard counts sign-ups and first purchases per period.
    index('users_created_idx').on(table.createdAt),
    // The owners' figures (ADR 0065): a period's sign-ups per week, their conversion and time to
    // first purchase, read from the index alone.
    index('users_signups_idx')
      .on(table.createdAt)
      .where(sql`not ${table.isFictional}`),
    index('users_paid_idx')
      .on(table.paidAt)
      .where(sql`${table.paidAt} is not null`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: integer('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    seeking: text('seeking', { enum: ['male', 'female', 'both'] })
      .notNull()
      .default('both'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    region: text('region'),
    city: text('city'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    sexuality: text('sexuality'),
    relationshipStatus: text('relationship_status'),
    hairColour: text('hair_colour'),
    eyeColour: text('eye_colour'),
    bodyType: text('body_type'),
    tattoos: text('tattoos'),
    interests: jsonb('interests').$type<string[]>().notNull().default([]),
    about: text('about').notNull().default(''),
    /** Niche numbers (spec §1, 2–7) this profile fits; every profile fits niche 1. */
    niches: smallint('niches')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('disabled'),
    mainPhotoId: integer('main_photo_id'),
    /**
     * Shown to others: the SQL function `member_visibility` (migrations 0027, 0028 and 0034, the one definition:
     * account active, not invisible, not banned, not hidden, profile active, the person 18 or older by
     * `date_of_birth`), applied by database triggers (also when the date of birth changes) so
     * no code path can forget it; search reads only these rows.
     */
    visible: boolean('visible').notNull().default(false),
    /** Copied from users.last_active_at by the same triggers; search orders by it. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // Key order matches `ORDER BY last_active_at DESC, id DESC` exactly (NULLS FIRST is the DESC
    // default), so a page is an ordered index scan; date_of_birth lets age counts stay in the index.
    // Both INCLUDE (seeking, sexuality) from migration 0046 (drizzle cannot say INCLUDE): a
    // member's count tests the orientation rule on them without reading the table.
    index('profiles_search_idx')
      .on(table.country, table.gender, table.lastActiveAt.desc().nullsFirst(), table.id.desc().nullsFirst(), table.dateOfBirth)
      .where(sql`${table.visible}`),
    index('profiles_search_region_idx')
      .on(table.country, table.region, table.gender, table.lastActiveAt.desc().nullsFirst(), table.id.desc().nullsFirst(), table.dateOfBirth)
      .where(sql`${table.visible}`),
    index('profiles_recent_idx')
      .on(table.lastActiveAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.visible}`),
    // Distance-first discovery (ADR 0067): a point on a sphere of the earth's radius, in km, so
    // `<->` (straight-line chord distance) orders exactly as the great-circle distance. The GiST
    // index walks a search's whole order — nearest first, then most recently active, then newest
    // id — inside a country or region when one is asked for (migration 0043, `btree_gist` for the
    // other keys). `member_point` and the cube extension: migration 0039. Who the member is
    // (`member_who`: gender, whom they want, day of birth, migration 0045) is a key too, so the
    // walk drops who does not match a search without reading the table. INCLUDE (latitude,
    // longitude, gender, seeking, sexuality, date_of_birth) from migration 0046: a radius's count
    // and a page's walk are index-only scans.
    index('profiles_nearest_idx')
      .using(
        'gist',
        table.country,
        table.region,
        sql`member_point(${table.latitude}, ${table.longitude})`,
        table.lastActiveAt,
        table.id,
        sql`member_who(${table.gender}, ${table.seeking}, ${table.sexuality}, ${table.dateOfBirth})`,
      )
      .where(sql`${table.visible}`),
    // The console's member search by name prefix (issue 16); INCLUDE (id, name) from migration 0018.
    index('profiles_name_search_idx').on(sql`lower(${table.name}) text_pattern_ops`),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    thumbFilename: text('thumb_filename').notNull(),
    status: text('status', { enum: ['active', 'pending', 'rejected'] })
      .notNull()
      .default('pending'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The uploading client's idempotency key: an upload sent again finds this photo (ADR 0071). */
    clientId: text('client_id'),
  },
  (table) => [
    index('photos_user_idx').on(table.userId, table.position),
    uniqueIndex('photos_client_idx')
      .on(table.userId, table.clientId)
      .where(sql`${table.clientId} is not null`),
    // The moderation queue: pending photos of every site, oldest first.
    index('photos_pending_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type NewProfileRow = typeof profiles.$inferInsert;
