import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createRecordingNotifier } from '../../../tests/setup/recording-notifier';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { bookCredits } from '../credits/ledger';
import { jobs, users, type SiteRow } from '../../db/schema/index';
import { createManualClock } from '../shared/clock';
import { createNotificationFactsRepository } from '../../db/repositories/notification-facts.repository';
import { createJobsRepository } from '../../db/repositories/jobs.repository';
import { createMessageNotifications, NEW_CONVERSATION_JOB, NEW_MESSAGES_DELAY_MS, NEW_MESSAGES_GAP_MS, NEW_MESSAGES_JOB } from './message-notifications';

const MINUTE = 60_000;
const clock = createManualClock(new Date('2026-03-02T09:00:00Z'));
const notifier = createRecordingNotifier(clock);
let ctx: TestContext;
let site: SiteRow;

beforeAll(async () => {
  ctx = await createTestContext({ services: { clock, notifier } });
  notifier.attach(ctx.db);
  site = await createSite(ctx.db, { messageCredits: 1, freeMessages: 0, freeConversations: 100 });
});
afterAll(() => ctx.close());
beforeEach(() => notifier.clear());

let next = 0;
const clientId = () => `n-${++next}`;

async function member(options: { name?: string; isFictional?: boolean } = {}) {
  const user = await createVisibleMember(ctx, site, { paidUser: true, ...options });
  await bookCredits(ctx.db, { userId: user.id, delta: 1000, reason: 'adjustment', at: clock.now() });
  return user;
}

/** Sends a text and waits until its notification job is enqueued. */
async function write(senderId: number, to: { profileId: number } | { conversationId: number }, text = 'Hello!') {
  const sent = await ctx.services.chat.send(site, senderId, { ...to, kind: 'text', text, clientId: clientId() });
  await ctx.services.eventNotifications.messages!.settled();
  return sent.message;
}

/** Runs every job due now (a job may enqueue another; those wait for their time). */
async function runJobs() {
  while ((await ctx.services.jobRunner.runDue(100)) > 0);
}

async function jobsOf(kind: string, conversationId: number) {
  return ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), like(jobs.key, `%:${conversationId}:%`)));
}

describe('new_conversations', () => {
  it('tells the member at once that someone wrote to them for the first time, once', async () => {
    const writer = await member({ name: 'Anna' });
    const reader = await member();
    const first = await write(writer.id, { profileId: reader.id });
    await write(writer.id, { conversationId: first.conversation_id }, 'Are you there?');
    await runJobs();

    const sent = notifier.to(reader.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'new_conversations',
      content: { template: 'new_conversations', values: { sender_name: 'Anna' }, path: `/chats/${first.conversation_id}` },
      options: { topic: String(first.conversation_id) },
    });
    expect(notifier.to(writer.id)).toHaveLength(0);
    expect(await jobsOf(NEW_CONVERSATION_JOB, first.conversation_id)).toHaveLength(1);

    clock.advance(NEW_MESSAGES_DELAY_MS);
    await runJobs();
    // The second message came within the hour of the first mail: nothing more yet.
    expect(notifier.to(reader.id)).toHaveLength(1);
  });

  it('counts a gift as the first words', async () => {
    const writer = await member({ name: 'Gifted' });
    const reader = await member();
    const sent = await ctx.services.chat.send(site, writer.id, { profileId: reader.id, kind: 'gift', text: '', giftId: 'rose', clientId: clientId() });
    await ctx.services.eventNotifications.messages!.settled();
    await runJobs();
    expect(notifier.to(reader.id, 'new_conversations')).toMatchObject([
      { content: { values: { sender_name: 'Gifted' }, path: `/chats/${sent.message.conversation_id}` } },
    ]);
  });

  it('tells a member a fictional profile wrote to them, but never enqueues anything for a fictional recipient', async () => {
    const fictional = await member({ name: 'Host Profile', isFictional: true });
    const real = await member();
    const hostFirst = await write(fictional.id, { profileId: real.id });
    const otherFictional = await member({ isFictional: true });
    // A gift needs no confirmation of the fictional-profile warning, a text would.
    const toFictional = (
      await ctx.services.chat.send(site, real.id, { profileId: otherFictional.id, kind: 'gift', text: '', giftId: 'rose', clientId: clientId() })
    ).message;
    await ctx.services.eventNotifications.messages!.settled();
    await runJobs();
    expect(notifier.to(real.id, 'new_conversations')).toHaveLength(1);
    expect([...notifier.to(fictional.id), ...notifier.to(otherFictional.id)]).toHaveLength(0);
    expect(await jobsOf(NEW_CONVERSATION_JOB, hostFirst.conversation_id)).toHaveLength(1);
    expect(await jobsOf(NEW_CONVERSATION_JOB, toFictional.conversation_id)).toHaveLength(0);
  });

  it('sends nothing when the member read it before the job ran, or switched the kind off everywhere', async () => {
    const writer = await member();
    const reader = await member();
    const first = await write(writer.id, { profileId: reader.id });
    await ctx.services.chat.markRead(reader.id, first.conversation_id);
    const other = await member();
    await ctx.db
      .update(users)
      .set({ emailNotificationsOff: ['new_conversations'], pushNotificationsOff: ['new_conversations'] })
      .where(eq(users.id, other.id));
    await write(writer.id, { profileId: other.id });
    await runJobs();
    expect(notifier.to(reader.id)).toHaveLength(0);
    expect(notifier.to(other.id)).toHaveLength(0);
  });
});

describe('new_messages', () => {
  /** A conversation the reader opened and the writer answered: the writer's next words are new messages. */
  async function conversation() {
    const writer = await member({ name: 'Bea' });
    const reader = await member();
    const opening = await write(reader.id, { profileId: writer.id });
    await runJobs();
    notifier.clear();
    return { writer, reader, conversationId: opening.conversation_id };
  }

  it('mails a burst of messages once, a few minutes later, counting them', async () => {
    const { writer, reader, conversationId } = await conversation();
    for (const text of ['one', 'two', 'three']) await write(writer.id, { conversationId }, text);
    expect(await jobsOf(NEW_MESSAGES_JOB, conversationId)).toHaveLength(1);

    clock.advance(NEW_MESSAGES_DELAY_MS - MINUTE);
    await runJobs();
    expect(notifier.to(reader.id)).toHaveLength(0);

    clock.advance(MINUTE);
    await runJobs();
    expect(notifier.to(reader.id)).toMatchObject([
      {
        kind: 'new_messages',
        content: { template: 'new_messages', values: { sender_name: 'Bea', count: 3 }, path: `/chats/${conversationId}` },
        options: { topic: String(conversationId) },
      },
    ]);
    await runJobs();
    expect(notifier.to(reader.id)).toHaveLength(1);
  });

  it('mails at most once an hour per conversation, and after the hour what is still unread', async () => {
    const { writer, reader, conversationId } = await conversation();
    await write(writer.id, { conversationId });
    clock.advance(NEW_MESSAGES_DELAY_MS);
    await runJobs();
    expect(notifier.to(reader.id)).toHaveLength(1);
    const firstMail = clock.now().getTime();

    clock.advance(10 * MINUTE);
    await write(writer.id, { conversationId }, 'still there?');
    clock.advance(NEW_MESSAGES_DELAY_MS);
    await runJobs();
    expect(notifier.to(reader.id)).toHaveLength(1);

    clock.set(new Date(firstMail + NEW_MESSAGES_GAP_MS - MINUTE));
    await runJobs();
    expect(notifier.to(reader.id)).toHaveLength(1);

    clock.set(new Date(firstMail + NEW_MESSAGES_GAP_MS));
    await runJobs();
    expect(notifier.to(reader.id, 'new_messages')).toHaveLength(2);
    expect(notifier.to(reader.id, 'new_messages')[1].content.values).toMatchObject({ count: 2 });
  });

  it('sends nothing after the hour when the member read the messages meanwhile', async () => {
    const { writer, reader, conversationId } = await conversation();
    await write(writer.id, { conversationId });
    clock.advance(NEW_MESSAGES_DELAY_MS);
    await runJobs();
    clock.advance(5 * MINUTE);
    await write(writer.id, { conversationId });
    clock.advance(NEW_MESSAGES_DELAY_MS);
    await runJobs();
    await ctx.services.chat.markRead(reader.id, conversationId);
    clock.advance(NEW_MESSAGES_GAP_MS);
    await runJobs();
    expect(notifier.to(reader.id)).toHaveLength(1);
  });

  it('sends nothing when the member read them before the job ran', async () => {
    const { writer, reader, conversationId } = await conversation();
    await write(writer.id, { conversationId });
    await ctx.services.chat.markRead(reader.id, conversationId);
    clock.advance(NEW_MESSAGES_DELAY_MS);
    await runJobs();
    expect(notifier.to(reader.id)).toHaveLength(0);
  });

  it('sends nothing while the member has an open socket, and again once they left', async () => {
    const { writer, reader, conversationId } = await conversation();
    ctx.services.presence.opened(reader.id);
    await ctx.services.presence.flush();
    await write(writer.id, { conversationId });
    clock.advance(NEW_MESSAGES_DELAY_MS);
    // The gateway's timer refreshes open sockets' members every minute; here by hand.
    await ctx.services.presence.flush();
    await runJobs();
    expect(notifier.to(reader.id)).toHaveLength(0);

    ctx.services.presence.closed(reader.id);
    await ctx.services.presence.flush();
    clock.advance(NEW_MESSAGES_DELAY_MS);
    await write(writer.id, { conversationId });
    clock.advance(NEW_MESSAGES_DELAY_MS);
    await runJobs();
    expect(notifier.to(reader.id, 'new_messages')).toMatchObject([{ content: { values: { count: 2 } } }]);
  });

  it('sends nothing when the member switched new messages off by mail and push, and still when only mail is off', async () => {
    const off = await conversation();
    await ctx.db
      .update(users)
      .set({ emailNotificationsOff: ['new_messages'], pushNotificationsOff: ['new_messages'] })
      .where(eq(users.id, off.reader.id));
    const mailOff = await conversation();
    await ctx.db
      .update(users)
      .set({ emailNotificationsOff: ['new_messages'] })
      .where(eq(users.id, mailOff.reader.id));
    await write(off.writer.id, { conversationId: off.conversationId });
    await write(mailOff.writer.id, { conversationId: mailOff.conversationId });
    clock.advance(NEW_MESSAGES_DELAY_MS);
    await runJobs();
    expect(notifier.to(off.reader.id)).toHaveLength(0);
    // Push may still carry it: the notifier decides per channel.
    expect(notifier.to(mailOff.reader.id, 'new_messages')).toHaveLength(1);
  });
});

describe('enqueueing', () => {
  it('wakes the runner only for a job due at once, and writes a conversation’s window once', async () => {
    let wakes = 0;
    const rules = createMessageNotifications({
      jobs: createJobsRepository(ctx.db),
      facts: createNotificationFactsRepository(ctx.db),
      notifier,
      clock,
      onDueNow: () => (wakes += 1),
    });
    const writer = await member();
    const reader = await member();
    const opening = await write(writer.id, { profileId: reader.id });
    const committed = (message: typeof opening, opened: boolean) => ({
      message,
      recipientId: reader.id,
      recipientUnread: 1,
      opened,
      recipientFictional: false,
    });
    const keysBefore = (await jobsOf(NEW_CONVERSATION_JOB, opening.conversation_id)).length;
    rules.messagesCommitted([committed(opening, true)]);
    await rules.settled();
    // The service's own rules enqueued that key already: nothing new, nothing to wake for.
    expect(wakes).toBe(0);
    expect(await jobsOf(NEW_CONVERSATION_JOB, opening.conversation_id)).toHaveLength(keysBefore);

    const later = await write(writer.id, { conversationId: opening.conversation_id });
    await ctx.db.delete(jobs).where(eq(jobs.kind, NEW_MESSAGES_JOB));
    rules.messagesCommitted([committed(later, false), committed(later, false)]);
    rules.messagesCommitted([committed(later, false)]);
    await rules.settled();
    expect(wakes).toBe(0);
    expect(await jobsOf(NEW_MESSAGES_JOB, opening.conversation_id)).toHaveLength(1);

    const other = await member();
    const fresh = await write(writer.id, { profileId: other.id });
    await ctx.db.delete(jobs).where(eq(jobs.kind, NEW_CONVERSATION_JOB));
    rules.messagesCommitted([{ ...committed(fresh, true), recipientId: other.id }]);
    await rules.settled();
    expect(wakes).toBe(1);
  });
});
