import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { photos, type SiteRow } from '../../db/schema/index';
import { makeJpeg } from './image-fixtures';

let ctx: TestContext;
let site: SiteRow;
beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

const photosOf = (memberId: number) => ctx.db.select().from(photos).where(eq(photos.userId, memberId));
/** A member with no photo yet, so every row counted is an upload. */
const memberWithoutPhotos = () => createVisibleMember(ctx, site, { withPhotos: 0 });

describe('photos.upload', () => {
  it('stores an upload sent again with the same key once', async () => {
    const member = await memberWithoutPhotos();
    const jpeg = await makeJpeg(400, 400);
    const first = await ctx.services.photos.upload(site, member.id, jpeg, 'image/jpeg', 'upload-key-0001');
    const again = await ctx.services.photos.upload(site, member.id, jpeg, 'image/jpeg', 'upload-key-0001');
    expect(again.id).toBe(first.id);
    expect((await photosOf(member.id)).map((photo) => photo.id)).toEqual([first.id]);
  });

  it('stores one photo when the same upload arrives twice at once', async () => {
    const member = await memberWithoutPhotos();
    const jpeg = await makeJpeg(400, 400);
    const both = await Promise.all([
      ctx.services.photos.upload(site, member.id, jpeg, 'image/jpeg', 'upload-key-0002'),
      ctx.services.photos.upload(site, member.id, jpeg, 'image/jpeg', 'upload-key-0002'),
    ]);
    expect(both[0].id).toBe(both[1].id);
    expect(await photosOf(member.id)).toHaveLength(1);
  });

  it('stores uploads with different keys, or none, as separate photos', async () => {
    const member = await memberWithoutPhotos();
    const jpeg = await makeJpeg(400, 400);
    await ctx.services.photos.upload(site, member.id, jpeg, 'image/jpeg', 'upload-key-0003');
    await ctx.services.photos.upload(site, member.id, jpeg, 'image/jpeg', 'upload-key-0004');
    await ctx.services.photos.upload(site, member.id, jpeg, 'image/jpeg');
    // Keys are the member's own: another member's upload with the same key is theirs.
    const other = await memberWithoutPhotos();
    await ctx.services.photos.upload(site, other.id, jpeg, 'image/jpeg', 'upload-key-0003');
    expect(await photosOf(member.id)).toHaveLength(3);
    expect(await photosOf(other.id)).toHaveLength(1);
  });
});
