import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '../../../contract/ws-events';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { photos, profiles, textFlags, users, type SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';
import { makeJpeg } from '../photos/image-fixtures';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let site: SiteRow;
let moderator: StaffActor;
beforeAll(async () => {
  ctx = await createTestContext();
  // Photos go live at once on this site: only a moderator's removal takes one down.
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, photoAutoApprove: true });
  const mod = await createStaffMember(ctx, 'moderator');
  moderator = { id: mod.member.id, email: mod.member.email, role: 'moderator', ip: '203.0.113.9' };
});
afterAll(() => ctx.close());

async function auditRows(action: string, targetId: number) {
  const result = await ctx.db.execute(sql`select * from audit_log where action = ${action} and target_id = ${String(targetId)}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

function listen(memberId: number) {
  const events: ServerEvent[] = [];
  const stop = ctx.services.bus.subscribe(memberId, (event) => events.push(event));
  return { events, stop };
}

/** A member who writes French, with a live photo and a live profile text. */
async function frenchMemberWithLivePhoto() {
  const member = await createVisibleMember(ctx, site, { withPhotos: 0 });
  await ctx.db.update(users).set({ language: 'fr' }).where(eq(users.id, member.id));
  await ctx.db.update(profiles).set({ about: 'Appelle-moi au 06 12 34 56 78' }).where(eq(profiles.id, member.id));
  const photo = await ctx.services.photos.upload(site, member.id, await makeJpeg(400, 400), 'image/jpeg');
  return { member, photo };
}

describe('liveContent.removePhoto', () => {
  it('takes down a live photo with its files, audits it, and tells the member live and by e-mail in their language', async () => {
    const { member, photo } = await frenchMemberWithLivePhoto();
    expect((await ctx.db.select().from(photos).where(eq(photos.id, photo.id)))[0].status).toBe('active');
    const next = await ctx.services.photos.upload(site, member.id, await makeJpeg(300, 300), 'image/jpeg');
    const { events, stop } = listen(member.id);

    const removed = await ctx.services.liveContent.removePhoto(moderator, photo.id, 'nudity');
    expect(removed).toEqual({ memberId: member.id });
    expect(await ctx.db.select().from(photos).where(eq(photos.id, photo.id))).toEqual([]);
    expect(await ctx.services.storage.read(`photos/${photo.filename}`)).toBeNull();
    expect(await ctx.services.storage.read(`photos/${photo.thumbFilename}`)).toBeNull();
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile.mainPhotoId).toBe(next.id);

    const [audit] = await auditRows('photo.remove', photo.id);
    expect(audit).toMatchObject({ staff_id: moderator.id, role: 'moderator', target_type: 'photo' });
    expect(audit.diff).toMatchObject({ before: { status: 'active' }, after: { status: 'removed', reason: 'nudity' } });
    await expect.poll(() => events).toContainEqual({ type: 'photo_reviewed', photo_id: photo.id, status: 'removed', reason: 'nudity' });
    stop();
    const mail = ctx.mailer.last(member.email);
    expect(mail.kind).toBe('photo_removed');
    expect(mail.subject).toContain('retirée');
    expect(mail.text).toContain("Motif : la nudité n'est pas autorisée");
  });

  it('answers not_found for a photo that is already gone, and records nothing', async () => {
    const { photo } = await frenchMemberWithLivePhoto();
    await ctx.services.liveContent.removePhoto(moderator, photo.id, 'other');
    expect((await failure(ctx.services.liveContent.removePhoto(moderator, photo.id, 'other'))).code).toBe('not_found');
    expect(await auditRows('photo.remove', photo.id)).toHaveLength(1);
  });
});

describe('liveContent.removeProfileText', () => {
  it('empties a live text nobody flagged, keeps the old text in the audit row, and mails the member', async () => {
    const { member } = await frenchMemberWithLivePhoto();
    await ctx.services.liveContent.removeProfileText(moderator, member.id, 'contact_details');
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile.about).toBe('');
    const [audit] = await auditRows('profile_text.remove', member.id);
    expect(audit.diff).toMatchObject({ before: { about: 'Appelle-moi au 06 12 34 56 78' }, after: { about: '', reason: 'contact_details' } });
    const mail = ctx.mailer.last(member.email);
    expect(mail.kind).toBe('profile_text_removed');
    // Nothing left to remove: someone else was first.
    expect((await failure(ctx.services.liveContent.removeProfileText(moderator, member.id, 'other'))).code).toBe('already_reviewed');
    expect((await failure(ctx.services.liveContent.removeProfileText(moderator, 2_000_000, 'other'))).code).toBe('not_found');
  });

  it('closes an open flag on the text, so the queue does not ask again', async () => {
    const { member } = await frenchMemberWithLivePhoto();
    await ctx.services.moderation.flagText(member.id, null);
    await ctx.services.liveContent.removeProfileText(moderator, member.id, 'spam');
    const [flag] = await ctx.db.select().from(textFlags).where(eq(textFlags.profileId, member.id));
    expect(flag).toMatchObject({ outcome: 'removed', reason: 'spam', resolvedBy: moderator.id });
    expect((await ctx.services.moderation.flaggedTexts({ offset: 0, limit: 500 }, null)).map((row) => row.memberId)).not.toContain(member.id);
  });
});
