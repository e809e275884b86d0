import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './request-language';

describe('chooseLanguage', () => {
  it('prefers the i18n_redirected cookie', () => {
    expect(chooseLanguage({ cookie: 'fi', acceptLanguage: 'de-DE', domainLanguage: 'nl-NL' })).toBe('fi');
  });
  it('then the best supported browser language by quality', () => {
    expect(chooseLanguage({ cookie: undefined, acceptLanguage: 'ja;q=1, sv;q=0.5, pl;q=0.8', domainLanguage: 'nl-NL' })).toBe('pl');
  });
  it('reads Norwegian tags as Bokmål', () => {
    expect(chooseLanguage({ cookie: undefined, acceptLanguage: 'no-NO', domainLanguage: 'en-US' })).toBe('nb');
  });
  it('then the first two letters of the site domain language', () => {
    expect(chooseLanguage({ cookie: 'xx', acceptLanguage: 'ja', domainLanguage: 'da-DK' })).toBe('da');
  });
  it('and English when nothing else matches', () => {
    expect(chooseLanguage({ cookie: undefined, acceptLanguage: undefined, domainLanguage: 'pt-BR' })).toBe('en');
  });
});
