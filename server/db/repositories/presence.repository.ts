import { eq, sql } from 'drizzle-orm';
import { intArray } from '../array-params';
import type { Executor } from '../client';
import { memberPresence } from '../schema/index';

/** Members' open sockets as every instance and worker sees them (`member_presence`). */
export function createPresenceRepository(db: Executor) {
  return {
    /** These members count as online until `until`: one statement for the whole list (a member deleted meanwhile is skipped). */
    async markOnline(userIds: number[], until: Date): Promise<void> {
      if (!userIds.length) return;
      await db.execute(sql`
        insert into ${memberPresence} (user_id, online_until)
        select u.id, ${until.toISOString()}::timestamptz from unnest(${intArray(userIds)}) as m(member_id)
          join users u on u.id = m.member_id
        on conflict (user_id) do update set online_until = excluded.online_until`);
    },

    /** Their last socket closed at `at`: that is now their "last seen". */
    async markOffline(userIds: number[], at: Date): Promise<void> {
      if (!userIds.length) return;
      await db.execute(sql`
        update ${memberPresence} set online_until = ${at.toISOString()}::timestamptz
        where user_id = any(${intArray(userIds)}) and online_until > ${at.toISOString()}::timestamptz`);
    },

    /** Until when the member counts as online (in the past: when they were last seen); null when never. */
    async findOnlineUntil(userId: number): Promise<Date | null> {
      const [row] = await db.select({ until: memberPresence.onlineUntil }).from(memberPresence).where(eq(memberPresence.userId, userId));
      return row?.until ?? null;
    },
  };
}

export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
