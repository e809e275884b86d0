import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../contract/ws-events';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { photos, profiles, users, type SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';
import { makeJpeg } from '../photos/image-fixtures';
import { REPORTS_PER_DAY } from './reports.service';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let site: SiteRow;
let moderator: StaffActor;
let support: StaffActor;
beforeAll(async () => {
  ctx = await createTestContext();
  // Photos wait for a moderator on this site.
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, photoAutoApprove: false });
  const mod = await createStaffMember(ctx, 'moderator');
  moderator = { id: mod.member.id, email: mod.member.email, role: 'moderator', ip: '203.0.113.9' };
  const sup = await createStaffMember(ctx, 'support');
  support = { id: sup.member.id, email: sup.member.email, role: 'support', ip: null };
});
afterAll(() => ctx.close());

async function auditRows(action: string, targetId: number) {
  const result = await ctx.db.execute(sql`select * from audit_log where action = ${action} and target_id = ${String(targetId)}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** A member with a German account and one uploaded photo waiting for review. */
async function memberWithPendingPhoto(language = 'de') {
  const member = await createVisibleMember(ctx, site, { withPhotos: 0 });
  await ctx.db.update(users).set({ language }).where(eq(users.id, member.id));
  const photo = await ctx.services.photos.upload(site, member.id, await makeJpeg(400, 400), 'image/jpeg');
  return { member, photo };
}

function listen(memberId: number) {
  const events: ServerEvent[] = [];
  const stop = ctx.services.bus.subscribe(memberId, (event) => events.push(event));
  return { events, stop };
}

describe('the photo queue', () => {
  it('lists pending photos of every site oldest first, a page at a time, and counts them for the dashboard', async () => {
    const other = await createSite(ctx.db, { domain: 'other.example', photoAutoApprove: false });
    const before = await ctx.services.moderation.moderationQueueSizes();
    const first = await memberWithPendingPhoto();
    ctx.clock.advance(1000);
    const elsewhere = await createVisibleMember(ctx, other, { withPhotos: 0 });
    const second = await ctx.services.photos.upload(other, elsewhere.id, await makeJpeg(300, 300), 'image/jpeg');
    const queue = await ctx.services.moderation.pendingPhotos({ offset: 0, limit: 100 }, null);
    const ids = queue.map((row) => row.id);
    expect(ids.indexOf(first.photo.id)).toBeLessThan(ids.indexOf(second.id));
    expect(queue.find((row) => row.id === second.id)).toMatchObject({ siteName: other.name, memberId: elsewhere.id });
    expect(await ctx.services.moderation.pendingPhotos({ offset: 0, limit: 1 }, null)).toHaveLength(1);
    expect((await ctx.services.moderation.moderationQueueSizes()).pendingPhotos).toBe(before.pendingPhotos + 2);
    expect(await ctx.services.moderation.moderationQueueSizes([other.id])).toEqual({ pendingPhotos: 1, flaggedTexts: 0, openReports: 0 });
    // A deleted account's photos wait for nobody.
    await ctx.db.update(users).set({ status: 'deleted' }).where(eq(users.id, elsewhere.id));
    expect((await ctx.services.moderation.moderationQueueSizes([other.id])).pendingPhotos).toBe(0);
    expect((await ctx.services.moderation.pendingPhotos({ offset: 0, limit: 100 }, null)).map((row) => row.id)).not.toContain(second.id);
  });

  it('approves a photo with its audit row, tells the member’s tabs, and refuses a second decision', async () => {
    const { member, photo } = await memberWithPendingPhoto();
    const { events, stop } = listen(member.id);
    await ctx.services.moderation.approvePhoto(moderator, photo.id);
    const [row] = await ctx.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row.status).toBe('active');
    const [audit] = await auditRows('photo.approve', photo.id);
    expect(audit).toMatchObject({ staff_id: moderator.id, role: 'moderator', target_type: 'photo', ip: '203.0.113.9' });
    expect(audit.diff).toEqual({ before: { status: 'pending' }, after: { status: 'active' } });
    await expect.poll(() => events).toContainEqual({ type: 'photo_reviewed', photo_id: photo.id, status: 'active' });
    stop();

    expect((await failure(ctx.services.moderation.approvePhoto(moderator, photo.id))).code).toBe('already_reviewed');
    expect((await failure(ctx.services.moderation.rejectPhoto(moderator, photo.id, 'nudity'))).code).toBe('already_reviewed');
    expect((await failure(ctx.services.moderation.approvePhoto(moderator, 2_000_000))).code).toBe('not_found');
    expect(await auditRows('photo.approve', photo.id)).toHaveLength(1);
  });

  it('rejects a photo: row and files gone, the next photo is the main one, the member is told in their language', async () => {
    const { member, photo } = await memberWithPendingPhoto('de');
    const next = await ctx.services.photos.upload(site, member.id, await makeJpeg(300, 300), 'image/jpeg');
    expect(await ctx.services.storage.read(`photos/${photo.filename}`)).not.toBeNull();
    const { events, stop } = listen(member.id);

    await ctx.services.moderation.rejectPhoto(moderator, photo.id, 'contact_details');
    expect(await ctx.db.select().from(photos).where(eq(photos.id, photo.id))).toEqual([]);
    expect(await ctx.services.storage.read(`photos/${photo.filename}`)).toBeNull();
    expect(await ctx.services.storage.read(`photos/${photo.thumbFilename}`)).toBeNull();
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile.mainPhotoId).toBe(next.id);
    const [audit] = await auditRows('photo.reject', photo.id);
    expect(audit.diff).toMatchObject({ after: { status: 'rejected', reason: 'contact_details' } });
    await expect.poll(() => events).toContainEqual({ type: 'photo_reviewed', photo_id: photo.id, status: 'rejected', reason: 'contact_details' });
    stop();
    const mail = ctx.mailer.last(member.email);
    expect(mail.kind).toBe('photo_rejected');
    expect(mail.subject).toContain('nicht freigegeben');
    expect(mail.text).toContain('das Foto enthält Kontaktdaten');
  });

  it('leaves no decision behind when its audit row cannot be written', async () => {
    const { photo } = await memberWithPendingPhoto();
    // An audit row needs the actor's e-mail (NOT NULL): the whole decision rolls back.
    const broken = { ...moderator, email: null as unknown as string };
    await expect(ctx.services.moderation.approvePhoto(broken, photo.id)).rejects.toThrow();
    const [row] = await ctx.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row.status).toBe('pending');
  });
});

describe('member reports and the text queue', () => {
  it('files a profile report once per open target, flags the reported text, and refuses bad targets', async () => {
    const reporter = await createVisibleMember(ctx, site);
    const reported = await createVisibleMember(ctx, site);
    await ctx.db.update(profiles).set({ about: 'Write me at someone@example.com' }).where(eq(profiles.id, reported.id));
    const sizes = await ctx.services.moderation.moderationQueueSizes();

    const { id } = await ctx.services.reports.create(site, reporter.id, {
      profile_id: reported.id,
      reason: 'spam_or_scam',
      text: 'Sends everyone the same link',
    });
    expect((await ctx.services.reports.create(site, reporter.id, { profile_id: reported.id, reason: 'spam_or_scam' })).id).toBe(id);
    const after = await ctx.services.moderation.moderationQueueSizes();
    expect(after.openReports).toBe(sizes.openReports + 1);
    expect(after.flaggedTexts).toBe(sizes.flaggedTexts + 1);
    const flagged = (await ctx.services.moderation.flaggedTexts({ offset: 0, limit: 100 }, null)).find((row) => row.memberId === reported.id)!;
    expect(flagged).toMatchObject({ about: 'Write me at someone@example.com', reportId: id, reportReason: 'spam_or_scam' });

    expect((await failure(ctx.services.reports.create(site, reporter.id, { profile_id: reporter.id, reason: 'other' }))).code).toBe('not_yourself');
    expect((await failure(ctx.services.reports.create(site, reporter.id, { profile_id: 2_000_000, reason: 'other' }))).code).toBe('not_found');
    expect((await failure(ctx.services.reports.create(site, reporter.id, { conversation_id: 2_000_000, reason: 'harassment' }))).code).toBe('not_found');

    // Removing the text empties it, keeps the old one in the audit row and mails the member.
    await ctx.services.moderation.removeText(moderator, flagged.id, 'contact_details');
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, reported.id));
    expect(profile.about).toBe('');
    const [audit] = await auditRows('profile_text.remove', reported.id);
    expect(audit.diff).toMatchObject({ before: { about: 'Write me at someone@example.com' }, after: { about: '', reason: 'contact_details' } });
    expect(ctx.mailer.last(reported.email).kind).toBe('profile_text_removed');
    expect((await failure(ctx.services.moderation.keepText(moderator, flagged.id))).code).toBe('already_reviewed');
  });

  it('reports a conversation as its other member, and limits how many reports a member sends a day', async () => {
    const reporter = await createVisibleMember(ctx, site);
    const other = await createVisibleMember(ctx, site);
    const [conversation] = (
      (await ctx.db.execute(
        sql`insert into conversations (member_a, member_b, started_by, created_at, last_message_at) values (${Math.min(reporter.id, other.id)}, ${Math.max(reporter.id, other.id)}, ${other.id}, now(), now()) returning id`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const { id } = await ctx.services.reports.create(site, reporter.id, { conversation_id: conversation.id, reason: 'harassment' });
    const detail = await ctx.services.reports.detail(id, null);
    expect(detail.report).toMatchObject({ kind: 'conversation', profileId: other.id, conversationId: conversation.id });
    // A stranger cannot report a conversation that is not theirs.
    const stranger = await createVisibleMember(ctx, site);
    expect((await failure(ctx.services.reports.create(site, stranger.id, { conversation_id: conversation.id, reason: 'harassment' }))).code).toBe('not_found');

    for (let count = 1; count < REPORTS_PER_DAY; count++)
      await ctx.services.reports.create(site, reporter.id, { reason: 'other', text: `Complaint number ${count} about the service` });
    expect((await failure(ctx.services.reports.create(site, reporter.id, { reason: 'other', text: 'One complaint too many today' }))).code).toBe(
      'rate_limited',
    );
    ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await ctx.services.reports.create(site, reporter.id, { reason: 'other', text: 'A new day, a new complaint' })).id).toBeGreaterThan(id);
  });

  it('moves a report through its statuses with a version, audits each save, and mails the reply in the reporter’s language', async () => {
    const reporter = await createVisibleMember(ctx, site);
    await ctx.db.update(users).set({ language: 'fr' }).where(eq(users.id, reporter.id));
    const reported = await createVisibleMember(ctx, site);
    const { id } = await ctx.services.reports.create(site, reporter.id, { profile_id: reported.id, reason: 'fake_profile' });

    const taken = await ctx.services.reports.update(support, id, { version: 1, status: 'in_progress', assigneeId: support.id, notes: 'Checking the photos' });
    expect(taken.report).toMatchObject({ status: 'in_progress', assigneeId: support.id, notes: 'Checking the photos', version: 2 });
    expect(taken.assigneeEmail).toBe(support.email);
    expect((await failure(ctx.services.reports.update(moderator, id, { version: 1, status: 'rejected' }))).code).toBe('version_conflict');
    expect((await failure(ctx.services.reports.update(moderator, id, { version: 2, assigneeId: 2_000_000 }))).code).toBe('validation_failed');

    const resolved = await ctx.services.reports.update(support, id, { version: 2, status: 'resolved', reply: 'We removed the profile. Thank you!' });
    expect(resolved.report).toMatchObject({ status: 'resolved', replyText: 'We removed the profile. Thank you!', version: 3 });
    const mail = ctx.mailer.last(reporter.email);
    expect(mail.kind).toBe('report_reply');
    expect(mail.subject).toContain(`signalement n°${id}`);
    expect(mail.text).toContain('We removed the profile. Thank you!');
    expect(mail.text).toContain('Faux profil');

    const [update] = await auditRows('report.update', id);
    expect(update.diff).toEqual({
      before: { status: 'new', assignee_id: null, notes: '' },
      after: { status: 'in_progress', assignee_id: support.id, notes: 'Checking the photos' },
    });
    const [reply] = await auditRows('report.reply', id);
    expect(reply.diff).toMatchObject({ after: { status: 'resolved', reply_text: 'We removed the profile. Thank you!' } });
    const page = await ctx.services.reports.page('resolved', { sort: 'created_at', dir: 'desc' }, { offset: 0, limit: 26 }, null);
    expect(page.map((row) => row.report.id)).toContain(id);
    expect(
      (await ctx.services.reports.page('open', { sort: 'created_at', dir: 'asc' }, { offset: 0, limit: 500 }, null)).map((row) => row.report.id),
    ).not.toContain(id);
  });
});
