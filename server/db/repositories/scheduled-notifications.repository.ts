import { sql, type SQL } from 'drizzle-orm';
import type { NotificationType } from '../../../contract/notifications';
import type { Executor } from '../client';

/** A member a scheduled notification may go to, with what the rule needs to word it. */
export interface MemberToNotify {
  id: number;
  siteId: number;
  language: string;
  createdAt: Date;
}

/** What the scheduled rules read of a site. */
export interface SiteTerms {
  id: number;
  niche: number;
  domainLanguage: string;
  welcomeDiscountHours: number;
  welcomeDiscountPercentage: number;
}

/** Who a sweep looks for; every condition left out is not checked. */
export interface SweepFilter {
  kind: NotificationType;
  /** Members who already got this topic of the kind are left out: each is told once. */
  topic: string;
  signedUpAfter: Date;
  signedUpUpTo: Date;
  siteId?: number;
  /** Only members who never paid (the time bonus and the welcome discount are for them). */
  unpaid?: boolean;
  /** Only `not_confirmed` members whose profile is still disabled (spec §4 activation reminder); else only confirmed ones. */
  unconfirmed?: boolean;
  /** Only members with no photo that is shown or awaiting moderation. */
  withoutPhoto?: boolean;
}

/**
 * Who may get a notification mail of a kind at all: a real, reachable member who did not
 * switch the kind off. The notifier checks this again; here it keeps the sweeps and batches
 * from even loading members it would refuse. `u` is the users alias.
 */
export function mayBeMailed(kind: NotificationType): SQL {
  return sql`u.status <> 'deleted' and u.banned_at is null and not u.is_fictional
    and u.notifications_disabled = '[]'::jsonb
    and not (u.email_notifications_off @> ${JSON.stringify([kind])}::jsonb)`;
}

/** Members who were already sent this topic of the kind (by any channel). */
export function alreadySent(kind: NotificationType, topic: string): SQL {
  return sql`exists (select 1 from notification_sends ns where ns.user_id = u.id and ns.kind = ${kind} and ns.topic = ${topic})`;
}

const toMember = (row: { id: number; siteId: number; language: string; createdAt: Date | string }): MemberToNotify => ({
  ...row,
  createdAt: new Date(row.createdAt),
});

/** The queries behind the scheduled notifications' sweeps and their batches. */
export function createScheduledNotificationsRepository(db: Executor) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /** Every site's welcome discount terms and what its digest shows (a handful of rows). */
    async listSites(): Promise<SiteTerms[]> {
      const rows = await rowsOf<SiteTerms>(sql`
        select id, niche, domain_language as "domainLanguage", welcome_discount_hours as "welcomeDiscountHours",
          welcome_discount_percentage as "welcomeDiscountPercentage" from sites order by id`);
      return rows;
    },

    /**
     * One page (by id) of the members a sweep looks for: signed up in a window (users_created_idx),
     * not told yet. Pages by id so that a member the notifier refuses never stalls the sweep.
     */
    async sweepPage(filter: SweepFilter, afterId: number, limit: number): Promise<MemberToNotify[]> {
      const conditions: SQL[] = [
        sql`u.created_at > ${filter.signedUpAfter.toISOString()}::timestamptz`,
        sql`u.created_at <= ${filter.signedUpUpTo.toISOString()}::timestamptz`,
        sql`u.id > ${afterId}`,
        mayBeMailed(filter.kind),
        sql`not ${alreadySent(filter.kind, filter.topic)}`,
      ];
      if (filter.siteId !== undefined) conditions.push(sql`u.site_id = ${filter.siteId}`);
      if (filter.unpaid) conditions.push(sql`not u.paid_user`);
      if (filter.unconfirmed === true)
        conditions.push(sql`u.status = 'not_confirmed' and exists (select 1 from profiles p where p.id = u.id and p.status = 'disabled')`);
      if (filter.unconfirmed === false) conditions.push(sql`u.status = 'active'`);
      if (filter.withoutPhoto) conditions.push(sql`not exists (select 1 from photos ph where ph.user_id = u.id and ph.status in ('active', 'pending'))`);
      const rows = await rowsOf<{ id: number; siteId: number; language: string; createdAt: Date | string }>(sql`
        select u.id, u.site_id as "siteId", u.language, u.created_at as "createdAt" from users u
        where ${sql.join(conditions, sql` and `)}
        order by u.id limit ${limit}`);
      return rows.map(toMember);
    },

    /**
     * Where the next batch of a broadcast or digest ends: the id of the `size`-th member after
     * `afterId` who may get the kind (on one site, or every site when null), or null when none is left.
     */
    async nextBatchEnd(kind: NotificationType, siteId: number | null, afterId: number, size: number): Promise<{ throughId: number; count: number } | null> {
      const site = siteId === null ? sql`true` : sql`u.site_id = ${siteId}`;
      const [row] = await rowsOf<{ throughId: number | null; count: number }>(sql`
        select max(id) as "throughId", count(*)::int as count from (
          select u.id from users u where u.id > ${afterId} and u.status = 'active' and ${site} and ${mayBeMailed(kind)}
          order by u.id limit ${size}) page`);
      return row && row.throughId !== null ? { throughId: Number(row.throughId), count: row.count } : null;
    },

    /** The members of one batch (ids in (afterId, throughId]) who may get the kind and did not get this topic yet. */
    async batchMembers(kind: NotificationType, topic: string, siteId: number | null, afterId: number, throughId: number): Promise<MemberToNotify[]> {
      const site = siteId === null ? sql`true` : sql`u.site_id = ${siteId}`;
      const rows = await rowsOf<{ id: number; siteId: number; language: string; createdAt: Date | string }>(sql`
        select u.id, u.site_id as "siteId", u.language, u.created_at as "createdAt" from users u
        where u.id > ${afterId} and u.id <= ${throughId} and u.status = 'active' and ${site}
          and ${mayBeMailed(kind)} and not ${alreadySent(kind, topic)}
        order by u.id`);
      return rows.map(toMember);
    },
  };
}

export type ScheduledNotificationsRepository = ReturnType<typeof createScheduledNotificationsRepository>;
