import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './members';

/** A like from one member to another; two opposite likes are a match. */
export const likes = pgTable(
  'likes',
  {
    likerId: integer('liker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedId: integer('liked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Spec §3 `like_new`: the liked member has not yet opened the liker's profile. */
    isNew: boolean('is_new').notNull().default(true),
    /** Where the like came from; the swipe game counts its own against a daily limit. */
    source: text('source', { enum: ['profile', 'swipe', 'match_finder', 'auto'] })
      .notNull()
      .default('profile'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.likerId, table.likedId] }),
    index('likes_liked_idx').on(table.likedId, table.createdAt),
    index('likes_liker_source_idx').on(table.likerId, table.source, table.createdAt),
  ],
);

/** A member who blocked another: neither sees nor reaches the other any more. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] }), index('blocks_blocked_idx').on(table.blockedId)],
);

/** Cards a member swiped away, so the swipe game does not show them again. */
export const swipePasses = pgTable(
  'swipe_passes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.profileId] })],
);
