import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { auditLog, type SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';
import { makeJpeg } from '../photos/image-fixtures';
import { EVERY_SITE } from '../staff/site-scope';
import { failure } from '../../../tests/setup/failure';

let ctx: TestContext;
let reseller: SiteRow;
let otherReseller: SiteRow;
let plainSite: SiteRow;
let owner: StaffActor;

const card = (overrides: Partial<Parameters<TestContext['services']['partnerCards']['create']>[1]> = {}) => ({
  siteId: null,
  kind: 'cam' as const,
  name: 'Mia',
  age: 24,
  city: 'Berlin',
  url: 'https://cams.partner.example/mia?aff=77',
  active: true,
  sortOrder: 0,
  ...overrides,
});
const auditOf = (action: string, id: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));

beforeAll(async () => {
  ctx = await createTestContext();
  reseller = await createSite(ctx.db, { memberResell: true, loggedOutSearch: 'all' });
  otherReseller = await createSite(ctx.db, { memberResell: true, loggedOutSearch: 'all' });
  plainSite = await createSite(ctx.db, { memberResell: false, loggedOutSearch: 'all' });
  const staff = (await createStaffMember(ctx, 'owner')).member;
  owner = { id: staff.id, email: staff.email, role: staff.role, ip: '127.0.0.1' };
});
afterAll(() => ctx.close());

describe('partnerCards in the console', () => {
  it('creates, edits and deactivates a card, each change audited with what changed', async () => {
    const { partnerCards } = ctx.services;
    const created = await partnerCards.create(owner, card({ siteId: reseller.id, name: 'Lola' }));
    expect(created).toMatchObject({ siteId: reseller.id, name: 'Lola', active: true });
    const [createdEntry] = await auditOf('partner_card.create', created.id);
    expect(createdEntry).toMatchObject({
      staffId: owner.id,
      targetType: 'partner_card',
      diff: { after: expect.objectContaining({ name: 'Lola', url: 'https://cams.partner.example/mia?aff=77' }) },
    });

    await partnerCards.update(owner, created.id, { city: 'Hamburg', active: false });
    const [updated] = await auditOf('partner_card.update', created.id);
    expect(updated.diff).toEqual({ before: { city: 'Berlin', active: true }, after: { city: 'Hamburg', active: false } });
    expect((await partnerCards.get(created.id, EVERY_SITE)).active).toBe(false);
  });

  it('refuses a site that does not exist and a card that does not exist', async () => {
    const { partnerCards } = ctx.services;
    const unknownSite = await failure(partnerCards.create(owner, card({ siteId: 999_999 })));
    expect([unknownSite.code, unknownSite.fields]).toEqual(['validation_failed', [{ field: 'body.site_id', code: 'validation_failed' }]]);
    expect((await failure(partnerCards.update(owner, 999_999, { name: 'Nobody' }))).code).toBe('not_found');
  });

  it('re-encodes an uploaded image to a square WebP without its metadata, replacing the old one', async () => {
    const { partnerCards, storage } = ctx.services;
    const created = await partnerCards.create(owner, card());
    const withExif = await sharp(await makeJpeg(800, 600))
      .withExif({ IFD0: { Artist: 'Secret Photographer' } })
      .jpeg()
      .toBuffer();
    const first = await partnerCards.setImage(owner, created.id, withExif, 'image/jpeg');
    expect(first.imageKey).toMatch(/^partners\/[0-9a-f]{32}\.webp$/);
    const stored = (await storage.read(first.imageKey!))!;
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 320, 320, undefined]);

    const second = await partnerCards.setImage(owner, created.id, await makeJpeg(400, 400), 'image/jpeg');
    expect(second.imageKey).not.toBe(first.imageKey);
    expect(await storage.read(first.imageKey!)).toBeNull();
    expect(await auditOf('partner_card.image', created.id)).toHaveLength(2);
  });

  it('refuses a file that is not an image and keeps the card as it was', async () => {
    const { partnerCards } = ctx.services;
    const created = await partnerCards.create(owner, card());
    const refused = await failure(partnerCards.setImage(owner, created.id, Buffer.from('<script>alert(1)</script>'), 'image/jpeg'));
    expect(refused.code).toBe('photo_not_an_image');
    expect((await partnerCards.get(created.id, EVERY_SITE)).imageKey).toBeNull();
    expect(await auditOf('partner_card.image', created.id)).toHaveLength(0);
  });
});

describe('partner cards in search', () => {
  it('shows a reselling site its own and the all-sites cards, in order, with its own tracking — never other sites’ or inactive ones', async () => {
    const { partnerCards, search } = ctx.services;
    await createVisibleMember(ctx, otherReseller);
    const second = await partnerCards.create(
      owner,
      card({ siteId: otherReseller.id, name: 'Second', sortOrder: 2, kind: 'resell', url: 'https://dating.partner.example/?utm_source=typed-by-hand' }),
    );
    const first = await partnerCards.create(owner, card({ siteId: null, name: 'First', sortOrder: 1 }));
    await partnerCards.create(owner, card({ siteId: reseller.id, name: 'Elsewhere' }));
    await partnerCards.create(owner, card({ siteId: otherReseller.id, name: 'Switched off', active: false }));

    const response = await search.search(otherReseller, { page: 1 }, { memberId: null, hasTrafficSource: false });
    const names = response.partner_cards?.map((shown) => shown.name);
    expect(names).toContain('First');
    expect(names).toContain('Second');
    expect(names).not.toContain('Elsewhere');
    expect(names).not.toContain('Switched off');
    expect(names!.indexOf('First')).toBeLessThan(names!.indexOf('Second'));

    const shownSecond = response.partner_cards!.find((shown) => shown.id === second.id)!;
    const url = new URL(shownSecond.url);
    expect([url.origin, url.searchParams.get('utm_source'), url.searchParams.get('utm_medium'), url.searchParams.get('utm_campaign')]).toEqual([
      'https://dating.partner.example',
      otherReseller.domain,
      'partner_card',
      'resell',
    ]);
    expect(response.partner_cards!.find((shown) => shown.id === first.id)!.url).toContain('aff=77');
    // Offers are not members: the members' count and list do not include them.
    expect(response.results.every((member) => member.name !== 'First' && member.name !== 'Second')).toBe(true);
    expect(response.numResults).toBe(response.results.length);
  });

  it('shows none where member_resell is off, and none after the first page', async () => {
    const { partnerCards, search } = ctx.services;
    await partnerCards.create(owner, card({ siteId: plainSite.id, name: 'Hidden' }));
    expect((await search.search(plainSite, { page: 1 }, { memberId: null, hasTrafficSource: false })).partner_cards).toBeUndefined();
    expect((await search.search(reseller, { page: 2 }, { memberId: null, hasTrafficSource: false })).partner_cards).toBeUndefined();
  });
});
