import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { createProfilesRepository, type ProfilesRepository } from '../../db/repositories/profiles.repository';
import type { SiteRow } from '../../db/schema/index';
import type { PartnerCardsDisplay } from '../partners/partner-cards.service';
import { createSearchService } from './search.service';

let ctx: TestContext;
let site: SiteRow;
const visitor = { memberId: null, hasTrafficSource: false };

beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { countries: ['DE'], loggedOutSearch: 'all' });
  await createVisibleMember(ctx, site, { country: 'DE' });
});
afterAll(() => ctx.close());

/** The search service on the real repository, noting whether the partner cards were asked for before the page came back. */
function watchedSearch() {
  const seen = { partnerCardsAsked: 0, askedBeforePageAnswered: undefined as boolean | undefined, searcherAsked: 0 };
  const profiles = createProfilesRepository(ctx.db);
  const watched: ProfilesRepository = {
    ...profiles,
    async findSearcher(id) {
      seen.searcherAsked += 1;
      return profiles.findSearcher(id);
    },
    async search(...args) {
      const rows = await profiles.search(...args);
      seen.askedBeforePageAnswered ??= seen.partnerCardsAsked > 0;
      return rows;
    },
  };
  const partners: PartnerCardsDisplay = {
    async shownOn() {
      seen.partnerCardsAsked += 1;
      return [];
    },
    forget() {},
  };
  return { search: createSearchService({ profiles: watched, clock: ctx.clock, partners }), seen };
}

describe('search.search round trips (issue 36)', () => {
  it("asks for the first page's partner cards together with the page and the count, not after them", async () => {
    const { search, seen } = watchedSearch();
    const found = await search.search(site, { page: 1 } as Parameters<typeof search.search>[1], visitor);
    expect(found.results).toHaveLength(1);
    expect(seen).toEqual({ partnerCardsAsked: 1, askedBeforePageAnswered: true, searcherAsked: 0 });
  });

  it("takes a member's own profile from the page's read of their account instead of asking for it again, and finds the same", async () => {
    const member = await createVisibleMember(ctx, site, { country: 'DE' });
    const query = { page: 1 } as Parameters<ReturnType<typeof watchedSearch>['search']['search']>[1];
    const asking = watchedSearch();
    const asked = await asking.search.search(site, query, { memberId: member.id, hasTrafficSource: false });
    expect(asking.seen.searcherAsked).toBe(1);

    const { user, searcher } = await ctx.services.accounts.getPageMember(member.id, site);
    expect(user.id).toBe(member.id);
    const given = watchedSearch();
    const found = await given.search.search(site, query, { memberId: member.id, hasTrafficSource: false, profile: searcher });
    expect(given.seen.searcherAsked).toBe(0);
    expect(found).toEqual(asked);
  });

  it('does not ask for partner cards beyond the first page', async () => {
    const { search, seen } = watchedSearch();
    await search.search(site, { page: 2 } as Parameters<typeof search.search>[1], visitor);
    expect(seen.partnerCardsAsked).toBe(0);
  });
});
