import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './locales';
import { LOCALE_VISIBILITY, visibleLanguages } from './locale-visibility';

describe('visibleLanguages', () => {
  it('covers exactly the countries spec §9 names, each with English', () => {
    expect(Object.keys(LOCALE_VISIBILITY).sort()).toEqual([
      'AT',
      'AU',
      'BE',
      'CA',
      'CH',
      'DE',
      'DK',
      'ES',
      'FI',
      'FR',
      'GB',
      'IE',
      'IT',
      'NL',
      'NO',
      'NZ',
      'PL',
      'SE',
      'US',
    ]);
    for (const languages of Object.values(LOCALE_VISIBILITY)) expect(languages).toContain('en');
  });

  it('offers a country its own languages in the usual order', () => {
    expect(visibleLanguages('NL', 'nl')).toEqual(['en', 'nl']);
    expect(visibleLanguages('BE', 'fr')).toEqual(['de', 'en', 'fr', 'nl']);
    expect(visibleLanguages('ch', 'de')).toEqual(['de', 'en', 'fr', 'it']);
    expect(visibleLanguages('NO', 'nb')).toEqual(['en', 'nb']);
  });

  it('keeps the current language in the menu even where the map leaves it out', () => {
    expect(visibleLanguages('NL', 'pl')).toEqual(['en', 'nl', 'pl']);
  });

  it('offers every language to unknown or missing countries', () => {
    expect(visibleLanguages('BR', 'en')).toEqual([...SUPPORTED_LANGUAGES]);
    expect(visibleLanguages(null, 'de')).toEqual([...SUPPORTED_LANGUAGES]);
  });
});
