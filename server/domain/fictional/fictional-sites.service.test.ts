import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { failure } from '../../../tests/setup/failure';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';

let ctx: TestContext;
let mine: SiteRow;
let theirs: SiteRow;
let owner: StaffActor;
let host: StaffActor;
let admin: StaffActor;
let next = 0;

const fields = { gender: 'female', seeking: 'male', dateOfBirth: '1990-05-06', country: 'NL', city: null, about: '', status: 'active' } as const;
const actorOf = (member: { id: number; email: string; role: StaffActor['role'] }, sites?: number[]): StaffActor => ({
  id: member.id,
  email: member.email,
  role: member.role,
  ip: null,
  sites,
});

/** A fictional profile on `site`, and a member of `memberSite` who wrote to it. */
async function conversation(site: SiteRow, memberSite: SiteRow = site) {
  const profile = await ctx.services.fictionalProfiles.create(owner, site.id, { ...fields, name: `Fiction ${++next}` });
  const member = await createVisibleMember(ctx, memberSite, { gender: 'male' });
  const sent = await ctx.services.chat.send(memberSite, member.id, { profileId: profile.id, kind: 'text', text: 'Hello', clientId: `fictional-sites-${next}` });
  return { profileId: profile.id, memberId: member.id, conversationId: sent.message.conversation_id };
}

beforeAll(async () => {
  ctx = await createTestContext();
  mine = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, freeMessages: 5 });
  theirs = await createSite(ctx.db, { freeMessages: 5 });
  owner = actorOf((await createStaffMember(ctx, 'owner')).member);
  host = actorOf((await createStaffMember(ctx, 'host')).member, [mine.id]);
  admin = actorOf((await createStaffMember(ctx, 'admin')).member, [mine.id]);
});
afterAll(() => ctx.close());

describe('fictional profiles within a staff member’s sites (ADR 0060)', () => {
  it('lists, finds and edits only the allowed sites’ profiles, and makes none elsewhere', async () => {
    const ours = await ctx.services.fictionalProfiles.create(admin, mine.id, { ...fields, name: 'Ours' });
    const theirsProfile = await ctx.services.fictionalProfiles.create(owner, theirs.id, { ...fields, name: 'Theirs' });
    const listed = async (siteId: number | null, scope: number[] | null) =>
      (await ctx.services.fictionalProfiles.list(siteId, 'id', 'asc', 0, 500, scope)).map((row) => row.id);

    expect(await listed(null, [mine.id])).toContain(ours.id);
    expect(await listed(null, [mine.id])).not.toContain(theirsProfile.id);
    expect(await listed(theirs.id, [mine.id])).toEqual([]);
    expect(await listed(theirs.id, null)).toContain(theirsProfile.id);
    expect((await ctx.services.fictionalProfiles.siteOptions([mine.id])).map((site) => site.id)).toEqual([mine.id]);

    expect((await failure(ctx.services.fictionalProfiles.find(theirsProfile.id, [mine.id]))).code).toBe('not_found');
    expect((await failure(ctx.services.fictionalProfiles.update(admin, theirsProfile.id, { version: 1, name: 'Taken' }))).code).toBe('not_found');
    expect((await ctx.services.fictionalProfiles.find(theirsProfile.id, null)).name).toBe('Theirs');
    expect((await failure(ctx.services.fictionalProfiles.create(admin, theirs.id, { ...fields, name: 'Elsewhere' }))).code).toBe('not_found');

    expect((await failure(ctx.services.fictionalPhotos.list(theirsProfile.id, [mine.id]))).code).toBe('not_found');
    expect((await failure(ctx.services.fictionalPhotos.remove(admin, theirsProfile.id, 1))).code).toBe('not_found');
    expect((await ctx.services.fictionalPhotos.list(ours.id, [mine.id])).photos).toEqual([]);
  });
});

describe('the hosts’ inbox within a host’s sites (ADR 0060)', () => {
  it('a conversation belongs to its fictional profile’s site: the queue, opening, claiming and answering follow it', async () => {
    const ours = await conversation(mine);
    const other = await conversation(theirs);
    const waiting = async (siteId: number | null, scope: number[] | null) =>
      (await ctx.services.hostInbox.waiting(siteId, 0, 500, scope)).items.map((item) => item.conversationId);

    expect(await waiting(null, [mine.id])).toContain(ours.conversationId);
    expect(await waiting(null, [mine.id])).not.toContain(other.conversationId);
    expect(await waiting(theirs.id, [mine.id])).toEqual([]);
    expect((await ctx.services.hostInbox.siteOptions([mine.id])).map((site) => site.id)).toEqual([mine.id]);

    expect((await failure(ctx.services.hostInbox.open(other.conversationId, null, [mine.id]))).code).toBe('not_found');
    expect((await failure(ctx.services.hostInbox.claim(host, other.conversationId))).code).toBe('not_found');
    expect((await failure(ctx.services.hostInbox.release(host, other.conversationId))).code).toBe('not_found');
    expect((await failure(ctx.services.hostInbox.reply(host, other.conversationId, 'Hi!', 'fictional-sites-reply'))).code).toBe('not_found');
    const untouched = await ctx.services.hostInbox.open(other.conversationId, null, null);
    expect([untouched.messages.length, untouched.claim]).toEqual([1, null]);

    const answered = await ctx.services.hostInbox.reply(host, ours.conversationId, 'Hi, nice to meet you!', 'fictional-sites-ours');
    expect(answered.conversation_id).toBe(ours.conversationId);
  });

  it('a member of another site who writes to one of our profiles is answered by our hosts', async () => {
    const visitor = await conversation(mine, theirs);
    expect((await ctx.services.hostInbox.open(visitor.conversationId, null, [mine.id])).conversation.memberId).toBe(visitor.memberId);
    expect((await failure(ctx.services.hostInbox.open(visitor.conversationId, null, [theirs.id]))).code).toBe('not_found');
  });
});

describe('hosts’ notes within a host’s sites (ADR 0060)', () => {
  it('follow the conversation; a note is deleted only by a host whose sites reach its subject', async () => {
    const ours = await conversation(mine);
    const other = await conversation(theirs);
    // A member of the other site writing to our profile: our hosts reach them, so their own notes stay theirs to delete.
    const visitor = await conversation(mine, theirs);

    expect((await failure(ctx.services.hostNotes.list(other.conversationId, [mine.id]))).code).toBe('not_found');
    expect((await failure(ctx.services.hostNotes.add(host, other.conversationId, 'member', 'x'))).code).toBe('not_found');

    const elsewhere = await ctx.services.hostNotes.add(owner, other.conversationId, 'member', 'Works nights.');
    expect((await failure(ctx.services.hostNotes.remove(host, elsewhere.id))).code).toBe('not_found');
    expect((await ctx.services.hostNotes.list(other.conversationId, null)).member.map((note) => note.id)).toEqual([elsewhere.id]);

    const aboutVisitor = await ctx.services.hostNotes.add(host, visitor.conversationId, 'member', 'Lives by the sea.');
    const aboutProfile = await ctx.services.hostNotes.add(host, ours.conversationId, 'profile', 'Paints on Sundays.');
    await ctx.services.hostNotes.remove(host, aboutVisitor.id);
    await ctx.services.hostNotes.remove(host, aboutProfile.id);
    expect((await ctx.services.hostNotes.list(visitor.conversationId, [mine.id])).member).toEqual([]);
    expect((await ctx.services.hostNotes.list(ours.conversationId, [mine.id])).profile).toEqual([]);
  });
});

describe('canned replies and host figures within a staff member’s sites (ADR 0060)', () => {
  it('another site’s replies are neither read nor changed', async () => {
    const reply = await ctx.services.cannedReplies.create(owner, theirs.id, { language: 'en', title: 'Hi', body: 'Hello {name}' });
    expect(await ctx.services.cannedReplies.list(theirs.id, null, [mine.id])).toEqual([]);
    expect((await ctx.services.cannedReplies.list(theirs.id, null, null)).map((row) => row.id)).toEqual([reply.id]);
    expect((await failure(ctx.services.cannedReplies.update(admin, reply.id, { title: 'Changed' }))).code).toBe('not_found');
    expect((await failure(ctx.services.cannedReplies.remove(admin, reply.id))).code).toBe('not_found');
    expect((await failure(ctx.services.cannedReplies.create(admin, theirs.id, { language: 'en', title: 'New', body: 'Text' }))).code).toBe('validation_failed');
    expect((await ctx.services.cannedReplies.list(theirs.id, null, null))[0].title).toBe('Hi');
  });

  it('figures count only the answers given as profiles of the viewer’s sites', async () => {
    const start = ctx.clock.now();
    ctx.clock.advance(60_000);
    const ours = await conversation(mine);
    const other = await conversation(theirs);
    await ctx.services.hostInbox.reply(owner, ours.conversationId, 'Hello from here', 'figures-ours');
    await ctx.services.hostInbox.reply(owner, other.conversationId, 'Hello from there', 'figures-theirs');
    const end = new Date(ctx.clock.now().getTime() + 60_000);
    const ownerLine = async (viewer: StaffActor) => (await ctx.services.hostFigures.forPeriod(viewer, start, end)).find((row) => row.staffId === owner.id);
    expect((await ownerLine(owner))?.messagesSent).toBe(2);
    expect((await ownerLine(admin))?.messagesSent).toBe(1);
  });
});
