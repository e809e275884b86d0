import { describe, expect, it } from 'vitest';
import { findCustomPage, resolveSiteTexts, siteLanguage } from './site-texts';

/** A German site with its texts in German (the plain columns), and some in other languages. */
const site = {
  domainLanguage: 'de-DE',
  indexTitle: 'Flirten in deiner Nähe',
  description: 'Kostenlos anmelden.',
  fictionalWarning: 'Mit ★ markierte Profile sind fiktiv.',
  fictionalSingular: 'fiktives Profil',
  fictionalPlural: 'fiktive Profile',
  customPages: { safety: { title: 'Sicherheit', body: ['Triff dich an öffentlichen Orten.'] } },
  localizedTexts: {
    en: {
      index_title: 'Flirting near you',
      description: 'Join for free.',
      fictional_warning: 'Profiles marked ★ are fictional.',
      fictional_singular: 'fictional profile',
      fictional_plural: 'fictional profiles',
      custom_pages: { safety: { title: 'Safety', body: ['Meet in public places.'] } },
    },
    nl: { index_title: 'Flirten bij jou in de buurt' },
  },
};

describe('resolveSiteTexts', () => {
  it('takes the site’s language from its domain_language', () => {
    expect(siteLanguage(site)).toBe('de');
    expect(siteLanguage({ domainLanguage: 'xx' })).toBe('en');
  });

  it('gives a page the texts written in its language', () => {
    expect(resolveSiteTexts(site, 'en')).toEqual({
      index_title: 'Flirting near you',
      description: 'Join for free.',
      fictional_warning: 'Profiles marked ★ are fictional.',
      fictional_singular: 'fictional profile',
      fictional_plural: 'fictional profiles',
    });
    expect(resolveSiteTexts(site, 'de').index_title).toBe('Flirten in deiner Nähe');
  });

  it('never mixes languages: a text missing in the page’s language is left empty, not taken from German', () => {
    expect(resolveSiteTexts(site, 'nl')).toEqual({
      index_title: 'Flirten bij jou in de buurt',
      description: '',
      fictional_warning: '',
      fictional_singular: '',
      fictional_plural: '',
    });
  });

  it('falls back to the site’s own language, all texts together, when the page’s language has none', () => {
    expect(resolveSiteTexts(site, 'fr')).toEqual(resolveSiteTexts(site, 'de'));
    expect(resolveSiteTexts({ ...site, localizedTexts: { ...site.localizedTexts, fr: { index_title: '' } } }, 'fr').fictional_warning).toBe(
      'Mit ★ markierte Profile sind fiktiv.',
    );
  });

  it('lets an override for the site’s own language replace a plain column', () => {
    expect(resolveSiteTexts({ ...site, localizedTexts: { de: { description: 'Gratis dabei.' } } }, 'de')).toMatchObject({
      index_title: 'Flirten in deiner Nähe',
      description: 'Gratis dabei.',
    });
  });
});

describe('findCustomPage', () => {
  it('finds an operator’s page in the page’s language, else in the site’s own, else nothing', () => {
    expect(findCustomPage(site, 'safety', 'en')?.title).toBe('Safety');
    expect(findCustomPage(site, 'safety', 'fr')?.title).toBe('Sicherheit');
    expect(findCustomPage(site, 'missing', 'en')).toBeNull();
    expect(findCustomPage(site, 'toString', 'en')).toBeNull();
  });
});
