import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { bookCredits } from '../credits/ledger';
import { createUsersRepository } from '../../db/repositories/users.repository';
import { auditLog, messages, users, type SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';
import type { AppError } from '../shared/app-error';
import { CLAIM_MINUTES } from './host-inbox.service';
import { EVERY_SITE } from '../staff/site-scope';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let site: SiteRow;
let owner: StaffActor;
let hostA: StaffActor;
let hostB: StaffActor;

const actorOf = (member: { id: number; email: string; role: StaffActor['role'] }): StaffActor => ({
  id: member.id,
  email: member.email,
  role: member.role,
  ip: '127.0.0.1',
});
let next = 0;
const clientId = () => `fictional-test-${++next}-${Date.now()}`;
const profileFields = {
  name: 'Sunny',
  gender: 'female' as const,
  seeking: 'male' as const,
  dateOfBirth: '1994-03-02',
  country: 'NL',
  city: 'Utrecht',
  about: 'Hello',
  status: 'active' as const,
};
const auditRows = (action: string, targetId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.action} = ${action} and ${auditLog.targetId} = ${String(targetId)}`);

beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { messageCredits: 10, freeMessages: 1, freeConversations: 5, messageLength: 500 });
  owner = actorOf((await createStaffMember(ctx, 'owner')).member);
  hostA = actorOf((await createStaffMember(ctx, 'host')).member);
  hostB = actorOf((await createStaffMember(ctx, 'host')).member);
});
afterAll(() => ctx.close());

/** A member who wrote to a new fictional profile: the conversation now waits for a host. */
async function waitingConversation() {
  const fictional = await ctx.services.fictionalProfiles.create(owner, site.id, profileFields);
  const member = await createVisibleMember(ctx, site, { gender: 'male' });
  const sent = await ctx.services.chat.send(site, member.id, { profileId: fictional.id, kind: 'text', text: 'Hi, are you there?', clientId: clientId() });
  return { fictional, member, conversationId: sent.message.conversation_id };
}

describe('fictional profiles', () => {
  it('creates a profile that is always fictional, with its audit row', async () => {
    const created = await ctx.services.fictionalProfiles.create(owner, site.id, profileFields);
    const [account] = await ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(account).toMatchObject({ isFictional: true, status: 'active', siteId: site.id });
    expect(created.version).toBe(1);
    const [row] = await auditRows('fictional.create', created.id);
    expect(row).toMatchObject({ staffId: owner.id, targetType: 'profile', diff: { after: { is_fictional: true, name: 'Sunny' } } });
  });

  it('edits with optimistic concurrency: an edit from an older version is refused and changes nothing', async () => {
    const created = await ctx.services.fictionalProfiles.create(owner, site.id, profileFields);
    const edited = await ctx.services.fictionalProfiles.update(owner, created.id, { version: 1, name: 'Sunny B', about: 'New text' });
    expect(edited).toMatchObject({ name: 'Sunny B', about: 'New text', version: 2 });
    const stale = await failure(ctx.services.fictionalProfiles.update(owner, created.id, { version: 1, name: 'Overwritten' }));
    expect(stale.code).toBe('version_conflict');
    expect((await ctx.services.fictionalProfiles.find(created.id, null)).name).toBe('Sunny B');
    const rows = await auditRows('fictional.update', created.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].diff).toEqual({ before: { name: 'Sunny', about: 'Hello' }, after: { name: 'Sunny B', about: 'New text' } });
  });

  it('never lets the fictional flag be cleared, whoever tries', async () => {
    const created = await ctx.services.fictionalProfiles.create(owner, site.id, profileFields);
    await expect(ctx.db.update(users).set({ isFictional: false }).where(eq(users.id, created.id))).rejects.toThrow();
    const [account] = await ctx.db.select().from(users).where(eq(users.id, created.id));
    expect(account.isFictional).toBe(true);
  });

  it('lists a site’s profiles a page at a time', async () => {
    const other = await createSite(ctx.db, {});
    for (const name of ['Ann', 'Bea', 'Cleo']) await ctx.services.fictionalProfiles.create(owner, other.id, { ...profileFields, name });
    const first = await ctx.services.fictionalProfiles.list(other.id, 'name', 'asc', 0, 3, null);
    expect(first.map((row) => row.name)).toEqual(['Ann', 'Bea', 'Cleo']);
    expect((await ctx.services.fictionalProfiles.list(other.id, 'name', 'asc', 2, 3, null)).map((row) => row.name)).toEqual(['Cleo']);
  });
});

describe('a member writing to a fictional profile', () => {
  it('is asked once, before the first paid message, and then not again', async () => {
    const fictional = await ctx.services.fictionalProfiles.create(owner, site.id, profileFields);
    const member = await createVisibleMember(ctx, site, { gender: 'male' });
    await bookCredits(ctx.db, { userId: member.id, delta: 50, reason: 'adjustment', at: ctx.clock.now() });
    // The free message needs no confirmation.
    const free = await ctx.services.chat.send(site, member.id, { profileId: fictional.id, kind: 'text', text: 'Free hello', clientId: clientId() });
    expect(free.message.credits_spent).toBe(0);
    const refused = await failure(ctx.services.chat.send(site, member.id, { profileId: fictional.id, kind: 'text', text: 'Paid hello', clientId: clientId() }));
    expect([refused.code, refused.params]).toEqual(['fictional_confirmation_required', { price: 10 }]);
    expect((await createUsersRepository(ctx.db).findById(member.id))!.credits).toBe(50);

    await ctx.services.fictionalConfirmations.confirm(member.id, fictional.id);
    await ctx.services.fictionalConfirmations.confirm(member.id, fictional.id);
    expect(await ctx.services.fictionalConfirmations.hasConfirmed(member.id, fictional.id)).toBe(true);
    const paid = await ctx.services.chat.send(site, member.id, { profileId: fictional.id, kind: 'text', text: 'Paid hello', clientId: clientId() });
    expect(paid).toMatchObject({ credits: 40, message: { credits_spent: 10 } });
  });

  it('cannot confirm for a profile that is not fictional', async () => {
    const member = await createVisibleMember(ctx, site, { gender: 'male' });
    const real = await createVisibleMember(ctx, site);
    expect((await failure(ctx.services.fictionalConfirmations.confirm(member.id, real.id))).code).toBe('not_found');
  });
});

describe('the hosts’ inbox', () => {
  it('lists conversations that wait for an answer, the longest-waiting first', async () => {
    const first = await waitingConversation();
    ctx.clock.advance(60_000);
    const second = await waitingConversation();
    const { items } = await ctx.services.hostInbox.waiting(site.id, 0, 100, null);
    const ids = items.map((item) => item.conversationId);
    expect(ids.indexOf(first.conversationId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.conversationId)).toBeLessThan(ids.indexOf(second.conversationId));
    expect(items.find((item) => item.conversationId === first.conversationId)).toMatchObject({
      memberId: first.member.id,
      fictionalId: first.fictional.id,
      unread: 1,
      lastBody: 'Hi, are you there?',
    });
  });

  it('opens a conversation with the member’s public profile only', async () => {
    const { conversationId, member } = await waitingConversation();
    const opened = await ctx.services.hostInbox.open(conversationId, null, null);
    expect(opened.member.id).toBe(member.id);
    expect(Object.keys(opened.member).sort()).toEqual(['about', 'city', 'country', 'dateOfBirth', 'gender', 'id', 'interests', 'name', 'photoThumb']);
    expect(opened.messages.map((message) => message.body)).toEqual(['Hi, are you there?']);
  });

  it('opens a conversation with the fictional profile’s own public details, so the host answers in character', async () => {
    const { conversationId, fictional } = await waitingConversation();
    const opened = await ctx.services.hostInbox.open(conversationId, null, null);
    expect(opened.fictional).toMatchObject({ id: fictional.id, name: fictional.name, city: fictional.city, about: fictional.about });
    expect(Object.keys(opened.fictional).sort()).toEqual(['about', 'city', 'country', 'dateOfBirth', 'gender', 'id', 'interests', 'name', 'photoThumb']);
  });

  it('answers as the fictional profile for free, and the conversation leaves the queue', async () => {
    const { conversationId, fictional, member } = await waitingConversation();
    const sent = await ctx.services.hostInbox.reply(hostA, conversationId, 'Hello! Nice to meet you.', clientId());
    expect(sent).toMatchObject({ sender_id: fictional.id, credits_spent: 0, conversation_id: conversationId });
    expect((await createUsersRepository(ctx.db).findById(fictional.id))!.credits).toBe(0);
    const { items } = await ctx.services.hostInbox.waiting(site.id, 0, 100, null);
    expect(items.map((item) => item.conversationId)).not.toContain(conversationId);
    // The member's message now shows as read, and they see the answer in their history.
    const history = await ctx.services.chat.history(site, member.id, conversationId, null);
    expect(history.messages.map((message) => [message.text, message.read])).toEqual([
      ['Hello! Nice to meet you.', false],
      ['Hi, are you there?', true],
    ]);
    expect(await auditRows('fictional.reply', conversationId)).toHaveLength(1);
  });

  it('lets only one host hold a conversation; the other gets a clear 409 and sends nothing', async () => {
    const { conversationId } = await waitingConversation();
    await ctx.services.hostInbox.claim(hostA, conversationId);
    expect((await failure(ctx.services.hostInbox.claim(hostB, conversationId))).code).toBe('conversation_claimed');
    expect((await failure(ctx.services.hostInbox.reply(hostB, conversationId, 'Me too', clientId()))).code).toBe('conversation_claimed');
    expect((await failure(ctx.services.hostInbox.release(hostB, conversationId))).code).toBe('conversation_claimed');
    const sent = await ctx.db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(sent).toHaveLength(1);
    expect(await auditRows('fictional.claim', conversationId)).toHaveLength(1);
  });

  it('gives the conversation to the other host once released, or once the claim lapsed', async () => {
    const released = await waitingConversation();
    await ctx.services.hostInbox.claim(hostA, released.conversationId);
    await ctx.services.hostInbox.release(hostA, released.conversationId);
    expect((await ctx.services.hostInbox.claim(hostB, released.conversationId)).staffId).toBe(hostB.id);
    expect(await auditRows('fictional.release', released.conversationId)).toHaveLength(1);

    const lapsed = await waitingConversation();
    await ctx.services.hostInbox.claim(hostA, lapsed.conversationId);
    ctx.clock.advance((CLAIM_MINUTES - 1) * 60_000);
    expect((await failure(ctx.services.hostInbox.claim(hostB, lapsed.conversationId))).code).toBe('conversation_claimed');
    // Host A's activity renews the claim...
    await ctx.services.hostInbox.claim(hostA, lapsed.conversationId);
    ctx.clock.advance((CLAIM_MINUTES - 1) * 60_000);
    expect((await failure(ctx.services.hostInbox.claim(hostB, lapsed.conversationId))).code).toBe('conversation_claimed');
    // ...and its silence lets it lapse.
    ctx.clock.advance(2 * 60_000);
    expect((await ctx.services.hostInbox.claim(hostB, lapsed.conversationId)).staffId).toBe(hostB.id);
  });

  it('lets exactly one of two hosts racing to answer get through', async () => {
    for (let round = 0; round < 3; round++) {
      const { conversationId } = await waitingConversation();
      const outcomes = await Promise.allSettled([
        ctx.services.hostInbox.reply(hostA, conversationId, 'From A', clientId()),
        ctx.services.hostInbox.reply(hostB, conversationId, 'From B', clientId()),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const [rejected] = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect((rejected.reason as AppError).code).toBe('conversation_claimed');
      const stored = await ctx.db.select().from(messages).where(eq(messages.conversationId, conversationId));
      expect(stored).toHaveLength(2);
    }
  });

  it('refuses a conversation that has no fictional side', async () => {
    const a = await createVisibleMember(ctx, site, { gender: 'male' });
    const b = await createVisibleMember(ctx, site);
    const sent = await ctx.services.chat.send(site, a.id, { profileId: b.id, kind: 'text', text: 'Hi', clientId: clientId() });
    expect((await failure(ctx.services.hostInbox.claim(hostA, sent.message.conversation_id))).code).toBe('not_found');
    expect((await failure(ctx.services.hostInbox.open(sent.message.conversation_id, null, null))).code).toBe('not_found');
  });
});

describe('a host’s answer and the safety signals', () => {
  it.each([
    ['a phone number', 'Call me on +31 6 1234 5678 tonight', 'phone'],
    ['a payment link', 'Pay the ticket here: https://pay.example.com/ticket', 'link'],
    ['an e-mail address', 'Write to sunny.private@example.com', 'email'],
  ])('refuses %s, names it, and sends nothing', async (_case, text, category) => {
    const { conversationId } = await waitingConversation();
    const refused = await failure(ctx.services.hostInbox.reply(hostA, conversationId, text, clientId()));
    expect(refused.code).toBe('host_reply_unsafe');
    expect(String(refused.params.found).split(',')).toContain(category);
    expect(refused.fields).toEqual([{ field: 'text', code: 'host_reply_unsafe', params: { found: refused.params.found } }]);
    expect(await ctx.db.select().from(messages).where(eq(messages.conversationId, conversationId))).toHaveLength(1);
    expect(await auditRows('fictional.reply', conversationId)).toHaveLength(0);
  });

  it('names everything it found, and lets the answer through once it is removed', async () => {
    const { conversationId } = await waitingConversation();
    const refused = await failure(
      ctx.services.hostInbox.reply(hostA, conversationId, 'My number is +31 6 1234 5678, or see https://example.com/me', clientId()),
    );
    expect(String(refused.params.found).split(',').sort()).toEqual(['link', 'phone']);
    const sent = await ctx.services.hostInbox.reply(hostA, conversationId, 'Let’s keep talking here, I like it.', clientId());
    expect(sent.text).toBe('Let’s keep talking here, I like it.');
  });

  it('refuses it even where the site only asks members to confirm such messages', async () => {
    const { conversationId } = await waitingConversation();
    expect((await ctx.services.safetyRules.settings(site.id, EVERY_SITE)).message_policy).toBe('confirm');
    expect((await failure(ctx.services.hostInbox.reply(hostA, conversationId, 'Add me on whatsapp +31612345678', clientId()))).code).toBe('host_reply_unsafe');
  });
});
