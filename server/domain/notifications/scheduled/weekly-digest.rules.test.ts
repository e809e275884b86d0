import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../../tests/factories/sites';
import { createMember, createScheduledHarness } from '../../../../tests/setup/scheduled-notifications';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { blocks, likes } from '../../../db/schema/index';
import { isoWeekOf } from './iso-week';
import { WEEKLY_DIGEST_BATCH_JOB, WEEKLY_DIGEST_JOB } from './weekly-digest.rules';

const DAY = 86_400_000;
let ctx: TestContext;
let harness: ReturnType<typeof createScheduledHarness>;

beforeAll(async () => {
  ctx = await createTestContext();
  harness = createScheduledHarness(ctx);
});
afterAll(() => ctx.close());

describe('isoWeekOf', () => {
  it('names the ISO week, whose year is its Thursday’s', () => {
    expect(isoWeekOf(new Date('2026-06-10T10:00:00Z'))).toBe('2026-W24');
    expect(isoWeekOf(new Date('2027-01-01T10:00:00Z'))).toBe('2026-W53');
    expect(isoWeekOf(new Date('2024-12-30T00:00:00Z'))).toBe('2025-W01');
  });
});

describe('weekly_updates', () => {
  it('tells each member of the week’s new members who fit their search (own region first) and their likes; skips members with nothing to tell; never twice', async () => {
    const runAt = new Date('2026-06-10T10:00:00Z');
    const longAgo = new Date(runAt.getTime() - 90 * DAY);
    const inWeek = (daysAgo: number) => new Date(runAt.getTime() - daysAgo * DAY);
    const site = await createSite(ctx.db);
    const nicheSite = await createSite(ctx.db, { niche: 3 });
    ctx.clock.set(longAgo);
    const reader = await createMember(ctx, site, { gender: 'male', seeking: 'female', country: 'NL', region: 'NH', language: 'it', createdAt: longAgo });
    const nothingToTell = await createMember(ctx, site, { gender: 'female', seeking: 'female', country: 'GB', createdAt: longAgo });
    const switchedOff = await createMember(ctx, site, { gender: 'male', seeking: 'female', country: 'NL', emailOff: ['weekly_updates'], createdAt: longAgo });
    const likedOnly = await createMember(ctx, site, { gender: 'male', seeking: 'male', country: 'DE', createdAt: longAgo });
    const onNicheSite = await createMember(ctx, nicheSite, { gender: 'male', seeking: 'female', country: 'NL', createdAt: longAgo });
    const unconfirmed = await createMember(ctx, site, { gender: 'male', seeking: 'female', country: 'NL', status: 'not_confirmed', createdAt: longAgo });

    const sameRegion = await createMember(ctx, site, {
      name: 'Anna',
      gender: 'female',
      seeking: 'male',
      country: 'NL',
      region: 'NH',
      dateOfBirth: '1996-01-20',
      createdAt: inWeek(5),
    });
    const otherRegion = await createMember(ctx, site, { name: 'Bea', gender: 'female', seeking: 'both', country: 'NL', region: 'ZH', createdAt: inWeek(1) });
    const nicheFit = await createMember(ctx, site, {
      name: 'Cleo',
      gender: 'female',
      seeking: 'male',
      country: 'NL',
      region: 'UT',
      niches: [3],
      createdAt: inWeek(2),
    });
    await createMember(ctx, site, { gender: 'female', seeking: 'female', country: 'NL', region: 'NH', createdAt: inWeek(1) });
    await createMember(ctx, site, { gender: 'male', seeking: 'male', country: 'NL', region: 'NH', createdAt: inWeek(1) });
    await createMember(ctx, site, { gender: 'female', seeking: 'male', country: 'DE', createdAt: inWeek(1) });
    await createMember(ctx, site, { gender: 'female', seeking: 'male', country: 'NL', isFictional: true, createdAt: inWeek(1) });
    await createMember(ctx, site, { gender: 'female', seeking: 'male', country: 'NL', createdAt: inWeek(8) });
    const blockedByReader = await createMember(ctx, site, { gender: 'female', seeking: 'male', country: 'NL', region: 'NH', createdAt: inWeek(3) });
    await ctx.db.insert(blocks).values({ blockerId: reader.id, blockedId: blockedByReader.id, createdAt: inWeek(1) });
    await ctx.db.insert(likes).values([
      { likerId: sameRegion.id, likedId: reader.id, createdAt: inWeek(2) },
      { likerId: otherRegion.id, likedId: reader.id, createdAt: inWeek(1) },
      { likerId: nicheFit.id, likedId: reader.id, createdAt: inWeek(9) },
      { likerId: reader.id, likedId: likedOnly.id, createdAt: inWeek(3) },
    ]);

    ctx.clock.set(runAt);
    harness.notifier.clear();
    await harness.jobs.enqueue(WEEKLY_DIGEST_JOB, {}, runAt, runAt, { key: `${WEEKLY_DIGEST_JOB}@${runAt.toISOString()}` });
    await harness.runAll();
    const week = '2026-W24';

    const toReader = harness.notifier.to(reader.id);
    expect(toReader).toHaveLength(1);
    expect(toReader[0]).toMatchObject({
      kind: 'weekly_updates',
      language: 'it',
      subject: 'La tua settimana: 3 nuovi membri, 2 Mi piace',
      content: { template: 'weekly_updates', values: { new_members: 3, likes: 2 }, path: '/members' },
      options: { key: `weekly_updates:${reader.id}:${week}`, topic: week },
    });
    expect(toReader[0].content.items).toEqual([
      { title: 'Anna, 30', subtitle: 'NH, NL', path: `/members/${sameRegion.id}` },
      { title: 'Bea, 35', subtitle: 'ZH, NL', path: `/members/${otherRegion.id}` },
      // Niche 1 shows every profile; the niche-3 site below shows only those of its niche.
      { title: 'Cleo, 35', subtitle: 'UT, NL', path: `/members/${nicheFit.id}` },
    ]);
    expect(harness.notifier.to(likedOnly.id)).toMatchObject([{ content: { values: { new_members: 0, likes: 1 }, path: '/likes', items: [] } }]);
    expect(harness.notifier.to(onNicheSite.id).map((entry) => entry.content.items?.map((item) => item.path))).toEqual([[`/members/${nicheFit.id}`]]);
    for (const member of [nothingToTell, switchedOff, unconfirmed]) expect(harness.notifier.to(member.id)).toEqual([]);

    // The weekly job started again (another instance) and a batch retried: nothing is sent twice.
    const sentBefore = harness.notifier.sent.length;
    await harness.jobs.enqueue(WEEKLY_DIGEST_JOB, {}, runAt, runAt, { key: `${WEEKLY_DIGEST_JOB}@again` });
    await harness.runAll();
    const payload = { week, since: new Date(runAt.getTime() - 7 * DAY).toISOString(), until: runAt.toISOString(), afterId: 0, throughId: 1_000_000 };
    expect(await harness.scheduled.weekly.sendBatch(payload)).toBe(0);
    expect(harness.notifier.sent.length).toBe(sentBefore);
  });

  it('splits the members into batch jobs by id, each enqueued once', async () => {
    const runAt = new Date('2026-06-20T10:00:00Z');
    ctx.clock.set(runAt);
    const batches = await harness.scheduled.weekly.start();
    const again = await harness.scheduled.weekly.start();
    expect(batches).toBeGreaterThan(0);
    expect(again).toBe(batches);
    const rows = await ctx.db.execute(
      sql`select count(*)::int as count from jobs where kind = ${WEEKLY_DIGEST_BATCH_JOB} and key like ${`${WEEKLY_DIGEST_BATCH_JOB}:2026-W25:%`}`,
    );
    expect((rows as unknown as { rows: { count: number }[] }).rows[0].count).toBe(batches);
  });
});
