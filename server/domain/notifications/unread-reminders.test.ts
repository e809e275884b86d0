import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createRecordingNotifier } from '../../../tests/setup/recording-notifier';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { bookCredits } from '../credits/ledger';
import { createJobsRepository } from '../../db/repositories/jobs.repository';
import { users, type SiteRow } from '../../db/schema/index';
import { createManualClock } from '../shared/clock';
import { UNREAD_FOR_MS, UNREAD_REMINDERS_EVERY_MS, UNREAD_REMINDERS_JOB } from './unread-reminders';

const HOUR = 3_600_000;
const clock = createManualClock(new Date('2026-03-02T09:00:00Z'));
const notifier = createRecordingNotifier(clock);
let ctx: TestContext;
let site: SiteRow;

beforeAll(async () => {
  ctx = await createTestContext({ services: { clock, notifier } });
  notifier.attach(ctx.db);
  site = await createSite(ctx.db, { messageCredits: 1, freeConversations: 100 });
});
afterAll(() => ctx.close());
beforeEach(() => notifier.clear());

let next = 0;
async function member(options: { name?: string; isFictional?: boolean } = {}) {
  const user = await createVisibleMember(ctx, site, { paidUser: true, ...options });
  await bookCredits(ctx.db, { userId: user.id, delta: 1000, reason: 'adjustment', at: clock.now() });
  return user;
}
async function write(senderId: number, profileId: number) {
  return (await ctx.services.chat.send(site, senderId, { profileId, kind: 'text', text: 'Hi!', clientId: `r-${++next}` })).message;
}

/** What the hourly schedule does: the sweep's job, run by the job runner. */
async function sweepAt(at: number) {
  clock.set(new Date(at));
  const now = clock.now();
  await createJobsRepository(ctx.db).enqueue(UNREAD_REMINDERS_JOB, {}, now, now, { key: `${UNREAD_REMINDERS_JOB}@${now.toISOString()}` });
  while ((await ctx.services.jobRunner.runDue(100)) > 0);
}
const reminders = (userId: number) => notifier.to(userId, 'unread_message_reminders');

describe('unread_message_reminders', () => {
  it('reminds a member of messages unread for 24 hours once, naming the sender and the conversation', async () => {
    const writer = await member({ name: 'Clara' });
    const reader = await member();
    const message = await write(writer.id, reader.id);
    const sentAt = clock.now().getTime();

    await sweepAt(sentAt + UNREAD_FOR_MS - HOUR / 2);
    expect(reminders(reader.id)).toHaveLength(0);

    await sweepAt(sentAt + UNREAD_FOR_MS + HOUR / 2);
    expect(reminders(reader.id)).toMatchObject([
      { content: { template: 'unread_message_reminders', values: { count: 1, sender_name: 'Clara' }, path: `/chats/${message.conversation_id}` } },
    ]);

    for (let hour = 1; hour <= 30; hour += 1) await sweepAt(sentAt + UNREAD_FOR_MS + HOUR / 2 + hour * UNREAD_REMINDERS_EVERY_MS);
    expect(reminders(reader.id)).toHaveLength(1);
  });

  it('reminds at most once a day, then of the messages no reminder covered yet', async () => {
    const reader = await member();
    await write((await member()).id, reader.id);
    const start = clock.now().getTime();
    clock.set(new Date(start + 2 * HOUR));
    await write((await member()).id, reader.id);

    await sweepAt(start + UNREAD_FOR_MS + HOUR / 2);
    expect(reminders(reader.id)).toMatchObject([{ content: { values: { count: 1 } } }]);
    await sweepAt(start + UNREAD_FOR_MS + 3 * HOUR);
    expect(reminders(reader.id)).toHaveLength(1);
    await sweepAt(start + 2 * UNREAD_FOR_MS + HOUR);
    expect(reminders(reader.id)).toHaveLength(2);
    expect(reminders(reader.id)[1].content).toMatchObject({ values: { count: 1 } });
  });

  it('lists several conversations together and leads to the chats', async () => {
    const reader = await member();
    await write((await member()).id, reader.id);
    await write((await member({ name: 'Newest' })).id, reader.id);
    await sweepAt(clock.now().getTime() + UNREAD_FOR_MS + HOUR / 2);
    expect(reminders(reader.id)).toMatchObject([{ content: { values: { count: 2, sender_name: 'Newest' }, path: '/chats' } }]);
  });

  it('reminds nobody who read the messages, came online since, is fictional, or switched reminders off', async () => {
    const writer = await member();
    const readIt = await member();
    const cameBack = await member();
    const fictional = await member({ isFictional: true });
    const off = await member();
    await ctx.db
      .update(users)
      .set({ emailNotificationsOff: ['unread_message_reminders'] })
      .where(eq(users.id, off.id));
    const start = clock.now().getTime();
    const read = await write(writer.id, readIt.id);
    await write(writer.id, cameBack.id);
    await write(writer.id, off.id);
    // The host's reply path is not needed here: a member's message to a fictional profile waits unread the same way.
    await ctx.services.chat.send(site, writer.id, { profileId: fictional.id, kind: 'gift', text: '', giftId: 'rose', clientId: `r-${++next}` });
    await ctx.services.chat.markRead(readIt.id, read.conversation_id);

    clock.set(new Date(start + 5 * HOUR));
    ctx.services.presence.opened(cameBack.id);
    await ctx.services.presence.flush();
    ctx.services.presence.closed(cameBack.id);
    clock.advance(10 * 60_000);
    await ctx.services.presence.flush();

    await sweepAt(start + UNREAD_FOR_MS + HOUR / 2);
    for (const user of [readIt, cameBack, fictional, off]) expect(reminders(user.id)).toHaveLength(0);
  });
});
