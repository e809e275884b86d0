import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createSite } from '../../../../tests/factories/sites';
import { createMember, createScheduledHarness } from '../../../../tests/setup/scheduled-notifications';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import { discountCodes } from '../../../db/schema/index';
import { PROMOTIONS_SWEEP_JOB } from './scheduled-jobs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let ctx: TestContext;
let harness: ReturnType<typeof createScheduledHarness>;
let base = new Date('2026-03-01T08:00:00Z').getTime();

beforeAll(async () => {
  ctx = await createTestContext();
  harness = createScheduledHarness(ctx);
});
afterAll(() => ctx.close());

/** Each test signs its members up a month after the previous test's, so no window overlaps. */
function nextSignupMoment() {
  base += 30 * 24 * HOUR;
  ctx.clock.set(new Date(base));
  return new Date(base);
}

async function sweepAt(offsetMs: number, signedUpAt: Date) {
  ctx.clock.set(new Date(signedUpAt.getTime() + offsetMs));
  harness.notifier.clear();
  await harness.jobs.enqueue(PROMOTIONS_SWEEP_JOB, {}, ctx.clock.now(), ctx.clock.now());
  await harness.runAll();
  return harness.notifier.sent.filter((entry) => entry.kind === 'promotions');
}

describe('promotions: the time bonus about to end', () => {
  it('tells free members in their last hour of the bonus, once, in their language; never paid members or those who switched it off', async () => {
    const site = await createSite(ctx.db, { welcomeDiscountHours: 72 });
    const signedUpAt = nextSignupMoment();
    const free = await createMember(ctx, site, { language: 'en' });
    const french = await createMember(ctx, site, { language: 'fr' });
    const paid = await createMember(ctx, site, { paidUser: true });
    const switchedOff = await createMember(ctx, site, { emailOff: ['promotions'] });
    const bounced = await createMember(ctx, site, { mailDisabled: ['bounce'] });

    expect(await sweepAt(2 * HOUR + 55 * MINUTE, signedUpAt)).toEqual([]);

    const sent = await sweepAt(3 * HOUR + 5 * MINUTE, signedUpAt);
    expect(sent.map((entry) => entry.userId).sort()).toEqual([free.id, french.id].sort());
    const english = sent.find((entry) => entry.userId === free.id)!;
    expect(english).toMatchObject({
      language: 'en',
      subject: 'Your 25% time bonus ends in 55 minutes',
      options: { key: `promotions:time_bonus:${free.id}`, topic: 'time_bonus' },
    });
    expect(english.content).toMatchObject({ template: 'promotions', path: '/credits' });
    expect(sent.find((entry) => entry.userId === french.id)).toMatchObject({ language: 'fr', subject: 'Votre bonus temps de 25 % se termine dans 55 minutes' });
    for (const member of [paid, switchedOff, bounced]) expect(harness.notifier.to(member.id)).toEqual([]);

    expect(await sweepAt(3 * HOUR + 15 * MINUTE, signedUpAt)).toEqual([]);
    expect(await sweepAt(4 * HOUR + 1 * MINUTE, signedUpAt)).toEqual([]);
  });

  it('tells nobody once the shared code is switched off', async () => {
    const site = await createSite(ctx.db, { welcomeDiscountHours: 0 });
    const signedUpAt = nextSignupMoment();
    const member = await createMember(ctx, site);
    await ctx.db.update(discountCodes).set({ status: 'inactive' }).where(eq(discountCodes.code, 'TIMEBONUS25'));
    try {
      expect(await sweepAt(3 * HOUR + 30 * MINUTE, signedUpAt)).toEqual([]);
    } finally {
      await ctx.db.update(discountCodes).set({ status: 'active' }).where(eq(discountCodes.code, 'TIMEBONUS25'));
    }
    expect((await sweepAt(3 * HOUR + 31 * MINUTE, signedUpAt)).map((entry) => entry.userId)).toEqual([member.id]);
  });
});

describe('promotions: the welcome discount about to end', () => {
  it('tells free members a day before a three-day discount ends, once, with the site’s percentage', async () => {
    const site = await createSite(ctx.db, { welcomeDiscountHours: 72, welcomeDiscountPercentage: 30 });
    const elsewhere = await createSite(ctx.db, { welcomeDiscountHours: 0 });
    const signedUpAt = nextSignupMoment();
    const member = await createMember(ctx, site, { language: 'de' });
    const paid = await createMember(ctx, site, { paidUser: true });
    const noDiscount = await createMember(ctx, elsewhere);

    expect(await sweepAt(47 * HOUR, signedUpAt)).toEqual([]);
    const sent = await sweepAt(48 * HOUR + 10 * MINUTE, signedUpAt);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      userId: member.id,
      language: 'de',
      subject: 'Dein Willkommensrabatt von 30 % endet bald',
      content: { template: 'welcome_discount', path: '/credits' },
      options: { key: `promotions:welcome_discount:${member.id}`, topic: 'welcome_discount' },
    });
    expect(await sweepAt(60 * HOUR, signedUpAt)).toEqual([]);
    expect(harness.notifier.to(paid.id)).toEqual([]);
    expect(harness.notifier.to(noDiscount.id)).toEqual([]);
  });

  it('announces a short welcome discount in its last hour', async () => {
    const site = await createSite(ctx.db, { welcomeDiscountHours: 24 });
    const signedUpAt = nextSignupMoment();
    const member = await createMember(ctx, site);
    const early = (await sweepAt(22 * HOUR, signedUpAt)).filter((entry) => entry.content.template === 'welcome_discount');
    expect(early).toEqual([]);
    const sent = (await sweepAt(23 * HOUR + 30 * MINUTE, signedUpAt)).filter((entry) => entry.content.template === 'welcome_discount');
    expect(sent.map((entry) => [entry.userId, entry.subject])).toEqual([[member.id, 'Your 25% welcome discount ends soon']]);
  });
});
