import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createPresenceRepository } from '../../db/repositories/presence.repository';
import { photos, profiles, type SiteRow } from '../../db/schema/index';

let ctx: TestContext;
let site: SiteRow;

beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { loggedOutSearch: 'all' });
});
afterAll(() => ctx.close());

const minutesFromNow = (minutes: number) => new Date(ctx.clock.now().getTime() + minutes * 60_000);

describe("a profile's card at the top of its page", () => {
  it('shows the main photo and the presence as search does', async () => {
    const anna = await createVisibleMember(ctx, site, { name: 'Anna', withPhotos: 2 });
    await createPresenceRepository(ctx.db).markOnline([anna.id], minutesFromNow(5));
    const shown = await ctx.services.members.view(site, anna.id, null);
    expect(shown).toMatchObject({ name: 'Anna', is_online: true, main_image: { filename: `p${anna.id}-0.webp`, thumb_filename: `p${anna.id}-0-t.webp` } });
    expect(shown.photos).toHaveLength(1);

    await createPresenceRepository(ctx.db).markOffline([anna.id], ctx.clock.now());
    expect((await ctx.services.members.view(site, anna.id, null)).is_online).toBeUndefined();
  });

  it('shows no main photo while it is not active, as search does, but the active ones below', async () => {
    const cleo = await createVisibleMember(ctx, site, { name: 'Cleo', withPhotos: 2 });
    const [main] = await ctx.db.select({ id: profiles.mainPhotoId }).from(profiles).where(eq(profiles.id, cleo.id));
    await ctx.db.update(photos).set({ status: 'pending' }).where(eq(photos.id, main!.id!));
    const shown = await ctx.services.members.view(site, cleo.id, null);
    expect(shown.main_image).toBeNull();
    expect(shown.photos.map((photo) => photo.filename)).toEqual([`p${cleo.id}-1.webp`]);
  });

  it('shows a member the viewer blocked without their presence, with a photo', async () => {
    const dana = await createVisibleMember(ctx, site, { name: 'Dana' });
    const viewer = await createVisibleMember(ctx, site, { name: 'Eric', gender: 'male' });
    await createPresenceRepository(ctx.db).markOnline([dana.id], minutesFromNow(5));
    await ctx.services.blocks.block(viewer.id, dana.id);
    const shown = await ctx.services.members.view(site, dana.id, viewer.id);
    expect(shown.blocked).toBe(true);
    expect(shown.is_online).toBeUndefined();
    expect(shown.main_image).toMatchObject({ filename: `p${dana.id}-0.webp` });
  });

  it('shows the member their own hidden profile without a presence, with their main photo', async () => {
    const fay = await createVisibleMember(ctx, site, { name: 'Fay' });
    await ctx.db.update(profiles).set({ visible: false }).where(eq(profiles.id, fay.id));
    await createPresenceRepository(ctx.db).markOnline([fay.id], minutesFromNow(5));
    const shown = await ctx.services.members.view(site, fay.id, fay.id);
    expect(shown.is_online).toBeUndefined();
    expect(shown.main_image).toMatchObject({ filename: `p${fay.id}-0.webp` });
  });
});
