import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createBrowserSubscription } from '../../../tests/push/browser-subscription';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../schema/index';
import { createPushSubscriptionsRepository, type PushSubscriptionsRepository } from './push-subscriptions.repository';
import { createUsersRepository } from './users.repository';

let ctx: TestContext;
let site: SiteRow;
let repository: PushSubscriptionsRepository;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db);
  repository = createPushSubscriptionsRepository(ctx.db);
});
afterAll(() => ctx.close());

let next = 0;
const keysOf = (endpoint: string) => {
  const browser = createBrowserSubscription(endpoint);
  return { endpoint, ...browser.json.keys };
};

describe('pushSubscriptionsRepository', () => {
  it('deletes an expired subscription only while it still has the keys it was sent with', async () => {
    const user = await createVisibleMember(ctx, site);
    const endpoint = `https://push.example/${++next}`;
    await repository.save(user.id, keysOf(endpoint), ctx.clock.now(), 10);
    const [sentTo] = await repository.listOf(user.id);
    // Meanwhile the browser subscribed again under the same endpoint with new keys.
    await repository.save(user.id, keysOf(endpoint), ctx.clock.now(), 10);
    await repository.removeExpired(sentTo);
    expect(await repository.listOf(user.id)).toHaveLength(1);

    const [current] = await repository.listOf(user.id);
    await repository.removeExpired(current);
    expect(await repository.listOf(user.id)).toEqual([]);
  });

  it("goes with the member's account when it is deleted for good", async () => {
    const user = await createVisibleMember(ctx, site);
    await repository.save(user.id, keysOf(`https://push.example/${++next}`), ctx.clock.now(), 10);
    await createUsersRepository(ctx.db).deleteForGood(user.id);
    expect(await repository.listOf(user.id)).toEqual([]);
  });

  it('marks when pushes were last taken, per subscription', async () => {
    const user = await createVisibleMember(ctx, site);
    await repository.save(user.id, keysOf(`https://push.example/${++next}`), ctx.clock.now(), 10);
    await repository.save(user.id, keysOf(`https://push.example/${++next}`), ctx.clock.now(), 10);
    const [first, second] = await repository.listOf(user.id);
    await repository.markSent([first.id], ctx.clock.now());
    expect((await repository.listOf(user.id)).map((row) => [row.id, row.lastSentAt])).toEqual([
      [first.id, ctx.clock.now()],
      [second.id, null],
    ]);
  });
});
