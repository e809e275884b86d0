import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import { conversations, profiles, reports, sites, staff, users, type ReportRow } from '../schema/index';
import { siteCondition, type SiteIdFilter } from './site-scope-filter';

export type ReportStatusFilter = ReportRow['status'] | 'open' | 'all';
export type NewReport = Pick<ReportRow, 'siteId' | 'reporterId' | 'kind' | 'profileId' | 'conversationId' | 'reason' | 'text' | 'createdAt' | 'updatedAt'>;

const reporterProfile = alias(profiles, 'reporter_profile');
const reportedProfile = alias(profiles, 'reported_profile');

function statusCondition(status: ReportStatusFilter): SQL | undefined {
  if (status === 'all') return undefined;
  if (status === 'open') return inArray(reports.status, ['new', 'in_progress']);
  return eq(reports.status, status);
}

/**
 * Reports that cannot wait (issue 32) come before all others, whatever the chosen order: a
 * member who may be under 18, and threats.
 */
const urgentFirst = sql`case when ${reports.reason} in ('underage', 'threats') then 0 else 1 end`;

/** Members' reports and complaints, and the staff's work on them. */
export function createReportsRepository(db: Executor) {
  const summaryColumns = {
    report: reports,
    siteName: sites.name,
    reporterName: reporterProfile.name,
    profileName: reportedProfile.name,
    assigneeEmail: staff.email,
  };
  const withNames = () =>
    db
      .select(summaryColumns)
      .from(reports)
      .innerJoin(sites, eq(sites.id, reports.siteId))
      .leftJoin(reporterProfile, eq(reporterProfile.id, reports.reporterId))
      .leftJoin(reportedProfile, eq(reportedProfile.id, reports.profileId))
      .leftJoin(staff, eq(staff.id, reports.assigneeId));

  return {
    async insert(values: NewReport): Promise<ReportRow> {
      const [row] = await db.insert(reports).values(values).returning();
      return row;
    },

    /** The reporter's report on the same target that nobody has closed yet, if any. */
    async findOpenDuplicate(reporterId: number, target: { profileId: number | null; conversationId: number | null }): Promise<ReportRow | null> {
      const [row] = await db
        .select()
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, reporterId),
            inArray(reports.status, ['new', 'in_progress']),
            target.conversationId ? eq(reports.conversationId, target.conversationId) : sql`${reports.conversationId} is null`,
            target.profileId ? eq(reports.profileId, target.profileId) : sql`${reports.profileId} is null`,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async countSince(reporterId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), gte(reports.createdAt, since)));
      return row.n;
    },

    /** The other member of a conversation the reporter takes part in, or null when it is not theirs. */
    async conversationPartner(conversationId: number, memberId: number): Promise<number | null> {
      const [row] = await db
        .select({ a: conversations.memberA, b: conversations.memberB })
        .from(conversations)
        .where(eq(conversations.id, conversationId))
        .limit(1);
      if (!row || (row.a !== memberId && row.b !== memberId)) return null;
      return row.a === memberId ? row.b : row.a;
    },

    async page(
      status: ReportStatusFilter,
      order: { sort: 'created_at' | 'updated_at'; dir: 'asc' | 'desc' },
      window: { offset: number; limit: number },
      allowedSites: SiteIdFilter = null,
    ) {
      const column = order.sort === 'updated_at' ? reports.updatedAt : reports.createdAt;
      const by = order.dir === 'asc' ? [asc(column), asc(reports.id)] : [desc(column), desc(reports.id)];
      return withNames()
        .where(and(statusCondition(status), siteCondition(reports.siteId, allowedSites)))
        .orderBy(urgentFirst, ...by)
        .offset(window.offset)
        .limit(window.limit);
    },

    async detail(id: number) {
      const [row] = await withNames().where(eq(reports.id, id)).limit(1);
      return row ?? null;
    },

    async lock(id: number): Promise<ReportRow | null> {
      const [row] = await db.select().from(reports).where(eq(reports.id, id)).for('update').limit(1);
      return row ?? null;
    },

    async update(
      id: number,
      values: Partial<Pick<ReportRow, 'status' | 'assigneeId' | 'notes' | 'replyText' | 'repliedAt' | 'updatedAt'>>,
    ): Promise<ReportRow> {
      const [row] = await db
        .update(reports)
        .set({ ...values, version: sql`${reports.version} + 1` })
        .where(eq(reports.id, id))
        .returning();
      return row;
    },

    /** Who to write to: a member's address, name, language and site. */
    async memberContact(memberId: number) {
      const [row] = await db
        .select({ email: users.email, language: users.language, status: users.status, name: profiles.name, siteId: users.siteId })
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .where(eq(users.id, memberId))
        .limit(1);
      return row ?? null;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
