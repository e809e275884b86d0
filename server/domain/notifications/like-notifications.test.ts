import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createRecordingNotifier } from '../../../tests/setup/recording-notifier';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createLikesRepository } from '../../db/repositories/likes.repository';
import { users, type SiteRow } from '../../db/schema/index';
import { createManualClock } from '../shared/clock';
import { LIKE_DELAY_MS, LIKE_GAP_MS } from './like-notifications';

const MINUTE = 60_000;
const clock = createManualClock(new Date('2026-03-02T09:00:00Z'));
const notifier = createRecordingNotifier(clock);
let ctx: TestContext;
let site: SiteRow;

beforeAll(async () => {
  ctx = await createTestContext({ services: { clock, notifier } });
  notifier.attach(ctx.db);
  site = await createSite(ctx.db);
});
afterAll(() => ctx.close());
beforeEach(() => notifier.clear());

const member = (name?: string) => createVisibleMember(ctx, site, { name, gender: 'male', seeking: 'female', paidUser: true });

async function like(likerId: number, likedId: number) {
  await ctx.services.likes.like(likerId, likedId);
  await ctx.services.eventNotifications.likes!.settled();
}

/** The like mails only: the runner also runs the scheduled kinds (a weekly digest may mention likes too). */
const likeMails = (memberId: number) => notifier.to(memberId).filter((sent) => sent.kind === 'like');

async function runJobs() {
  while ((await ctx.services.jobRunner.runDue(100)) > 0);
}

describe('like', () => {
  it('mails the likes that arrive together once, a few minutes later, counting them', async () => {
    const liked = await member();
    await like((await member('First')).id, liked.id);
    clock.advance(2 * MINUTE);
    await like((await member('Second')).id, liked.id);
    await like((await member('Third')).id, liked.id);

    clock.advance(LIKE_DELAY_MS - 2 * MINUTE - 1);
    await runJobs();
    expect(likeMails(liked.id)).toHaveLength(0);
    clock.advance(1);
    await runJobs();
    clock.advance(LIKE_DELAY_MS);
    await runJobs();
    expect(likeMails(liked.id)).toMatchObject([
      { kind: 'like', content: { template: 'like', values: { count: 3, sender_name: 'Third' }, path: '/likes' }, options: { topic: 'likes' } },
    ]);
  });

  it('mails at most once in a few hours, then the likes that came meanwhile', async () => {
    const liked = await member();
    await like((await member()).id, liked.id);
    clock.advance(LIKE_DELAY_MS);
    await runJobs();
    const firstMail = clock.now().getTime();
    expect(likeMails(liked.id)).toHaveLength(1);

    clock.advance(30 * MINUTE);
    await like((await member()).id, liked.id);
    clock.advance(LIKE_DELAY_MS);
    await runJobs();
    await like((await member('Latest')).id, liked.id);
    clock.set(new Date(firstMail + LIKE_GAP_MS - MINUTE));
    await runJobs();
    expect(likeMails(liked.id)).toHaveLength(1);

    clock.set(new Date(firstMail + LIKE_GAP_MS));
    await runJobs();
    expect(likeMails(liked.id)).toHaveLength(2);
    expect(likeMails(liked.id)[1].content.values).toEqual({ count: 2, sender_name: 'Latest' });
  });

  it('sends nothing for likes the member has already looked at, or when likes are switched off everywhere', async () => {
    const liked = await member();
    const liker = await member();
    await like(liker.id, liked.id);
    await createLikesRepository(ctx.db).markSeen(liker.id, liked.id);
    const off = await member();
    await ctx.db
      .update(users)
      .set({ emailNotificationsOff: ['like'], pushNotificationsOff: ['like'] })
      .where(eq(users.id, off.id));
    await like((await member()).id, off.id);
    clock.advance(LIKE_DELAY_MS);
    await runJobs();
    expect(likeMails(liked.id)).toHaveLength(0);
    expect(likeMails(off.id)).toHaveLength(0);
  });

  it('counts likes from the swipe game', async () => {
    const liked = await member();
    const swiper = await createVisibleMember(ctx, site, { gender: 'female', seeking: 'male', paidUser: true, name: 'Swiper' });
    await ctx.services.swipe.swipe(swiper.id, liked.id, 'like', 'match_finder');
    await ctx.services.eventNotifications.likes!.settled();
    clock.advance(LIKE_DELAY_MS);
    await runJobs();
    expect(likeMails(liked.id)).toMatchObject([{ content: { values: { count: 1, sender_name: 'Swiper' } } }]);
  });
});

describe('match', () => {
  it('tells the member who liked first at once, as a match under the like kind, and only once', async () => {
    const first = await member('Early');
    const second = await member('Late');
    await like(first.id, second.id);
    await like(second.id, first.id);
    await runJobs();
    expect(likeMails(first.id)).toMatchObject([
      { kind: 'like', content: { template: 'match', values: { sender_name: 'Late' }, path: `/likes/m/${second.id}` }, options: { topic: 'match' } },
    ]);

    await ctx.services.likes.unlike(second.id, first.id);
    await like(second.id, first.id);
    await runJobs();
    expect(likeMails(first.id)).toHaveLength(1);

    // The returned like is the match, not a like to count: `second` is told of the match (by push,
    // for their other devices, issue 35) and of no like.
    clock.advance(LIKE_DELAY_MS);
    await runJobs();
    expect(likeMails(second.id).map((notice) => notice.content.template)).toEqual(['match']);
    expect(likeMails(first.id)).toHaveLength(1);
  });

  it('tells of no match that was undone before the job ran', async () => {
    const first = await member();
    const second = await member();
    await like(first.id, second.id);
    await like(second.id, first.id);
    await ctx.services.likes.unlike(second.id, first.id);
    await runJobs();
    expect(likeMails(first.id)).toHaveLength(0);
  });
});
