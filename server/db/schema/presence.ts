import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './members';

/**
 * Whether a member has an open socket, readable by every instance and by a separate worker
 * (the notification rules: no `new_messages` mail while the member is here, no unread reminder
 * when they came back since). The gateway pushes `online_until` a little ahead while a socket
 * is open and sets it to the closing time when the member's last socket closes, so it is also
 * "last seen"; a crashed instance's members simply run out.
 */
export const memberPresence = pgTable('member_presence', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Not indexed: it is read by member id only, and an unindexed column keeps each refresh a cheap in-place (HOT) update. */
  onlineUntil: timestamp('online_until', { withTimezone: true, mode: 'date' }).notNull(),
});
