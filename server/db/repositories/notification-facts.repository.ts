import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';

/** What a member switched off and whether mail is stopped for them: rules skip early when nothing could go out. */
export interface ReachFacts {
  fictional: boolean;
  emailOff: string[];
  pushOff: string[];
  /** Spec §4 reasons mail is stopped (bounce, fbl, listunsubscribe). */
  mailDisabled: string[];
}

export interface ConversationFacts extends ReachFacts {
  /** The recipient's unread messages in the conversation (0 when hidden by them). */
  unread: number;
  otherId: number;
  otherName: string;
  /** Until when the recipient counts as online (in the past: last seen); null when never. */
  onlineUntil: Date | null;
}

export interface NewLikes extends ReachFacts {
  count: number;
  newestName: string | null;
}

export interface ReminderCandidate {
  recipientId: number;
  /** Unread messages of the window, and in how many conversations. */
  count: number;
  conversations: number;
  latestMessageId: number;
  /** The newest unread message's conversation and sender. */
  conversationId: number;
  senderName: string;
}

const reachColumns = sql`u.is_fictional as fictional, u.email_notifications_off as "emailOff", u.push_notifications_off as "pushOff", u.notifications_disabled as "mailDisabled"`;

/** The reads the event notification rules make when their jobs run; every one scoped to the member notified. */
export function createNotificationFactsRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /** The recipient's side of a conversation; null when the conversation is not theirs or is gone. */
    async conversationFacts(conversationId: number, recipientId: number): Promise<ConversationFacts | null> {
      const [row] = await rowsOf<ConversationFacts>(sql`
        select coalesce(case when s.hidden then 0 else s.unread_count end, 0)::int as unread,
               o.id as "otherId", coalesce(p.name, '') as "otherName", pr.online_until as "onlineUntil", ${reachColumns}
        from conversations c
        join users u on u.id = ${recipientId}
        join users o on o.id = case when c.member_a = ${recipientId} then c.member_b else c.member_a end
        left join profiles p on p.id = o.id
        left join conversation_states s on s.conversation_id = c.id and s.user_id = ${recipientId}
        left join member_presence pr on pr.user_id = ${recipientId}
        where c.id = ${conversationId} and ${recipientId} in (c.member_a, c.member_b)`);
      return row ? { ...row, onlineUntil: row.onlineUntil ? new Date(row.onlineUntil) : null } : null;
    },

    /**
     * Likes the member received after `since` and has not looked at yet, without those they
     * returned (a match is notified on its own), with the newest liker's name.
     */
    async newLikes(memberId: number, since: Date | null): Promise<NewLikes | null> {
      const [row] = await rowsOf<NewLikes>(sql`
        select ${reachColumns},
               (select count(*)::int from likes l
                  where l.liked_id = u.id and l.is_new and l.created_at > ${(since ?? new Date(0)).toISOString()}::timestamptz
                    and not exists (select 1 from likes back where back.liker_id = u.id and back.liked_id = l.liker_id)) as count,
               (select p.name from likes l join profiles p on p.id = l.liker_id
                  where l.liked_id = u.id and l.is_new and not exists (select 1 from likes back where back.liker_id = u.id and back.liked_id = l.liker_id)
                  order by l.created_at desc limit 1) as "newestName"
        from users u where u.id = ${memberId}`);
      return row ?? null;
    },

    /** A member's reach facts and the profile name of another member (the match). */
    async reachAndName(memberId: number, otherId: number): Promise<(ReachFacts & { otherName: string | null }) | null> {
      const [row] = await rowsOf<ReachFacts & { otherName: string | null }>(sql`
        select ${reachColumns}, (select name from profiles where id = ${otherId}) as "otherName"
        from users u where u.id = ${memberId}`);
      return row ?? null;
    },

    /**
     * Members with messages unread since between `from` and `to` (24–48 h ago), who have not
     * been online since those messages arrived and got no reminder in the last day: one row per
     * member, in member order from `afterRecipientId` on (paging). Real, active members who keep
     * the reminders' mail switched on only.
     */
    async reminderCandidates(from: Date, to: Date, remindedSince: Date, afterRecipientId: number, limit: number): Promise<ReminderCandidate[]> {
      const rows = await rowsOf<ReminderCandidate>(sql`
        with unread as (
          select m.id, m.conversation_id, m.sender_id, m.created_at,
                 case when c.member_a = m.sender_id then c.member_b else c.member_a end as recipient_id
          from messages m join conversations c on c.id = m.conversation_id
          where m.created_at > ${from.toISOString()}::timestamptz and m.created_at <= ${to.toISOString()}::timestamptz
            and m.read_at is null and not m.held)
        select un.recipient_id as "recipientId", count(*)::int as count, count(distinct un.conversation_id)::int as conversations,
               max(un.id) as "latestMessageId",
               (array_agg(un.conversation_id order by un.id desc))[1] as "conversationId",
               (array_agg(coalesce(p.name, '') order by un.id desc))[1] as "senderName"
        from unread un
        join users r on r.id = un.recipient_id
        join conversation_states s on s.conversation_id = un.conversation_id and s.user_id = un.recipient_id
        left join profiles p on p.id = un.sender_id
        left join member_presence pr on pr.user_id = un.recipient_id
        where un.recipient_id > ${afterRecipientId} and not r.is_fictional and r.status = 'active' and r.banned_at is null
          and jsonb_array_length(r.notifications_disabled) = 0
          and not (r.email_notifications_off @> '["unread_message_reminders"]'::jsonb)
          and not s.hidden and un.id > s.cleared_through_id
          and (pr.online_until is null or pr.online_until < un.created_at)
          and not exists (select 1 from notification_sends ns
                          where ns.user_id = un.recipient_id and ns.kind = 'unread_message_reminders' and ns.sent_at > ${remindedSince.toISOString()}::timestamptz)
        group by un.recipient_id
        order by un.recipient_id
        limit ${limit}`);
      return rows.map((row) => ({ ...row, latestMessageId: Number(row.latestMessageId) }));
    },
  };
}

export type NotificationFactsRepository = ReturnType<typeof createNotificationFactsRepository>;
