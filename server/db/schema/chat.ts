import { sql } from 'drizzle-orm';
import { MESSAGE_WARNINGS } from '../../../contract/safety';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './members';

/** A conversation between two members; `memberA` is always the lower id, so a pair has one row. */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberA: integer('member_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberB: integer('member_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [uniqueIndex('conversations_pair_key').on(table.memberA, table.memberB), index('conversations_started_by_idx').on(table.startedBy)],
);

/** Each member's own state of a conversation: unread count, and whether they removed it. */
export const conversationStates = pgTable(
  'conversation_states',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    /** Messages up to this id were removed for this member (deleting a chat is per member). */
    clearedThroughId: bigint('cleared_through_id', { mode: 'number' }).notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    /** When the member last deleted the chat; with the two values below, what an undo restores. */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    clearedThroughBeforeRemoval: bigint('cleared_through_before_removal', { mode: 'number' }),
    unreadBeforeRemoval: integer('unread_before_removal'),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.userId] }), index('conversation_states_user_idx').on(table.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['text', 'gift', 'photo'] })
      .notNull()
      .default('text'),
    body: text('body').notNull().default(''),
    giftId: text('gift_id'),
    photoFilename: text('photo_filename'),
    /** Photo messages stay blurred for the recipient until they tap to reveal them. */
    photoRevealedAt: timestamp('photo_revealed_at', { withTimezone: true, mode: 'date' }),
    creditsSpent: integer('credits_spent').notNull().default(0),
    /** The sender's idempotency key: a retry with the same key returns this message. */
    clientId: text('client_id').notNull(),
    /** Held until the recipient confirms their e-mail address (spec §4). */
    held: boolean('held').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** What the recipient is warned about (issue 32): a money request, a move off the site, an insult. */
    warnings: text('warnings', { enum: MESSAGE_WARNINGS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [
    uniqueIndex('messages_sender_client_key').on(table.senderId, table.clientId),
    index('messages_conversation_idx').on(table.conversationId, table.id),
    // Messages arrive in time order, so a block-range index serves the dashboard's per-period counts at a fraction of a b-tree's size.
    index('messages_created_brin').using('brin', table.createdAt),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
