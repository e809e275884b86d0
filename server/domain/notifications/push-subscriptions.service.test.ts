import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createBrowserSubscription } from '../../../tests/push/browser-subscription';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createPushSubscriptionsRepository } from '../../db/repositories/push-subscriptions.repository';
import type { SiteRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import { MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER } from './push-subscriptions.service';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db);
});
afterAll(() => ctx.close());

let next = 0;
const endpoint = () => `https://updates.push.services.mozilla.com/wpush/v2/${++next}`;
const listOf = (userId: number) => createPushSubscriptionsRepository(ctx.db).listOf(userId);

describe('pushSubscriptions.subscribe', () => {
  it("keeps a member's browsers, refreshing one saved again", async () => {
    const anna = await createVisibleMember(ctx, site);
    const phone = createBrowserSubscription(endpoint());
    const laptop = createBrowserSubscription(endpoint());
    await ctx.services.pushSubscriptions.subscribe(anna.id, phone.json);
    await ctx.services.pushSubscriptions.subscribe(anna.id, laptop.json);
    await ctx.services.pushSubscriptions.subscribe(anna.id, phone.json);
    expect((await listOf(anna.id)).map((row) => row.endpoint).sort()).toEqual([phone.json.endpoint, laptop.json.endpoint].sort());
  });

  it('refuses a key that is not a point on P-256, naming the field', async () => {
    const anna = await createVisibleMember(ctx, site);
    const browser = createBrowserSubscription(endpoint());
    const offCurve = `B${'A'.repeat(86)}`;
    const failure = await ctx.services.pushSubscriptions
      .subscribe(anna.id, { ...browser.json, keys: { ...browser.json.keys, p256dh: offCurve } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'validation_failed', fields: [{ field: 'body.subscription.keys.p256dh' }] });
    expect(await listOf(anna.id)).toEqual([]);
  });

  it(`drops the browser saved longest ago beyond ${MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER}, and a re-save counts as recent`, async () => {
    const anna = await createVisibleMember(ctx, site);
    const browsers = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER }, () => createBrowserSubscription(endpoint()));
    for (const browser of browsers) {
      await ctx.services.pushSubscriptions.subscribe(anna.id, browser.json);
      ctx.clock.advance(1000);
    }
    // The first browser is still in use: saved again, it outlives the second.
    await ctx.services.pushSubscriptions.subscribe(anna.id, browsers[0].json);
    ctx.clock.advance(1000);
    const newest = createBrowserSubscription(endpoint());
    await ctx.services.pushSubscriptions.subscribe(anna.id, newest.json);
    const kept = (await listOf(anna.id)).map((row) => row.endpoint);
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER);
    expect(kept).toContain(browsers[0].json.endpoint);
    expect(kept).toContain(newest.json.endpoint);
    expect(kept).not.toContain(browsers[1].json.endpoint);
  });
});

describe('pushSubscriptions.unsubscribe', () => {
  it("removes only the member's own subscription and tells whether there was one", async () => {
    const anna = await createVisibleMember(ctx, site);
    const ben = await createVisibleMember(ctx, site);
    const bens = createBrowserSubscription(endpoint());
    await ctx.services.pushSubscriptions.subscribe(ben.id, bens.json);
    expect(await ctx.services.pushSubscriptions.unsubscribe(anna.id, bens.json.endpoint)).toBe(false);
    expect(await listOf(ben.id)).toHaveLength(1);
    expect(await ctx.services.pushSubscriptions.unsubscribe(ben.id, bens.json.endpoint)).toBe(true);
    expect(await listOf(ben.id)).toEqual([]);
  });
});
