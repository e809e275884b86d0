import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';
import type { StaffActor } from '../../../domain/audit/audit.service';

type Staff = Awaited<ReturnType<typeof createStaffMember>>;

let ctx: TestContext;
let mine: SiteRow;
let theirs: SiteRow;
let owner: Staff;
let ownerActor: StaffActor;
let admin: Staff;
let host: Staff;
let moderator: Staff;
let ours: { profileId: number; conversationId: number };
let their: { profileId: number; conversationId: number };
let next = 0;

const profileFields = {
  gender: 'female',
  seeking: 'male',
  dateOfBirth: '1992-03-04',
  country: 'NL',
  city: null,
  about: '',
  status: 'active',
} as const;

/** A fictional profile on the site and a member of that site who wrote to it: one conversation waiting. */
async function waitingConversation(site: SiteRow, name: string) {
  const profile = await ctx.services.fictionalProfiles.create(ownerActor, site.id, { ...profileFields, name });
  const member = await createVisibleMember(ctx, site, { gender: 'male' });
  const sent = await ctx.services.chat.send(site, member.id, { profileId: profile.id, kind: 'text', text: 'Hi there', clientId: `hosts-sites-${++next}` });
  return { profileId: profile.id, conversationId: sent.message.conversation_id };
}

/** Limits a staff member to `siteIds` the way an owner does, through the staff API. */
async function limit(staff: Staff, siteIds: number[]) {
  const answer = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/staff/${staff.member.id}`,
    cookies: owner.cookies,
    payload: { version: staff.member.version, site_ids: siteIds },
  });
  expect(answer.statusCode).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  mine = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, freeMessages: 5 });
  theirs = await createSite(ctx.db, { freeMessages: 5 });
  owner = await createStaffMember(ctx, 'owner');
  ownerActor = { id: owner.member.id, email: owner.member.email, role: 'owner', ip: null };
  admin = await createStaffMember(ctx, 'admin');
  host = await createStaffMember(ctx, 'host');
  moderator = await createStaffMember(ctx, 'moderator');
  for (const staff of [admin, host, moderator]) await limit(staff, [mine.id]);
  ours = await waitingConversation(mine, 'Ours');
  their = await waitingConversation(theirs, 'Theirs');
});
afterAll(() => ctx.close());

const get = (staff: Staff, url: string) => ctx.app.inject({ url, cookies: staff.cookies });
const send = (staff: Staff, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, cookies: staff.cookies, ...(payload && { payload }) });
const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('fictional profiles for staff limited to chosen sites (ADR 0060)', () => {
  it('lists and offers only the allowed site, and answers another site’s profile as not found', async () => {
    const listed = (await get(admin, '/api/admin/fictional-profiles?page_size=100')).json();
    expect(ids(listed.items)).toContain(ours.profileId);
    expect(ids(listed.items)).not.toContain(their.profileId);
    expect(ids(listed.sites)).toEqual([mine.id]);
    expect((await get(admin, `/api/admin/fictional-profiles?site_id=${theirs.id}`)).json().items).toEqual([]);
    expect(ids((await get(owner, '/api/admin/fictional-profiles?page_size=100')).json().sites)).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    expect((await get(admin, `/api/admin/fictional-profiles/${their.profileId}`)).statusCode).toBe(404);
    expect((await get(admin, `/api/admin/fictional-profiles/${ours.profileId}`)).statusCode).toBe(200);
    // Not found before the version is even looked at: an old version tells nothing either.
    const edit = await send(admin, 'PATCH', `/api/admin/fictional-profiles/${their.profileId}`, { version: 99, name: 'Taken over' });
    expect([edit.statusCode, edit.json().error]).toEqual([404, 'not_found']);
    const made = await send(admin, 'POST', '/api/admin/fictional-profiles', {
      site_id: theirs.id,
      name: 'Elsewhere',
      date_of_birth: '1990-01-01',
      gender: 'female',
      country: 'NL',
    });
    expect(made.statusCode).toBe(404);
    expect((await get(admin, `/api/admin/fictional-profiles/${their.profileId}/photos`)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `/api/admin/fictional-profiles/${their.profileId}/photos/1`)).statusCode).toBe(404);

    const untouched = (await get(owner, `/api/admin/fictional-profiles/${their.profileId}`)).json();
    expect([untouched.name, untouched.version]).toEqual(['Theirs', 1]);
  });
});

describe('the hosts’ area for staff limited to chosen sites (ADR 0060)', () => {
  it('the inbox shows only the allowed site’s conversations; another site’s is not found and cannot be claimed or answered', async () => {
    const inbox = (await get(host, '/api/admin/inbox?page_size=100')).json();
    const waiting = inbox.items.map((item: { conversation_id: number }) => item.conversation_id);
    expect(waiting).toContain(ours.conversationId);
    expect(waiting).not.toContain(their.conversationId);
    expect(ids(inbox.sites)).toEqual([mine.id]);
    expect((await get(host, `/api/admin/inbox?site_id=${theirs.id}`)).json().items).toEqual([]);

    expect((await get(host, `/api/admin/inbox/${their.conversationId}`)).statusCode).toBe(404);
    expect((await send(host, 'POST', `/api/admin/inbox/${their.conversationId}/claim`)).statusCode).toBe(404);
    expect((await send(host, 'DELETE', `/api/admin/inbox/${their.conversationId}/claim`)).statusCode).toBe(404);
    const reply = await send(host, 'POST', `/api/admin/inbox/${their.conversationId}/reply`, { text: 'Hello from elsewhere', client_id: 'scoped-reply-1' });
    expect([reply.statusCode, reply.json().error]).toEqual([404, 'not_found']);
    const opened = (await get(owner, `/api/admin/inbox/${their.conversationId}`)).json();
    expect(opened.messages).toHaveLength(1);
    expect(opened.claim).toBeNull();
    expect((await get(host, `/api/admin/inbox/${ours.conversationId}`)).statusCode).toBe(200);
  });

  it('notes of another site’s conversation are not found, and a note there is not deleted (404 before "not yours")', async () => {
    const note = await ctx.services.hostNotes.add(ownerActor, their.conversationId, 'member', 'Works nights.');
    expect((await get(host, `/api/admin/inbox/${their.conversationId}/notes`)).statusCode).toBe(404);
    expect((await send(host, 'POST', `/api/admin/inbox/${their.conversationId}/notes`, { about: 'member', text: 'Mine now' })).statusCode).toBe(404);
    const removed = await send(host, 'DELETE', `/api/admin/inbox/notes/${note.id}`);
    expect([removed.statusCode, removed.json().error]).toEqual([404, 'not_found']);
    expect((await get(owner, `/api/admin/inbox/${their.conversationId}/notes`)).json().member).toHaveLength(1);
    expect((await get(host, `/api/admin/inbox/${ours.conversationId}/notes`)).statusCode).toBe(200);
  });

  it('canned replies of another site are neither listed nor changed; that site is refused like a missing one', async () => {
    const theirReply = await ctx.services.cannedReplies.create(ownerActor, theirs.id, { language: 'en', title: 'Hello', body: 'Hi {name}!' });
    const listed = (await get(host, `/api/admin/canned-replies?site_id=${theirs.id}`)).json();
    expect(listed.items).toEqual([]);
    expect(ids(listed.sites)).toEqual([mine.id]);
    expect((await send(admin, 'PATCH', `/api/admin/canned-replies/${theirReply.id}`, { title: 'Changed' })).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `/api/admin/canned-replies/${theirReply.id}`)).statusCode).toBe(404);
    const created = await send(admin, 'POST', '/api/admin/canned-replies', { site_id: theirs.id, language: 'en', title: 'New', body: 'Text' });
    const missing = await send(admin, 'POST', '/api/admin/canned-replies', { site_id: 2_000_000_000, language: 'en', title: 'New', body: 'Text' });
    expect([created.statusCode, created.json().error]).toEqual([missing.statusCode, missing.json().error]);
    expect(created.statusCode).toBe(400);
    const kept = (await get(owner, `/api/admin/canned-replies?site_id=${theirs.id}`)).json().items;
    expect(kept.map((item: { title: string }) => item.title)).toEqual(['Hello']);
  });

  it('host figures count only answers on the allowed sites', async () => {
    const from = ctx.clock.now().toISOString().slice(0, 10);
    await ctx.services.hostInbox.reply(ownerActor, ours.conversationId, 'Hello you', 'figures-ours');
    await ctx.services.hostInbox.reply(ownerActor, their.conversationId, 'Hello there', 'figures-theirs');
    const lineOf = async (staff: Staff) =>
      (await get(staff, `/api/admin/host-figures?from=${from}&to=${from}`)).json().items.find((row: { staff_id: number }) => row.staff_id === owner.member.id);
    expect((await lineOf(owner)).messages_sent).toBe(2);
    expect((await lineOf(admin)).messages_sent).toBe(1);
  });
});

describe('safety rules for staff limited to chosen sites (ADR 0060)', () => {
  it('another site’s entries and choices are not found; entries for every site are read by all and changed only by unlimited staff', async () => {
    const rule = { language: 'en', category: 'money', kind: 'phrase' } as const;
    const elsewhere = await ctx.services.safetyRules.add(ownerActor, { ...rule, site_id: theirs.id, value: 'their gift card' });
    const everywhere = await ctx.services.safetyRules.add(ownerActor, { ...rule, site_id: null, value: 'every gift card' });

    const listed = (await get(moderator, `/api/admin/safety-rules?site_id=${theirs.id}`)).json();
    expect(listed.entries).toEqual([]);
    expect(ids(listed.sites)).toEqual([mine.id]);
    expect(ids((await get(moderator, '/api/admin/safety-rules')).json().entries)).toContain(everywhere.id);
    expect(ids((await get(moderator, `/api/admin/safety-rules?site_id=${mine.id}`)).json().entries)).toContain(everywhere.id);

    expect((await send(moderator, 'DELETE', `/api/admin/safety-rules/${elsewhere.id}`)).statusCode).toBe(404);
    expect((await send(moderator, 'POST', '/api/admin/safety-rules', { ...rule, site_id: theirs.id, value: 'another card' })).statusCode).toBe(404);
    const everySite = await send(moderator, 'POST', '/api/admin/safety-rules', { ...rule, site_id: null, value: 'any card' });
    expect([everySite.statusCode, everySite.json().error]).toEqual([403, 'safety_rule_every_site']);
    expect((await send(moderator, 'DELETE', `/api/admin/safety-rules/${everywhere.id}`)).statusCode).toBe(403);
    const ownSite = await send(moderator, 'POST', '/api/admin/safety-rules', { ...rule, site_id: mine.id, value: 'our gift card' });
    expect(ownSite.statusCode).toBe(201);
    expect(ids((await get(owner, `/api/admin/safety-rules?site_id=${theirs.id}`)).json().entries)).toEqual(
      expect.arrayContaining([elsewhere.id, everywhere.id]),
    );

    expect((await get(admin, `/api/admin/sites/${theirs.id}/safety`)).statusCode).toBe(404);
    const choices = { hold_contact_texts: true, message_policy: 'block' };
    expect((await send(admin, 'PUT', `/api/admin/sites/${theirs.id}/safety`, choices)).statusCode).toBe(404);
    expect((await get(admin, `/api/admin/sites/${mine.id}/safety`)).statusCode).toBe(200);
  });
});

describe('report assignees and sites (ADR 0060)', () => {
  it('offers only staff who may see the report’s site, and refuses giving it to anyone else', async () => {
    const reporter = await createVisibleMember(ctx, theirs);
    const reported = await createVisibleMember(ctx, theirs);
    const { id } = await ctx.services.reports.create(theirs, reporter.id, { profile_id: reported.id, reason: 'spam_or_scam' });
    const offered = ids((await get(owner, `/api/admin/report-assignees?report_id=${id}`)).json().items);
    expect(offered).toContain(owner.member.id);
    expect(offered).not.toContain(admin.member.id);
    expect(offered).not.toContain(moderator.member.id);
    expect(ids((await get(owner, '/api/admin/report-assignees')).json().items)).toContain(admin.member.id);
    expect((await get(moderator, `/api/admin/report-assignees?report_id=${id}`)).statusCode).toBe(404);

    const version = (await get(owner, `/api/admin/reports/${id}`)).json().version as number;
    const refused = await send(owner, 'PATCH', `/api/admin/reports/${id}`, { version, assignee_id: admin.member.id });
    expect([refused.statusCode, refused.json().error]).toEqual([400, 'report_assignee_site_not_allowed']);
    expect(refused.json().fields).toEqual([expect.objectContaining({ field: 'assignee_id' })]);
    const report = (await get(owner, `/api/admin/reports/${id}`)).json();
    expect([report.assignee_id, report.version]).toEqual([null, version]);

    const ourReporter = await createVisibleMember(ctx, mine);
    const ourReported = await createVisibleMember(ctx, mine);
    const ourReport = await ctx.services.reports.create(mine, ourReporter.id, { profile_id: ourReported.id, reason: 'spam_or_scam' });
    expect(ids((await get(moderator, `/api/admin/report-assignees?report_id=${ourReport.id}`)).json().items)).toContain(admin.member.id);
    const ourVersion = (await get(owner, `/api/admin/reports/${ourReport.id}`)).json().version as number;
    const given = await send(owner, 'PATCH', `/api/admin/reports/${ourReport.id}`, { version: ourVersion, assignee_id: admin.member.id });
    expect([given.statusCode, given.json().assignee_id]).toEqual([200, admin.member.id]);
  });
});
