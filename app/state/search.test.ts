import { describe, expect, it } from 'vitest';
import type { ProfileCard } from '../../contract/profiles';
import { defaultGender, firstPageOf, toPageQuery, widenFilters, withDefaultGender, withPage, type SearchFilters } from './search';

const filters = (patch: Partial<SearchFilters> = {}): SearchFilters => ({
  gender: '',
  country: '',
  countryregion: '',
  min_age: '',
  max_age: '',
  radius: '',
  ...patch,
});

describe('search defaults', () => {
  it('starts a member’s search at the gender their profile is looking for', () => {
    expect(defaultGender('male')).toBe('male');
    expect(defaultGender('female')).toBe('female');
    expect(defaultGender('both')).toBe('');
    expect(defaultGender(undefined)).toBe('');
    expect(withDefaultGender({}, 'male')).toEqual({ gender: 'male' });
    expect(withDefaultGender({ country: 'NL' }, 'female')).toEqual({ country: 'NL', gender: 'female' });
    expect(withDefaultGender({ country: 'NL' }, '')).toEqual({ country: 'NL' });
  });

  it('keeps a gender chosen in the address, and "any" chosen on purpose searches everyone', () => {
    expect(withDefaultGender({ gender: 'female' }, 'male')).toEqual({ gender: 'female' });
    expect(withDefaultGender({ gender: 'any', min_age: '30' }, 'male')).toEqual({ min_age: '30' });
    expect(toPageQuery(filters({ country: 'NL' }), 'male')).toBe('gender=any&country=NL');
    expect(toPageQuery(filters(), 'male')).toBe('gender=any');
    expect(toPageQuery(filters({ gender: 'male' }), 'male')).toBe('gender=male');
    // Visitors have no default: no need to write "any" out.
    expect(toPageQuery(filters({ country: 'NL' }), '')).toBe('country=NL');
  });
});

describe('widenFilters', () => {
  it('widens an empty search from the narrowest filter on: region, ages, country, gender', () => {
    const narrow = filters({ gender: 'female', country: 'NL', countryregion: 'NL-NH', min_age: '30', max_age: '35' });
    const steps: Array<SearchFilters | null> = [];
    let current: SearchFilters | null = narrow;
    while ((current = widenFilters(current))) steps.push(current);
    expect(steps).toEqual([
      filters({ gender: 'female', country: 'NL', min_age: '30', max_age: '35' }),
      filters({ gender: 'female', country: 'NL' }),
      filters({ gender: 'female' }),
      filters(),
    ]);
  });

  it('drops a one-sided age range too, and has nothing to widen on a search without filters', () => {
    expect(widenFilters(filters({ max_age: '25' }))).toEqual(filters());
    expect(widenFilters(filters())).toBeNull();
  });
});

describe('search results', () => {
  const card = (id: number): ProfileCard => ({
    id,
    name: `Member ${id}`,
    age: 30,
    gender: 'female',
    country: 'NL',
    region: null,
    city: null,
    main_image: null,
    is_fictional: false,
  });

  it('starts from the first page with its similar results, and later pages add to it in order', () => {
    const first = firstPageOf({ results: [card(1), card(2)], similar_results: [card(9)] });
    expect(first).toEqual({ pages: [{ pageNumber: 1, results: [card(1), card(2)] }], similarResults: [card(9)], partnerCards: [] });
    const more = withPage(first, 2, { results: [card(3)] });
    expect(more.pages.flatMap((page) => page.results).map((shown) => shown.id)).toEqual([1, 2, 3]);
    // A later page does not take the similar results away.
    expect(more.similarResults).toEqual([card(9)]);
  });

  it('replaces a page it has already (the first screen by the whole first page) instead of adding it twice', () => {
    const firstScreen = firstPageOf({ results: [card(1)] });
    const whole = withPage(withPage(firstScreen, 2, { results: [card(5)] }), 1, { results: [card(1), card(2)], similar_results: [] });
    expect(whole.pages.map((page) => [page.pageNumber, page.results.map((shown) => shown.id)])).toEqual([
      [1, [1, 2]],
      [2, [5]],
    ]);
    expect(firstPageOf({ results: [] }).similarResults).toEqual([]);
  });

  it('takes the partner offers from the first page, the whole first page’s replacing the first screen’s few', () => {
    const offer = (id: number) => ({
      id,
      kind: 'cam' as const,
      name: `Offer ${id}`,
      age: 30,
      city: 'Lyon',
      image: '/media/partners/x.webp',
      url: 'https://partner.example/',
    });
    const firstScreen = firstPageOf({ results: [card(1)], partner_cards: [offer(1)] });
    expect(firstScreen.partnerCards.map((shown) => shown.id)).toEqual([1]);
    const whole = withPage(firstScreen, 1, { results: [card(1), card(2)], partner_cards: [offer(1), offer(2)] });
    expect(whole.partnerCards.map((shown) => shown.id)).toEqual([1, 2]);
    // A later page keeps the offers the first page brought.
    expect(withPage(whole, 2, { results: [card(3)] }).partnerCards).toEqual(whole.partnerCards);
  });
});
