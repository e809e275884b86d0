import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSite } from '../../../../tests/factories/sites';
import { createMember, createScheduledHarness, removePhotos } from '../../../../tests/setup/scheduled-notifications';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { photos, users } from '../../../db/schema/index';
import { REMINDERS_SWEEP_JOB } from './scheduled-jobs';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let ctx: TestContext;
let harness: ReturnType<typeof createScheduledHarness>;
let base = new Date('2026-03-01T08:00:00Z').getTime();

beforeAll(async () => {
  ctx = await createTestContext();
  harness = createScheduledHarness(ctx);
});
afterAll(() => ctx.close());

function nextSignupMoment() {
  base += 30 * DAY;
  ctx.clock.set(new Date(base));
  return new Date(base);
}

/** Sweeps every hour from `fromMs` to `toMs` after sign-up; answers what was sent meanwhile. */
async function sweepBetween(signedUpAt: Date, fromMs: number, toMs: number) {
  harness.notifier.clear();
  for (let offset = fromMs; offset <= toMs; offset += HOUR) {
    ctx.clock.set(new Date(signedUpAt.getTime() + offset));
    await harness.jobs.enqueue(REMINDERS_SWEEP_JOB, {}, ctx.clock.now(), ctx.clock.now());
    await harness.runAll();
  }
  return harness.notifier.sent.filter((entry) => entry.kind === 'reminders');
}

describe('reminders: activation', () => {
  it('reminds unconfirmed members after 1 and 3 days only, each time with a fresh link that confirms them', async () => {
    const site = await createSite(ctx.db);
    const signedUpAt = nextSignupMoment();
    const unconfirmed = await createMember(ctx, site, { status: 'not_confirmed', language: 'nl' });
    const confirmed = await createMember(ctx, site);
    const switchedOff = await createMember(ctx, site, { status: 'not_confirmed', emailOff: ['reminders'] });

    expect(await sweepBetween(signedUpAt, 0, DAY - 60_000)).toEqual([]);

    const dayOne = await sweepBetween(signedUpAt, DAY, DAY + 2 * HOUR);
    expect(dayOne).toHaveLength(1);
    expect(dayOne[0]).toMatchObject({
      userId: unconfirmed.id,
      language: 'nl',
      subject: 'Bevestig je e-mailadres',
      content: { template: 'reminders_activation', values: { days: 1 } },
      options: { key: `reminders:activation_1:${unconfirmed.id}`, topic: 'activation_1' },
    });
    expect(dayOne[0].body).toContain('1 dagen');
    const firstLink = dayOne[0].content.path;
    expect(firstLink).toMatch(/^\/api\/activate\.php\?token=[\w-]+$/);

    expect(await sweepBetween(signedUpAt, DAY + 2 * HOUR, 3 * DAY - 60_000)).toEqual([]);
    const dayThree = await sweepBetween(signedUpAt, 3 * DAY, 3 * DAY + HOUR);
    expect(dayThree.map((entry) => [entry.userId, entry.content.values?.days, entry.options.topic])).toEqual([[unconfirmed.id, 3, 'activation_3']]);
    expect(dayThree[0].content.path).not.toBe(firstLink);
    expect(await sweepBetween(signedUpAt, 3 * DAY + HOUR, 5 * DAY)).toEqual([]);

    for (const member of [confirmed, switchedOff])
      expect(harness.notifier.sent.some((entry) => entry.userId === member.id && entry.content.template === 'reminders_activation')).toBe(false);

    // The reminder's link is a real activation link: following it confirms the member.
    const token = new URL(dayThree[0].content.path, 'https://site.test').searchParams.get('token')!;
    expect(await ctx.services.activation.activate(token)).toBe(unconfirmed.id);
    const [after] = await ctx.db.select({ status: users.status }).from(users).where(eq(users.id, unconfirmed.id));
    expect(after.status).toBe('active');
  });

  it('stops reminding a member who confirmed in between', async () => {
    const site = await createSite(ctx.db);
    const signedUpAt = nextSignupMoment();
    const member = await createMember(ctx, site, { status: 'not_confirmed' });
    expect((await sweepBetween(signedUpAt, DAY, DAY)).map((entry) => entry.userId)).toEqual([member.id]);
    await ctx.db.update(users).set({ status: 'active' }).where(eq(users.id, member.id));
    expect(
      (await sweepBetween(signedUpAt, 3 * DAY, 3 * DAY + HOUR)).filter(
        (entry) => entry.userId === member.id && entry.content.template === 'reminders_activation',
      ),
    ).toEqual([]);
  });
});

describe('reminders: profile photo', () => {
  it('reminds confirmed members without a photo two days after sign-up, once; not those with a photo shown or awaiting moderation', async () => {
    const site = await createSite(ctx.db);
    const signedUpAt = nextSignupMoment();
    const withoutPhoto = await createMember(ctx, site, { withPhotos: 0, language: 'sv' });
    const withPhoto = await createMember(ctx, site);
    const pending = await createMember(ctx, site);
    await ctx.db.update(photos).set({ status: 'pending' }).where(eq(photos.userId, pending.id));
    const rejected = await createMember(ctx, site);
    await ctx.db.update(photos).set({ status: 'rejected' }).where(eq(photos.userId, rejected.id));
    const switchedOff = await createMember(ctx, site, { withPhotos: 0, emailOff: ['reminders'] });
    await removePhotos(ctx, switchedOff.id);

    expect(await sweepBetween(signedUpAt, DAY, 2 * DAY - 60_000)).toEqual([]);
    const sent = await sweepBetween(signedUpAt, 2 * DAY, 2 * DAY + 3 * HOUR);
    expect(sent.map((entry) => entry.userId).sort()).toEqual([withoutPhoto.id, rejected.id].sort());
    expect(sent.find((entry) => entry.userId === withoutPhoto.id)).toMatchObject({
      language: 'sv',
      subject: 'Lägg till ett foto i din profil',
      action: 'Lägg till ett foto',
      content: { template: 'reminders_photo', path: '/profile' },
      options: { key: `reminders:photo:${withoutPhoto.id}`, topic: 'photo' },
    });
    expect(await sweepBetween(signedUpAt, 2 * DAY + 3 * HOUR, 4 * DAY)).toEqual([]);
    expect(harness.notifier.to(withPhoto.id)).toEqual([]);
  });
});
