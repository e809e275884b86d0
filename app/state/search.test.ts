import { describe, expect, it } from 'vitest';
import { defaultGender, toPageQuery, widenFilters, withDefaultGender, type SearchFilters } from './search';

const filters = (patch: Partial<SearchFilters> = {}): SearchFilters => ({ gender: '', country: '', countryregion: '', min_age: '', max_age: '', ...patch });

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
