import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE } from '../../../contract/profiles';
import { createVisibleMember, type VisibleMemberOptions } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chordKm, createProfilesRepository, type SearchFilter } from '../../db/repositories/profiles.repository';
import { gendersWanted } from './discovery-rules';
import type { SiteRow } from '../../db/schema/index';

/** City centres, as members' places are stored (geolocation, city or region centre). */
const BERLIN = { city: 'Berlin', latitude: 52.52, longitude: 13.405 };
const POTSDAM = { city: 'Potsdam', latitude: 52.3906, longitude: 13.0645 }; // 27 km from Berlin
const HAMBURG = { city: 'Hamburg', latitude: 53.5511, longitude: 9.9937 }; // 255 km
const DORTMUND = { city: 'Dortmund', latitude: 51.5136, longitude: 7.4653 }; // 421 km
const SAN_FRANCISCO = { city: 'San Francisco', latitude: 37.7749, longitude: -122.4194 };
const OAKLAND = { city: 'Oakland', latitude: 37.8044, longitude: -122.2712 }; // 13 km = 8 mi
const SAN_JOSE = { city: 'San Jose', latitude: 37.3382, longitude: -121.8863 }; // 68 km = 42 mi

let ctx: TestContext;
let site: SiteRow;
const hour = 3_600_000;
const ago = (hours: number) => new Date(ctx.clock.now().getTime() - hours * hour);
// Each test's people live in a niche of their own, so what one test creates never shows in another.
let nextNiche = 2;
const inNiche = async () => {
  const niche = nextNiche++;
  return { site: await createSite(ctx.db, { niche, countries: ['DE', 'US', 'NL'] }), niche };
};
const member = (niche: number, options: VisibleMemberOptions) => createVisibleMember(ctx, site, { niches: [niche], ...options });
const query = (overrides: Record<string, unknown> = {}) => ({ page: 1, ...overrides }) as Parameters<TestContext['services']['search']['search']>[1];

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-06-01T12:00:00Z'));
  site = await createSite(ctx.db, { countries: ['DE', 'US', 'NL'] });
});
afterAll(() => ctx.close());

describe('search.search, nearest first (ADR 0067)', () => {
  it('shows a member the people nearest to them first, then the most recently active, and people without a place last', async () => {
    const { site: niched, niche } = await inNiche();
    const viewer = await member(niche, { gender: 'male', country: 'DE', ...BERLIN });
    const dortmund = await member(niche, { country: 'DE', ...DORTMUND, lastActiveAt: ago(0) });
    const nowhere = await member(niche, { country: 'DE', lastActiveAt: ago(0) });
    const sanFrancisco = await member(niche, { country: 'US', ...SAN_FRANCISCO, lastActiveAt: ago(0) });
    const hamburg = await member(niche, { country: 'DE', ...HAMBURG, lastActiveAt: ago(1) });
    const berlinEarlier = await member(niche, { country: 'DE', ...BERLIN, lastActiveAt: ago(5) });
    const berlinLater = await member(niche, { country: 'DE', ...BERLIN, lastActiveAt: ago(2) });
    const potsdam = await member(niche, { country: 'DE', ...POTSDAM, lastActiveAt: ago(3) });

    const found = await ctx.services.search.search(niched, query(), { memberId: viewer.id, hasTrafficSource: false });
    expect(found.results.map((card) => card.id)).toEqual([berlinLater.id, berlinEarlier.id, potsdam.id, hamburg.id, dortmund.id, sanFrancisco.id, nowhere.id]);
    expect(found.results.map((card) => card.distance_km)).toEqual([0, 0, 27, 255, 421, 9105, undefined]);
    expect(found.distance_unit).toBe('km');

    // The order holds from one page to the next.
    const second = await ctx.services.search.search(niched, query({ page: 2 }), { memberId: viewer.id, hasTrafficSource: false });
    expect(second.results).toEqual([]);
  });

  it('pages through many members sharing one city in the same order, none twice and none left out', async () => {
    const { site: niched, niche } = await inNiche();
    const viewer = await member(niche, { gender: 'male', country: 'DE', ...POTSDAM });
    // More Berliners than a page, tied at one point: the page's edge falls among them.
    const berliners = [];
    for (let index = 0; index < SEARCH_PAGE_SIZE + 5; index++) berliners.push(await member(niche, { country: 'DE', ...BERLIN, lastActiveAt: ago(index + 1) }));
    const potsdamer = await member(niche, { country: 'DE', ...POTSDAM, lastActiveAt: ago(100) });
    const hamburg = await member(niche, { country: 'DE', ...HAMBURG, lastActiveAt: ago(0) });
    const nowhere = await member(niche, { country: 'DE', lastActiveAt: ago(0) });

    const pages = [];
    for (const page of [1, 2]) {
      pages.push(await ctx.services.search.search(niched, query({ page }), { memberId: viewer.id, hasTrafficSource: false }));
    }
    expect(pages.flatMap((found) => found.results.map((card) => card.id))).toEqual([
      potsdamer.id,
      ...berliners.map((berliner) => berliner.id),
      hamburg.id,
      nowhere.id,
    ]);
    expect(pages.map((found) => found.numResults)).toEqual([SEARCH_PAGE_SIZE + 8, SEARCH_PAGE_SIZE + 8]);
    // Within a radius the page's edge (Berlin, 27 km) and the radius (30 km) meet: the tighter holds.
    const within30 = await ctx.services.search.search(niched, query({ radius: 30 }), { memberId: viewer.id, hasTrafficSource: false });
    expect(within30.results.map((card) => card.id)).toEqual([potsdamer.id, ...berliners.slice(0, SEARCH_PAGE_SIZE - 1).map((berliner) => berliner.id)]);
    expect(within30.numResults).toBe(SEARCH_PAGE_SIZE + 6);
  });

  it('reads a page by the index walk in exactly the order of the sort, ties of a city and of a moment too', async () => {
    const { niche } = await inNiche();
    const viewer = await member(niche, { gender: 'male', country: 'DE', ...POTSDAM });
    const sameMoment = ago(4);
    const people = [
      await member(niche, { country: 'DE', ...BERLIN, lastActiveAt: ago(2) }),
      await member(niche, { country: 'DE', ...BERLIN, lastActiveAt: sameMoment }),
      await member(niche, { country: 'DE', ...BERLIN, lastActiveAt: sameMoment }),
      await member(niche, { country: 'DE', ...POTSDAM, lastActiveAt: ago(9) }),
      await member(niche, { country: 'DE', ...HAMBURG, lastActiveAt: ago(0) }),
      await member(niche, { country: 'DE', lastActiveAt: ago(1) }),
      await member(niche, { country: 'DE', lastActiveAt: ago(3) }),
    ];
    const [berlin, tiedOlder, tiedNewer, potsdam, hamburg, nowhereRecent, nowhereEarlier] = people;
    const filter: SearchFilter = { viewerId: viewer.id, niche, country: 'DE', near: { latitude: POTSDAM.latitude, longitude: POTSDAM.longitude } };
    const expected = [potsdam, berlin, tiedNewer, tiedOlder, hamburg, nowhereRecent, nowhereEarlier].map((person) => person.id);

    // A table this small is read whole and sorted; with scans and sorts off, the index must give the order itself.
    const sorted = await createProfilesRepository(ctx.db).search(filter, 20, 0);
    const walked = await ctx.db.transaction(async (tx) => {
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await tx.execute(sql.raw(`set local ${setting} = off`));
      const repository = createProfilesRepository(tx as unknown as Executor);
      return { firstPage: await repository.search(filter, 4, 0), secondPage: await repository.search(filter, 4, 4) };
    });
    expect(sorted.map((row) => row.id)).toEqual(expected);
    expect([...walked.firstPage, ...walked.secondPage].map((row) => row.id)).toEqual(expected);
  });

  it('reads a radius by the index walk inside its box, the page and the count, in the order of the sort', async () => {
    const { niche } = await inNiche();
    const viewer = await member(niche, { gender: 'male', seeking: 'female', sexuality: 'hetero', country: 'DE', ...POTSDAM });
    const sameMoment = ago(4);
    const berlin = await member(niche, { gender: 'female', seeking: 'male', country: 'DE', ...BERLIN, lastActiveAt: ago(2) });
    const tiedOlder = await member(niche, { gender: 'female', seeking: 'both', country: 'DE', ...BERLIN, lastActiveAt: sameMoment });
    const tiedNewer = await member(niche, { gender: 'female', seeking: 'male', country: 'DE', ...BERLIN, lastActiveAt: sameMoment });
    const potsdam = await member(niche, { gender: 'female', seeking: 'male', country: 'DE', ...POTSDAM, lastActiveAt: ago(9) });
    // Inside the radius but not for him: a woman who wants women, and a man.
    await member(niche, { gender: 'female', seeking: 'female', country: 'DE', ...BERLIN, lastActiveAt: ago(1) });
    await member(niche, { gender: 'male', seeking: 'female', country: 'DE', ...BERLIN, lastActiveAt: ago(1) });
    // Outside it, and without a place.
    await member(niche, { gender: 'female', seeking: 'male', country: 'DE', ...HAMBURG, lastActiveAt: ago(0) });
    await member(niche, { gender: 'female', seeking: 'male', country: 'DE', lastActiveAt: ago(0) });
    const filter: SearchFilter = {
      viewerId: viewer.id,
      niche,
      gender: 'female',
      wantedBy: 'male',
      near: { latitude: POTSDAM.latitude, longitude: POTSDAM.longitude },
      withinChordKm: chordKm(30),
    };
    const expected = [potsdam, berlin, tiedNewer, tiedOlder].map((person) => person.id);

    const walked = await ctx.db.transaction(async (tx) => {
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await tx.execute(sql.raw(`set local ${setting} = off`));
      const repository = createProfilesRepository(tx as unknown as Executor);
      return {
        firstPage: await repository.search(filter, 3, 0),
        secondPage: await repository.search(filter, 3, 3),
        count: await repository.count(filter, 1000),
        cappedCount: await repository.count(filter, 3),
      };
    });
    expect([...walked.firstPage, ...walked.secondPage].map((row) => row.id)).toEqual(expected);
    expect(walked.count).toBe(4);
    expect(walked.cappedCount).toBe(3);
  });

  it('orders another country nearest first too, and pages through it', async () => {
    const { site: niched, niche } = await inNiche();
    const viewer = await member(niche, { gender: 'male', country: 'DE', ...BERLIN });
    await member(niche, { country: 'DE', ...BERLIN });
    const sanJose = await member(niche, { country: 'US', ...SAN_JOSE, lastActiveAt: ago(0) });
    const oakland = await member(niche, { country: 'US', ...OAKLAND, lastActiveAt: ago(1) });
    const sanFranciscans = [];
    for (let index = 0; index < SEARCH_PAGE_SIZE; index++)
      sanFranciscans.push(await member(niche, { country: 'US', ...SAN_FRANCISCO, lastActiveAt: ago(index + 2) }));

    const pages = [];
    for (const page of [1, 2])
      pages.push(await ctx.services.search.search(niched, query({ page, country: 'US' }), { memberId: viewer.id, hasTrafficSource: false }));
    // From Berlin, Oakland is a little nearer than San Francisco, San Jose a little farther.
    expect(pages.flatMap((found) => found.results.map((card) => card.id))).toEqual([oakland.id, ...sanFranciscans.map((one) => one.id), sanJose.id]);
    expect(pages[0].numResults).toBe(SEARCH_PAGE_SIZE + 2);
  });

  it('narrows to a radius in kilometres, and counts only who is inside it', async () => {
    const { site: niched, niche } = await inNiche();
    const viewer = await member(niche, { gender: 'male', country: 'DE', ...BERLIN });
    const berlin = await member(niche, { country: 'DE', ...BERLIN });
    const potsdam = await member(niche, { country: 'DE', ...POTSDAM });
    await member(niche, { country: 'DE', ...HAMBURG });
    await member(niche, { country: 'DE' });

    const within25 = await ctx.services.search.search(niched, query({ radius: 25 }), { memberId: viewer.id, hasTrafficSource: false });
    expect(within25.results.map((card) => card.id)).toEqual([berlin.id]);
    expect(within25.numResults).toBe(1);
    const within30 = await ctx.services.search.search(niched, query({ radius: 30 }), { memberId: viewer.id, hasTrafficSource: false });
    expect(within30.results.map((card) => card.id)).toEqual([berlin.id, potsdam.id]);
    expect(within30.numResults).toBe(2);
  });

  it('measures in miles for a member in the United States', async () => {
    const { site: niched, niche } = await inNiche();
    const viewer = await member(niche, { gender: 'female', country: 'US', ...SAN_FRANCISCO });
    const oakland = await member(niche, { gender: 'male', country: 'US', ...OAKLAND });
    const sanJose = await member(niche, { gender: 'male', country: 'US', ...SAN_JOSE });

    const all = await ctx.services.search.search(niched, query(), { memberId: viewer.id, hasTrafficSource: false });
    expect(all.distance_unit).toBe('mi');
    expect(all.results.map((card) => card.id)).toEqual([oakland.id, sanJose.id]);
    // Ten miles (16 km) take in Oakland (8 miles), not San José (42 miles); ten kilometres would not reach Oakland.
    const within10 = await ctx.services.search.search(niched, query({ radius: 10 }), { memberId: viewer.id, hasTrafficSource: false });
    expect(within10.results.map((card) => card.id)).toEqual([oakland.id]);
    const within45 = await ctx.services.search.search(niched, query({ radius: 45 }), { memberId: viewer.id, hasTrafficSource: false });
    expect(within45.results.map((card) => card.id)).toEqual([oakland.id, sanJose.id]);
  });

  it('keeps the radius off for visitors, who have no place, and for members without one', async () => {
    const { site: niched, niche } = await inNiche();
    const placeless = await member(niche, { gender: 'male', country: 'DE' });
    const hamburg = await member(niche, { country: 'DE', ...HAMBURG, lastActiveAt: ago(1) });
    const berlin = await member(niche, { country: 'DE', ...BERLIN, lastActiveAt: ago(2) });
    const found = await ctx.services.search.search(niched, query({ radius: 5 }), { memberId: placeless.id, hasTrafficSource: false });
    expect(found.results.map((card) => card.id)).toEqual([hamburg.id, berlin.id]);
  });
});

describe('orientation, both ways (ADR 0067)', () => {
  it('shows a straight man seeking women only women who want men, and shows him only to them', async () => {
    const { site: niched, niche } = await inNiche();
    const straightMan = await member(niche, { gender: 'male', seeking: 'female', sexuality: 'hetero', country: 'DE', ...BERLIN });
    const womanSeekingMen = await member(niche, { gender: 'female', seeking: 'male', country: 'DE', ...BERLIN, lastActiveAt: ago(1) });
    const biWoman = await member(niche, { gender: 'female', seeking: 'both', sexuality: 'bi', country: 'DE', ...BERLIN, lastActiveAt: ago(2) });
    const gayWoman = await member(niche, { gender: 'female', seeking: 'male', sexuality: 'gay', country: 'DE', ...BERLIN });
    const womanSeekingWomen = await member(niche, { gender: 'female', seeking: 'female', country: 'DE', ...BERLIN });
    const man = await member(niche, { gender: 'male', seeking: 'female', country: 'DE', ...BERLIN });
    const as = (id: number, extra: Record<string, unknown> = {}) =>
      ctx.services.search.search(niched, query(extra), { memberId: id, hasTrafficSource: false }).then((found) => found.results.map((card) => card.id));

    expect(await as(straightMan.id)).toEqual([womanSeekingMen.id, biWoman.id]);
    // The count without a radius tests the rule on the columns, the page in the index: both agree.
    const found = await ctx.services.search.search(niched, query(), { memberId: straightMan.id, hasTrafficSource: false });
    expect(found.numResults).toBe(2);
    const within = await ctx.services.search.search(niched, query({ radius: 10 }), { memberId: straightMan.id, hasTrafficSource: false });
    expect({ ids: within.results.map((card) => card.id), count: within.numResults }).toEqual({ ids: [womanSeekingMen.id, biWoman.id], count: 2 });
    // Asking for men, which he does not want, finds nobody.
    expect(await as(straightMan.id, { gender: 'male' })).toEqual([]);
    // The other way: a woman who wants women never sees him (nor any man), a woman who wants men does.
    expect(await as(womanSeekingWomen.id)).not.toContain(straightMan.id);
    expect(await as(gayWoman.id)).toEqual([womanSeekingWomen.id, biWoman.id]);
    expect(await as(womanSeekingMen.id)).toEqual(expect.arrayContaining([straightMan.id, man.id]));
  });

  it('tests in SQL, as the index does, whom each member wants, their gender and their age, as the rule in TypeScript does', async () => {
    // The index key (`member_who`) and a search's box (`member_who_wanted`), migration 0045, for
    // every gender, seeking and sexuality, against every viewer, gender asked for and age bound.
    const born = '1990-06-15';
    const ageBounds = [
      { bornAfter: null, bornOnOrBefore: null, inside: true },
      { bornAfter: '1990-06-14', bornOnOrBefore: '1990-06-15', inside: true },
      { bornAfter: '1990-06-15', bornOnOrBefore: null, inside: false },
      { bornAfter: null, bornOnOrBefore: '1990-06-14', inside: false },
    ];
    for (const gender of ['male', 'female'] as const)
      for (const seeking of ['male', 'female', 'both'] as const)
        for (const sexuality of ['hetero', 'gay', 'bi', 'curious', null])
          for (const viewer of ['male', 'female'] as const)
            for (const asked of [null, 'male', 'female'] as const)
              for (const { bornAfter, bornOnOrBefore, inside } of ageBounds) {
                const { rows } = (await ctx.db.execute(
                  sql`select member_who(${gender}, ${seeking}, ${sexuality}::text, ${born}::date)
                    <@ member_who_wanted(${asked}::text, ${viewer}::text, ${bornAfter}::date, ${bornOnOrBefore}::date) as shown`,
                )) as unknown as { rows: Array<{ shown: boolean }> };
                const shown = (asked === null || asked === gender) && gendersWanted({ gender, seeking, sexuality }).includes(viewer) && inside;
                expect({ gender, seeking, sexuality, viewer, asked, bornAfter, bornOnOrBefore, shown: rows[0].shown }).toEqual({
                  gender,
                  seeking,
                  sexuality,
                  viewer,
                  asked,
                  bornAfter,
                  bornOnOrBefore,
                  shown,
                });
              }
  });

  it('gives the swipe deck the same order and the same rule', async () => {
    const { site: niched, niche } = await inNiche();
    const player = await member(niche, { gender: 'male', seeking: 'female', country: 'DE', ...BERLIN });
    const hamburg = await member(niche, { gender: 'female', country: 'DE', ...HAMBURG, lastActiveAt: ago(0) });
    const potsdam = await member(niche, { gender: 'female', country: 'DE', ...POTSDAM, lastActiveAt: ago(3) });
    await member(niche, { gender: 'female', seeking: 'female', country: 'DE', ...BERLIN });
    await member(niche, { gender: 'male', seeking: 'male', country: 'DE', ...BERLIN });

    const deck = await ctx.services.swipe.deck(niched, player.id);
    expect(deck.map((card) => card.id)).toEqual([potsdam.id, hamburg.id]);
    expect(deck[0].distance_km).toBe(27);
  });
});
