import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileCard } from '../../../contract/profiles';
import { createVisibleMember } from '../../../tests/factories/members';
import { createSite } from '../../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../../tests/setup/test-services';
import type { SiteRow } from '../../db/schema/index';
import { createManualClock } from '../shared/clock';
import { keepVisitorDecks, MAX_KEPT_DECKS, VISITOR_DECK_KEPT_MS } from './kept-visitor-decks';

const card = (id: number): ProfileCard => ({
  id,
  name: `Face${id}`,
  age: 30,
  gender: 'female',
  country: 'NL',
  region: null,
  city: null,
  main_image: { filename: `${id}.webp`, thumb_filename: `${id}-t.webp`, status: 'active' },
  is_fictional: false,
});

/** A deck that counts its database trips. */
function countingDeck() {
  const asked: string[] = [];
  return {
    asked,
    deck: async (site: SiteRow, country: string | null, size?: number) => {
      asked.push(`${site.niche}|${country}|${size}`);
      return [card(asked.length)];
    },
  };
}

const siteOfNiche = (niche: number) => ({ id: niche * 10, niche }) as SiteRow;

describe('visitor decks kept', () => {
  it('ask the database once per niche, country and size however many visitors come at once', async () => {
    const clock = createManualClock();
    const source = countingDeck();
    const kept = keepVisitorDecks(source.deck, { clock });
    const [a, b] = await Promise.all([kept.visitorDeck(siteOfNiche(1), 'NL', 12), kept.visitorDeck(siteOfNiche(1), 'NL', 12)]);
    expect(a).toBe(b);
    expect(source.asked).toEqual(['1|NL|12']);
    // Another site of the same niche shares them; another country, size or niche does not.
    expect(await kept.visitorDeck({ ...siteOfNiche(1), id: 99 }, 'NL', 12)).toBe(a);
    await kept.visitorDeck(siteOfNiche(1), 'DE', 12);
    await kept.visitorDeck(siteOfNiche(1), 'NL', 48);
    await kept.visitorDeck(siteOfNiche(2), 'NL', 12);
    expect(source.asked).toEqual(['1|NL|12', '1|DE|12', '1|NL|48', '2|NL|12']);
  });

  it('keep at most so many lists, whatever countries visitors claim to come from', async () => {
    const source = countingDeck();
    const kept = keepVisitorDecks(source.deck, { clock: createManualClock() });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const countries = [...letters].flatMap((first) => [...letters].map((second) => first + second));
    for (const country of countries) await kept.visitorDeck(siteOfNiche(1), country, 12);
    expect(kept.size).toBe(MAX_KEPT_DECKS);
    // The newest are still kept; the first ones went.
    await kept.visitorDeck(siteOfNiche(1), 'ZZ', 12);
    await kept.visitorDeck(siteOfNiche(1), 'AA', 12);
    expect(source.asked.filter((key) => key === '1|ZZ|12')).toHaveLength(1);
    expect(source.asked.filter((key) => key === '1|AA|12')).toHaveLength(2);
  });

  it('hand out lists nobody can change for the next visitor', async () => {
    const kept = keepVisitorDecks(countingDeck().deck, { clock: createManualClock() });
    const [face] = await kept.visitorDeck(siteOfNiche(1), 'NL');
    expect(() => ((face as { name: string }).name = 'Changed')).toThrow(TypeError);
    expect(() => ((face.main_image as { filename: string }).filename = 'x.webp')).toThrow(TypeError);
  });
});

describe('the home page with the page caches off', () => {
  let ctx: TestContext;
  let site: SiteRow;
  beforeAll(async () => {
    ctx = await createTestContext({ pages: true });
    site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain, niche: 6, countries: ['NL'] });
  });
  afterAll(() => ctx.close());

  const homeShows = async (memberId: number) => {
    const page = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'identity', 'cf-ipcountry': 'NL' } });
    expect(page.statusCode).toBe(200);
    return page.body.includes(`p${memberId}-0-t.webp`);
  };

  it('drops a member who hides their profile at once, and shows a newcomer within the kept time', async () => {
    const shown = await createVisibleMember(ctx, site, { country: 'NL', niches: [6] });
    expect(await homeShows(shown.id)).toBe(true);

    const newcomer = await createVisibleMember(ctx, site, { country: 'NL', niches: [6] });
    expect(await homeShows(newcomer.id)).toBe(false);
    ctx.clock.advance(VISITOR_DECK_KEPT_MS);
    expect(await homeShows(newcomer.id)).toBe(true);

    const cookies = { rdv_session: await ctx.services.sessions.start(shown.id, 'test') };
    const hide = await ctx.app.inject({ method: 'PUT', url: '/api/account.php', cookies, payload: { invisible: true } });
    expect(hide.statusCode).toBe(200);
    // The announcement reaches this instance's keeper before the next page (in-process bus).
    await expect.poll(() => homeShows(shown.id)).toBe(false);
    expect(await homeShows(newcomer.id)).toBe(true);
  });
});
