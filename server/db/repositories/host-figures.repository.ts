import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';

/** One host's work in a period, as the database counts it. */
export interface HostFiguresRow {
  staffId: number;
  name: string;
  email: string;
  messagesSent: number;
  conversationsAnswered: number;
  /** Seconds, over the answers that followed a member's message; null when there were none. */
  medianReplySeconds: number | null;
  averageReplySeconds: number | null;
  creditsSpent: number;
}

/**
 * Per-host figures (issue 32). A host's answer is a message sent as a fictional profile whose
 * `fictional.reply` audit row names the host. Reply time: from the member's latest message to the
 * answer, for answers that directly follow a member's message. Credits: every member message in
 * the period counts for the host whose answer came next in that conversation. Only answers as
 * fictional profiles of the allowed sites count (null: every site).
 */
export function createHostFiguresRepository(db: Executor) {
  return {
    async forPeriod(from: Date, to: Date, staffId: number | null, sites: SiteIdFilter): Promise<HostFiguresRow[]> {
      const ofSites = siteCondition(sql`f.site_id`, sites);
      const result = await db.execute(sql`
        with answers as (
          select a.staff_id, m.id, m.conversation_id, m.sender_id, m.created_at
          from audit_log a
          join messages m on m.id = (a.diff -> 'after' ->> 'message_id')::bigint
          join users f on f.id = m.sender_id
          where a.action = 'fictional.reply' and a.staff_id is not null
            and m.created_at >= ${from} and m.created_at < ${to}
            and (${staffId}::int is null or a.staff_id = ${staffId}::int)
            ${ofSites ? sql`and ${ofSites}` : sql``}
        ),
        timed as (
          select ans.staff_id, extract(epoch from ans.created_at - prev.created_at) as seconds
          from answers ans
          cross join lateral (
            select p.sender_id, p.created_at from messages p
            where p.conversation_id = ans.conversation_id and p.id < ans.id
            order by p.id desc limit 1
          ) prev
          where prev.sender_id <> ans.sender_id
        ),
        spent as (
          select nxt.staff_id, sum(mm.credits_spent)::int as credits
          from messages mm
          join users u on u.id = mm.sender_id and not u.is_fictional
          cross join lateral (
            select ans.staff_id from answers ans
            where ans.conversation_id = mm.conversation_id and ans.id > mm.id
            order by ans.id limit 1
          ) nxt
          where mm.created_at >= ${from} and mm.created_at < ${to} and mm.credits_spent > 0
          group by nxt.staff_id
        ),
        counted as (
          select staff_id, count(*)::int as messages, count(distinct conversation_id)::int as conversations
          from answers group by staff_id
        ),
        times as (
          select staff_id, percentile_cont(0.5) within group (order by seconds) as median, avg(seconds) as average
          from timed group by staff_id
        )
        select s.id as "staffId", s.name, s.email, c.messages as "messagesSent", c.conversations as "conversationsAnswered",
          t.median as "medianReplySeconds", t.average as "averageReplySeconds", coalesce(sp.credits, 0) as "creditsSpent"
        from counted c
        join staff s on s.id = c.staff_id
        left join times t on t.staff_id = c.staff_id
        left join spent sp on sp.staff_id = c.staff_id
        order by c.messages desc, s.id`);
      const rows = (result as unknown as { rows: HostFiguresRow[] }).rows;
      return rows.map((row) => ({
        ...row,
        medianReplySeconds: row.medianReplySeconds === null ? null : Math.round(Number(row.medianReplySeconds)),
        averageReplySeconds: row.averageReplySeconds === null ? null : Math.round(Number(row.averageReplySeconds)),
        creditsSpent: Number(row.creditsSpent),
      }));
    },
  };
}
