import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';
import { makeJpeg, makeOrientedJpegWithGps, PLANTED } from '../photos/image-fixtures';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let site: SiteRow;
let operator: StaffActor;
beforeAll(async () => {
  ctx = await createTestContext();
  // Members' uploads wait for review on this site; the team's own photos of a fictional profile do not.
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, photoAutoApprove: false });
  const { member } = await createStaffMember(ctx, 'admin');
  operator = { id: member.id, email: member.email, role: 'admin', ip: '198.51.100.8' };
});
afterAll(() => ctx.close());

const fields = {
  name: 'Mara',
  gender: 'female' as const,
  seeking: 'male' as const,
  dateOfBirth: '1993-07-07',
  country: 'NL',
  city: null,
  about: '',
  status: 'active' as const,
};

describe('a fictional profile’s photos', () => {
  it('are re-encoded like members’ photos, live at once, the first one main, and audited', async () => {
    const profile = await ctx.services.fictionalProfiles.create(operator, site.id, fields);
    const { photos, mainPhotoId } = await ctx.services.fictionalPhotos.add(operator, profile.id, await makeOrientedJpegWithGps(), 'image/jpeg');
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({ status: 'active', filename: expect.stringMatching(/^[0-9a-f]{32}\.webp$/) });
    expect(mainPhotoId).toBe(photos[0].id);
    const stored = (await ctx.services.storage.read(`photos/${photos[0].filename}`))!;
    expect((await sharp(stored).metadata()).format).toBe('webp');
    for (const planted of Object.values(PLANTED)) expect(stored.includes(Buffer.from(planted))).toBe(false);
    const [entry] = await ctx.services.audit.page({ action: 'fictional.photo_add', targetType: 'profile', targetId: String(profile.id) });
    expect(entry).toMatchObject({ staffId: operator.id, diff: { after: { photo_id: photos[0].id } } });
  });

  it('are removed with their files; the next photo becomes the main one', async () => {
    const profile = await ctx.services.fictionalProfiles.create(operator, site.id, fields);
    await ctx.services.fictionalPhotos.add(operator, profile.id, await makeJpeg(400, 500), 'image/jpeg');
    const { photos } = await ctx.services.fictionalPhotos.add(operator, profile.id, await makeJpeg(500, 400), 'image/jpeg');
    const [first, second] = photos;
    const after = await ctx.services.fictionalPhotos.remove(operator, profile.id, first.id);
    expect(after).toEqual({ photos: [expect.objectContaining({ id: second.id })], mainPhotoId: second.id });
    expect(await ctx.services.storage.read(`photos/${first.filename}`)).toBeNull();
    expect(await ctx.services.audit.page({ action: 'fictional.photo_remove', targetId: String(profile.id) })).toHaveLength(1);
  });

  it('refuses a file that is not an image, and another profile’s photo or a member', async () => {
    const profile = await ctx.services.fictionalProfiles.create(operator, site.id, fields);
    const other = await ctx.services.fictionalProfiles.create(operator, site.id, fields);
    expect((await failure(ctx.services.fictionalPhotos.add(operator, profile.id, Buffer.from('not a photo'), 'image/jpeg'))).code).toBe('photo_not_an_image');
    const { photos } = await ctx.services.fictionalPhotos.add(operator, other.id, await makeJpeg(300, 300), 'image/jpeg');
    expect((await failure(ctx.services.fictionalPhotos.remove(operator, profile.id, photos[0].id))).code).toBe('not_found');
    expect((await ctx.services.fictionalPhotos.list(other.id, null)).photos).toHaveLength(1);
    const { user } = await ctx.services.accounts.signup(
      site,
      {
        email: `m${Date.now()}@example.com`,
        name: 'Member',
        password: 'correct horse battery',
        date_of_birth: '1990-01-01',
        gender: 'male',
        seeking: 'female',
        country: 'NL',
        accept_terms: true,
      },
      {},
      'en',
    );
    expect((await failure(ctx.services.fictionalPhotos.list(user.id, null))).code).toBe('not_found');
  });
});
