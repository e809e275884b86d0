import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../schema/index';
import { createBlocksRepository } from './blocks.repository';
import { createLikesRepository } from './likes.repository';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db);
});
afterAll(() => ctx.close());

const member = (paidUser = false) => createVisibleMember(ctx, site, { paidUser });
const relation = (viewerId: number, otherId: number) => createBlocksRepository(ctx.db).relationBetween(viewerId, otherId);
const none = { viewerBlocked: false, blockedByOther: false, liked: false, likesMe: false, viewerPaid: false };

describe('blocks.relationBetween', () => {
  it('says nothing of two strangers, and whether the viewer pays', async () => {
    const [anna, ben, payer] = await Promise.all([member(), member(), member(true)]);
    expect(await relation(anna.id, ben.id)).toEqual(none);
    expect(await relation(payer.id, ben.id)).toEqual({ ...none, viewerPaid: true });
    // Asked twice (a prepared statement on PostgreSQL): the same answer from the same text.
    expect(await relation(payer.id, anna.id)).toEqual({ ...none, viewerPaid: true });
  });

  it('tells each direction of likes and blocks apart, and leaves other pairs out', async () => {
    const [anna, ben, carl] = await Promise.all([member(), member(), member()]);
    const likes = createLikesRepository(ctx.db);
    const blocks = createBlocksRepository(ctx.db);
    await likes.insert(anna.id, ben.id, 'profile', ctx.clock.now());
    expect(await relation(anna.id, ben.id)).toEqual({ ...none, liked: true });
    expect(await relation(ben.id, anna.id)).toEqual({ ...none, likesMe: true });
    await likes.insert(ben.id, anna.id, 'profile', ctx.clock.now());
    expect(await relation(anna.id, ben.id)).toEqual({ ...none, liked: true, likesMe: true });
    await blocks.block(carl.id, anna.id, ctx.clock.now());
    expect(await relation(anna.id, carl.id)).toEqual({ ...none, blockedByOther: true });
    expect(await relation(carl.id, anna.id)).toEqual({ ...none, viewerBlocked: true });
    expect(await relation(anna.id, ben.id)).toEqual({ ...none, liked: true, likesMe: true });
    // A viewer who is not there (a deleted account) pays for nothing.
    expect(await relation(2_000_000_000, anna.id)).toEqual(none);
  });
});
