import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember, signUpMember, tokenFromLastMail } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createSignupFirstMessagesRepository } from '../../db/repositories/signup-first-messages.repository';
import { createUsersRepository } from '../../db/repositories/users.repository';
import { jobs, messages, profiles, type SiteRow } from '../../db/schema/index';
import type { AppError } from '../shared/app-error';
import { DELIVER_SIGNUP_MESSAGE_JOB } from './signup-first-messages.service';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: 'first-words.test', freeMessages: 2, freeConversations: 2, messageCredits: 10 });
});
afterAll(() => ctx.close());

const firstMessages = () => createSignupFirstMessagesRepository(ctx.db);

/** Every message a member sent, oldest first. */
const sentBy = (userId: number) => ctx.db.select().from(messages).where(eq(messages.senderId, userId)).orderBy(messages.id);

/** A visitor signs up from a profile with a message, as the profile landings do. */
async function signUpTo(targetId: number, body = 'Hi! I saw your profile and would love to chat.', on = site) {
  return signUpMember(ctx, on, { gender: 'male', seeking: 'female', target_profile_id: targetId, signup_message: body });
}

async function confirm(email: string) {
  await ctx.services.activation.activate(tokenFromLastMail(ctx, email));
  await ctx.services.jobRunner.runDue();
  await ctx.services.chat.drainSends();
}

describe('signing up with a target profile and a message', () => {
  it('keeps the message for the target, never as the new member’s own profile text', async () => {
    const target = await createVisibleMember(ctx, site);
    const { user } = await signUpTo(target.id, 'Only for you');
    expect(await firstMessages().find(user.id)).toMatchObject({ targetUserId: target.id, body: 'Only for you', settledAt: null, outcome: null });
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile.about).toBe('');
  });

  it.each([
    ['a message without a target', (_target: number) => ({ signup_message: 'Hello' })],
    ['a target without a message', (target: number) => ({ target_profile_id: target })],
    ['a message of blanks', (target: number) => ({ target_profile_id: target, signup_message: '   ' })],
    ['an unknown target', (_target: number) => ({ target_profile_id: 2_000_000_000, signup_message: 'Hello' })],
  ])('keeps nothing for %s, and the sign-up succeeds', async (_case, fields) => {
    const target = await createVisibleMember(ctx, site);
    const { user } = await signUpMember(ctx, site, fields(target.id));
    expect(user.status).toBe('not_confirmed');
    expect(await firstMessages().find(user.id)).toBeNull();
  });

  it('keeps nothing for a target the site does not show (invisible), and the sign-up succeeds', async () => {
    const target = await createVisibleMember(ctx, site);
    await createUsersRepository(ctx.db).update(target.id, { isInvisible: true });
    const { user } = await signUpTo(target.id);
    expect(await firstMessages().find(user.id)).toBeNull();
  });

  it('refuses a message longer than the site’s chat takes, before creating anything', async () => {
    const short = await createSite(ctx.db, { messageLength: 20 });
    const target = await createVisibleMember(ctx, short);
    const error = await signUpTo(target.id, 'x'.repeat(21), short).then(
      () => null,
      (problem: AppError) => problem,
    );
    expect(error?.code).toBe('message_too_long');
    expect(error?.fields).toEqual([{ field: 'signup_message', code: 'message_too_long', params: { max: 20 } }]);
  });
});

describe('the first message after the address is confirmed', () => {
  it('reaches the target after activation and not before, free while the free messages last', async () => {
    const target = await createVisibleMember(ctx, site);
    const { user, input } = await signUpTo(target.id, 'Hello from the landing page');

    await ctx.services.jobRunner.runDue();
    expect(await sentBy(user.id)).toEqual([]);
    expect((await ctx.services.chat.listChats(target.id)).chats).toEqual([]);

    await confirm(input.email!);
    const { chats } = await ctx.services.chat.listChats(target.id);
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({ profile: { id: user.id }, num_unread_messages: 1, last_message: { text: 'Hello from the landing page', mine: false } });
    expect(await sentBy(user.id)).toMatchObject([{ creditsSpent: 0, held: false }]);
    expect(await firstMessages().find(user.id)).toMatchObject({ outcome: 'sent', settledAt: expect.any(Date) });
    // The target hears of it as of any first message: a new-conversation notification job,
    // enqueued after the commit without holding up the send.
    await ctx.services.eventNotifications.messages!.settled();
    const notify = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'notify_new_conversation'));
    expect(notify.some((job) => job.payload.recipientId === target.id)).toBe(true);
  });

  it('goes out when an operator confirms the address instead of the mailed link', async () => {
    const target = await createVisibleMember(ctx, site);
    const { user } = await signUpTo(target.id, 'Confirmed by support');
    const { member: staff } = await createStaffMember(ctx, 'support');
    await ctx.services.membersAdmin.confirmEmail({ id: staff.id, email: staff.email, role: 'support', ip: '203.0.113.9' }, user.id);
    await ctx.services.jobRunner.runDue();
    await ctx.services.chat.drainSends();
    expect(await sentBy(user.id)).toMatchObject([{ body: 'Confirmed by support' }]);
  });

  it('is priced by the normal rules once the free messages are used up', async () => {
    const paying = await createSite(ctx.db, { freeMessages: 0, messageCredits: 7, signupCredits: 20 });
    const target = await createVisibleMember(ctx, paying);
    const { user, input } = await signUpTo(target.id, 'Worth a few credits', paying);
    await confirm(input.email!);
    expect(await sentBy(user.id)).toMatchObject([{ creditsSpent: 7 }]);
    expect((await createUsersRepository(ctx.db).findById(user.id))!.credits).toBe(13);
  });

  it('goes out exactly once when the address is confirmed twice at once and the job is retried', async () => {
    const target = await createVisibleMember(ctx, site);
    const { user, input } = await signUpTo(target.id, 'Just once');
    const firstToken = tokenFromLastMail(ctx, input.email!);
    await ctx.services.activation.resend(site, user.id);
    const secondToken = tokenFromLastMail(ctx, input.email!);
    expect(secondToken).not.toBe(firstToken);

    await Promise.all([ctx.services.activation.activate(firstToken), ctx.services.activation.activate(secondToken)]);
    expect(
      await ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, DELIVER_SIGNUP_MESSAGE_JOB), eq(jobs.key, `${DELIVER_SIGNUP_MESSAGE_JOB}:${user.id}`))),
    ).toHaveLength(1);
    // The job and two stray retries racing it.
    await Promise.all([ctx.services.jobRunner.runDue(), ctx.services.signupFirstMessages.deliver(user.id), ctx.services.signupFirstMessages.deliver(user.id)]);
    await ctx.services.signupFirstMessages.confirmed(user.id);
    await ctx.services.jobRunner.runDue();
    await ctx.services.chat.drainSends();

    expect(await sentBy(user.id)).toHaveLength(1);
    expect((await ctx.services.chat.listChats(target.id)).chats[0].num_unread_messages).toBe(1);
    expect(await firstMessages().find(user.id)).toMatchObject({ outcome: 'sent' });
  });

  it('is settled as blocked, nothing sent, when the target blocked the member meanwhile', async () => {
    const target = await createVisibleMember(ctx, site);
    const { user, input } = await signUpTo(target.id);
    await ctx.services.blocks.block(target.id, user.id);
    await confirm(input.email!);
    expect(await sentBy(user.id)).toEqual([]);
    expect(await firstMessages().find(user.id)).toMatchObject({ outcome: 'blocked', settledAt: expect.any(Date) });
  });

  it('is settled as target_unavailable, nothing sent, when the target left meanwhile', async () => {
    const target = await createVisibleMember(ctx, site);
    const { user, input } = await signUpTo(target.id);
    await createUsersRepository(ctx.db).update(target.id, { status: 'deleted', deletedAt: ctx.clock.now() });
    await confirm(input.email!);
    expect(await sentBy(user.id)).toEqual([]);
    expect(await firstMessages().find(user.id)).toMatchObject({ outcome: 'target_unavailable' });
  });

  it('is settled as not_enough_credits, nothing sent, when it is not free and the member has no credits', async () => {
    const paying = await createSite(ctx.db, { freeMessages: 0, messageCredits: 7, signupCredits: 0 });
    const target = await createVisibleMember(ctx, paying);
    const { user, input } = await signUpTo(target.id, 'Hello', paying);
    await confirm(input.email!);
    expect(await sentBy(user.id)).toEqual([]);
    expect(await firstMessages().find(user.id)).toMatchObject({ outcome: 'not_enough_credits' });
  });
});

describe('the first message and the safety signals', () => {
  const withNumber = 'Hi! Text me on +31 6 1234 5678, I am rarely here.';

  it('asks the writer at sign-up, as the chat does, and creates nothing until they confirm', async () => {
    const target = await createVisibleMember(ctx, site);
    const email = `asked.${Date.now()}@example.com`;
    const input = { email, gender: 'male', seeking: 'female', target_profile_id: target.id, signup_message: withNumber };
    const asked = await signUpMember(ctx, site, input).then(
      () => null,
      (problem: AppError) => problem,
    );
    expect(asked?.code).toBe('message_safety_confirm');
    expect(asked?.fields).toEqual([{ field: 'signup_message', code: 'message_safety_confirm', params: { reason: 'phone' } }]);
    expect(await createUsersRepository(ctx.db).findByEmail(site.id, email)).toBeNull();

    const { user } = await signUpMember(ctx, site, { ...input, confirmed_safety: true });
    expect(await firstMessages().find(user.id)).toMatchObject({ body: withNumber, settledAt: null });
  });

  it('lets a message without findings through without asking', async () => {
    const target = await createVisibleMember(ctx, site);
    const { user } = await signUpTo(target.id, 'Your photos from the lake are lovely.');
    expect(await firstMessages().find(user.id)).toMatchObject({ body: 'Your photos from the lake are lovely.' });
  });

  it('delivers a confirmed message with the recipient’s warning, as a typed one', async () => {
    const target = await createVisibleMember(ctx, site);
    const { user, input } = await signUpMember(ctx, site, {
      gender: 'male',
      seeking: 'female',
      target_profile_id: target.id,
      signup_message: withNumber,
      confirmed_safety: true,
    });
    await confirm(input.email!);
    expect(await firstMessages().find(user.id)).toMatchObject({ outcome: 'sent' });
    const [sent] = await sentBy(user.id);
    expect(sent).toMatchObject({ body: withNumber, warnings: ['off_site'] });
  });

  it('refuses such a message outright where the site blocks them, even confirmed', async () => {
    const strict = await createSite(ctx.db, { messageCredits: 10, freeMessages: 2, freeConversations: 2 });
    const { member: admin } = await createStaffMember(ctx, 'admin');
    await ctx.services.safetyRules.saveSettings({ id: admin.id, email: admin.email, role: 'admin', ip: '127.0.0.1' }, strict.id, {
      hold_contact_texts: true,
      message_policy: 'block',
    });
    const target = await createVisibleMember(ctx, strict);
    const refused = await signUpTo(target.id, withNumber, strict).then(
      () => null,
      (problem: AppError) => problem,
    );
    expect(refused?.code).toBe('message_safety_blocked');
    expect(refused?.fields).toEqual([{ field: 'signup_message', code: 'message_safety_blocked', params: { reason: 'phone' } }]);
  });

  it('records a message the site began to block after the sign-up as not sent', async () => {
    const later = await createSite(ctx.db, { messageCredits: 10, freeMessages: 2, freeConversations: 2 });
    const target = await createVisibleMember(ctx, later);
    const { user, input } = await signUpMember(ctx, later, {
      gender: 'male',
      seeking: 'female',
      target_profile_id: target.id,
      signup_message: withNumber,
      confirmed_safety: true,
    });
    const { member: admin } = await createStaffMember(ctx, 'admin');
    await ctx.services.safetyRules.saveSettings({ id: admin.id, email: admin.email, role: 'admin', ip: '127.0.0.1' }, later.id, {
      hold_contact_texts: true,
      message_policy: 'block',
    });
    await confirm(input.email!);
    expect(await firstMessages().find(user.id)).toMatchObject({ outcome: 'safety_blocked' });
    expect(await sentBy(user.id)).toEqual([]);
  });
});
