import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { auditLog, photos, profiles, reports, type SiteRow } from '../../db/schema/index';
import { SYSTEM_ACTOR, type StaffActor } from '../audit/audit.service';
import { makeJpeg } from '../photos/image-fixtures';

let ctx: TestContext;
let site: SiteRow;
let moderator: StaffActor;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, photoAutoApprove: false });
  const mod = await createStaffMember(ctx, 'moderator');
  moderator = { id: mod.member.id, email: mod.member.email, role: 'moderator', ip: null };
});
afterAll(() => ctx.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A conversation between two members with a message from each side, one minute apart. */
async function conversationWith(reporterId: number, otherId: number, texts: { from: number; body: string }[]) {
  const [conversation] = rowsOf<{ id: number }>(
    await ctx.db.execute(
      sql`insert into conversations (member_a, member_b, started_by, created_at, last_message_at) values (${Math.min(reporterId, otherId)}, ${Math.max(reporterId, otherId)}, ${otherId}, now(), now()) returning id`,
    ),
  );
  for (const [index, text] of texts.entries()) {
    const at = new Date(ctx.clock.now().getTime() - (texts.length - index) * 60_000);
    await ctx.db.execute(
      sql`insert into messages (conversation_id, sender_id, body, client_id, created_at) values (${conversation.id}, ${text.from}, ${text.body}, ${`c${conversation.id}-${index}`}, ${at.toISOString()})`,
    );
  }
  return conversation.id;
}

describe('the reports list', () => {
  it('puts under-18 and threat reports first, whatever the order asked for', async () => {
    const reporter = await createVisibleMember(ctx, site);
    const made: Record<string, number> = {};
    for (const reason of ['fake_profile', 'underage', 'spam_or_scam', 'threats'] as const) {
      const target = await createVisibleMember(ctx, site);
      made[reason] = (await ctx.services.reports.create(site, reporter.id, { profile_id: target.id, reason })).id;
      ctx.clock.advance(1000);
    }
    for (const dir of ['asc', 'desc'] as const) {
      const page = await ctx.services.reports.page('open', { sort: 'created_at', dir }, { offset: 0, limit: 500 }, null);
      const ids = page.map((row) => row.report.id);
      const position = (reason: string) => ids.indexOf(made[reason]);
      expect(Math.max(position('underage'), position('threats'))).toBeLessThan(Math.min(position('fake_profile'), position('spam_or_scam')));
      const urgent = page.filter((row) => row.report.reason === 'underage' || row.report.reason === 'threats');
      expect(ids.slice(0, urgent.length).sort()).toEqual(urgent.map((row) => row.report.id).sort());
    }
  });
});

describe('reportTriage.closeMany', () => {
  it('resolves several open reports in one go, one audit row each, and skips those already closed', async () => {
    const reporter = await createVisibleMember(ctx, site);
    const ids: number[] = [];
    for (let index = 0; index < 3; index++) {
      const target = await createVisibleMember(ctx, site);
      ids.push((await ctx.services.reports.create(site, reporter.id, { profile_id: target.id, reason: 'spam_or_scam' })).id);
    }
    await ctx.db.update(reports).set({ status: 'rejected' }).where(eq(reports.id, ids[2]));

    const result = await ctx.services.reportTriage.closeMany(moderator, ids, 'resolved');
    expect(result).toEqual({ updated: [ids[0], ids[1]], skipped: 1 });
    const statuses = await ctx.db
      .select({ id: reports.id, status: reports.status })
      .from(reports)
      .where(sql`${reports.id} in (${sql.join(ids, sql`, `)})`);
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [ids[0]]: 'resolved', [ids[1]]: 'resolved', [ids[2]]: 'rejected' });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'report.update'));
    expect(audit.filter((row) => ids.includes(Number(row.targetId))).map((row) => row.diff)).toEqual([
      { before: { status: 'new' }, after: { status: 'resolved', bulk: true } },
      { before: { status: 'new' }, after: { status: 'resolved', bulk: true } },
    ]);
  });

  it('offers every active staff member who handles reports as an assignee, not hosts', async () => {
    const support = await createStaffMember(ctx, 'support');
    const host = await createStaffMember(ctx, 'host');
    const ids = (await ctx.services.reportTriage.assignees(null, null)).map((item) => item.id);
    expect(ids).toContain(support.member.id);
    expect(ids).toContain(moderator.id);
    expect(ids).not.toContain(host.member.id);
  });

  it('for a report, offers only staff who may see its site, and refuses giving it to someone who may not (ADR 0060)', async () => {
    const elsewhere = await createSite(ctx.db);
    const limited = await createStaffMember(ctx, 'support');
    await ctx.services.staffAdmin.update(SYSTEM_ACTOR, limited.member.id, { version: limited.member.version, siteIds: [site.id] });
    const reporter = await createVisibleMember(ctx, elsewhere);
    const reported = await createVisibleMember(ctx, elsewhere);
    const { id } = await ctx.services.reports.create(elsewhere, reporter.id, { profile_id: reported.id, reason: 'spam_or_scam' });
    const offered = (await ctx.services.reportTriage.assignees(id, null)).map((item) => item.id);
    expect(offered).toContain(moderator.id);
    expect(offered).not.toContain(limited.member.id);
    expect((await ctx.services.reportTriage.assignees(null, null)).map((item) => item.id)).toContain(limited.member.id);
    await expect(ctx.services.reportTriage.assignees(id, [site.id])).rejects.toMatchObject({ code: 'not_found' });

    await expect(ctx.services.reports.update(moderator, id, { version: 1, assigneeId: limited.member.id })).rejects.toMatchObject({
      code: 'report_assignee_site_not_allowed',
    });
    expect((await ctx.services.reports.detail(id, null)).report.assigneeId).toBeNull();
    const mayNow = await ctx.services.reports.update(moderator, id, { version: 1, assigneeId: moderator.id });
    expect(mayNow.report.assigneeId).toBe(moderator.id);
  });
});

describe('reportEvidence.evidence', () => {
  it('shows the reported member’s photos, text and the messages around the report, and audits the reading', async () => {
    const reporter = await createVisibleMember(ctx, site);
    const other = await createVisibleMember(ctx, site);
    await ctx.db.update(profiles).set({ about: 'Hello there' }).where(eq(profiles.id, other.id));
    const conversationId = await conversationWith(reporter.id, other.id, [
      { from: reporter.id, body: 'Hi!' },
      { from: other.id, body: 'I know where you live.' },
    ]);
    const { id } = await ctx.services.reports.create(site, reporter.id, { conversation_id: conversationId, reason: 'threats' });
    const evidence = await ctx.services.reportEvidence.evidence(moderator, id);
    expect(evidence.photos).toHaveLength(1);
    expect(evidence.about).toBe('Hello there');
    expect(evidence.messages.map((message) => [message.from_reporter, message.text])).toEqual([
      [true, 'Hi!'],
      [false, 'I know where you live.'],
    ]);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'report.messages_read'));
    expect(audit).toMatchObject({ targetType: 'conversation', targetId: String(conversationId), staffId: moderator.id });
  });
});

describe('queueBulk', () => {
  it('approves several pending photos at once and skips one already decided', async () => {
    const member = await createVisibleMember(ctx, site, { withPhotos: 0 });
    const first = await ctx.services.photos.upload(site, member.id, await makeJpeg(300, 300), 'image/jpeg');
    const second = await ctx.services.photos.upload(site, member.id, await makeJpeg(300, 300), 'image/jpeg');
    await ctx.services.moderation.approvePhoto(moderator, second.id);
    const result = await ctx.services.queueBulk.decidePhotos(moderator, [first.id, second.id], { decision: 'approve' });
    expect(result).toEqual({ decided: [first.id], skipped: [second.id] });
    const rows = await ctx.db.select({ status: photos.status }).from(photos).where(eq(photos.userId, member.id));
    expect(rows.map((row) => row.status)).toEqual(['active', 'active']);
  });

  it('removes several flagged texts with one reason', async () => {
    const flagged: number[] = [];
    for (let index = 0; index < 2; index++) {
      const member = await createVisibleMember(ctx, site);
      await ctx.db
        .update(profiles)
        .set({ about: `Call me on 0170 12345${index}` })
        .where(eq(profiles.id, member.id));
      await ctx.services.moderation.flagText(member.id, null);
      flagged.push(member.id);
    }
    const queue = await ctx.services.moderation.flaggedTexts({ offset: 0, limit: 500 }, null);
    const flagIds = queue.filter((row) => flagged.includes(row.memberId)).map((row) => row.id);
    const result = await ctx.services.queueBulk.decideTexts(moderator, flagIds, { decision: 'remove', reason: 'contact_details' });
    expect(result.decided).toEqual(flagIds);
  });
});
