import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../tests/factories/sites';
import { createStaffMember } from '../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createPartnerCardsRepository, type PartnerCardsRepository } from '../../db/repositories/partner-cards.repository';
import type { SiteRow } from '../../db/schema/index';
import type { StaffActor } from '../audit/audit.service';
import { createPartnerCardsDisplay } from './partner-cards.service';

let ctx: TestContext;
let reseller: SiteRow;
let owner: StaffActor;
const visitor = { memberId: null, hasTrafficSource: false };

const card = (overrides: Partial<Parameters<TestContext['services']['partnerCards']['create']>[1]> = {}) => ({
  siteId: null,
  kind: 'cam' as const,
  name: 'Mia',
  age: 24,
  city: 'Berlin',
  url: 'https://cams.partner.example/mia',
  active: true,
  sortOrder: 0,
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-06-01T12:00:00Z'));
  reseller = await createSite(ctx.db, { memberResell: true, loggedOutSearch: 'all' });
  const staff = (await createStaffMember(ctx, 'owner')).member;
  owner = { id: staff.id, email: staff.email, role: staff.role, ip: '127.0.0.1' };
});
afterAll(() => ctx.close());

/** The real repository, counting how often the cards of a site are read (drizzle runs its query on each `then`). */
function countingCards() {
  const cards = createPartnerCardsRepository(ctx.db);
  const reads = { count: 0 };
  const counted: PartnerCardsRepository = {
    ...cards,
    listShownOn(siteId) {
      const query = cards.listShownOn(siteId);
      return {
        then(onRead, onFailed) {
          reads.count += 1;
          return query.then(onRead, onFailed);
        },
      } as ReturnType<PartnerCardsRepository['listShownOn']>;
    },
  };
  return { counted, reads };
}

describe('partner cards shown in search (issue 36)', () => {
  it("reads a site's cards once for the searches of half a minute, however many come at once, then again", async () => {
    await ctx.services.partnerCards.create(owner, card({ siteId: reseller.id, name: 'Kept' }));
    const { counted, reads } = countingCards();
    const display = createPartnerCardsDisplay({ cards: counted, storage: { urlOf: (key) => `/media/${key}` }, clock: ctx.clock });

    const together = await Promise.all([display.shownOn(reseller), display.shownOn(reseller)]);
    expect(together.map((cards) => cards.map((shown) => shown.name))).toEqual([['Kept'], ['Kept']]);
    ctx.clock.advance(29_000);
    await display.shownOn(reseller);
    expect(reads.count).toBe(1);
    ctx.clock.advance(1_000);
    await display.shownOn(reseller);
    expect(reads.count).toBe(2);
    display.forget();
    await display.shownOn(reseller);
    expect(reads.count).toBe(3);
  });

  it('presents the cards once per site row, frozen, and again for a changed row of the site (its domain in the tracking)', async () => {
    const site = await createSite(ctx.db, { memberResell: true, loggedOutSearch: 'all' });
    await ctx.services.partnerCards.create(owner, card({ siteId: site.id, name: 'Tracked' }));
    const display = createPartnerCardsDisplay({ cards: createPartnerCardsRepository(ctx.db), storage: { urlOf: (key) => `/media/${key}` }, clock: ctx.clock });
    const first = await display.shownOn(site);
    expect(await display.shownOn(site)).toBe(first);
    expect(Object.isFrozen(first) && first.every((shown) => Object.isFrozen(shown))).toBe(true);
    const tracked = (cards: typeof first) => new URL(cards.find((shown) => shown.name === 'Tracked')!.url).searchParams.get('utm_source');
    expect(tracked(first)).toBe(site.domain);

    const renamed = { ...site, domain: 'renamed.example' };
    const again = await display.shownOn(renamed);
    expect(again).not.toBe(first);
    expect(tracked(again)).toBe('renamed.example');
  });

  it("shows an operator's edit in the next search at once: a card switched off, a new one, one for all sites", async () => {
    const { partnerCards, search } = ctx.services;
    const site = await createSite(ctx.db, { memberResell: true, loggedOutSearch: 'all' });
    const shownNames = async () => ((await search.search(site, { page: 1 }, visitor)).partner_cards ?? []).map((shown) => shown.name).sort();
    const first = await partnerCards.create(owner, card({ siteId: site.id, name: 'First' }));
    expect(await shownNames()).toContain('First');

    await partnerCards.update(owner, first.id, { active: false });
    expect(await shownNames()).not.toContain('First');
    await partnerCards.create(owner, card({ siteId: site.id, name: 'Second' }));
    expect(await shownNames()).toContain('Second');
    await partnerCards.create(owner, card({ siteId: null, name: 'Everywhere' }));
    expect(await shownNames()).toContain('Everywhere');
  });
});
