import { COUNTRY_CODES } from '../../contract/countries';
import type { NewSiteRow } from '../db/schema/index';
import { FLIRTZONE_TEXTS, RENDEZVOUS_TEXTS } from './demo-site-texts';

const company = {
  companyName: 'Rendezvous Media B.V.',
  companyAddress: 'Herengracht 420',
  companyKvk: '81234567',
  companyCity: 'Amsterdam',
  companyCountry: 'Netherlands',
  companyTradenames: ['Rendezvous', 'Flirtzone'],
  companyVatNumbers: ['NL862345678B01'],
  companyAdded: new Date('2024-03-01T09:00:00Z'),
  supportPhone: '+31 20-123 45 67',
};

const allProfileFields = [
  'country',
  'region',
  'city',
  'date_of_birth',
  'gender',
  'sexuality',
  'relationship_status',
  'hair_colour',
  'eye_colour',
  'body_type',
  'tattoos',
  'interests',
];

/**
 * Two demo brands on one deployment: the general site on localhost and a German-language
 * niche site on flirt.localhost (browsers resolve *.localhost to this machine). The texts
 * here are in each site's own language; demo-site-texts.ts has them in other languages.
 */
export function buildDemoSites(defaultDomain: string): NewSiteRow[] {
  return [
    {
      ...company,
      domain: defaultDomain,
      name: 'Rendezvous',
      domainLanguage: 'en-US',
      niche: 1,
      indexTitle: 'Rendezvous – dating and flirting for adults',
      description: 'Meet singles near you, like and match, and chat in real time. Free to join; you only pay for the messages you send.',
      countries: COUNTRY_CODES,
      supportEmail: 'support@rendezvous.example',
      mailName: 'Rendezvous',
      fictionalIcon: '★',
      fictionalWarning: 'Profiles marked with ★ are fictional profiles run by our team for entertainment; you cannot meet them in person.',
      fictionalSingular: 'fictional profile',
      fictionalPlural: 'fictional profiles',
      localizedTexts: RENDEZVOUS_TEXTS,
      visibleProfileFields: allProfileFields,
      searchFields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
      minimumMessageCosts: { NL: { costs: 10, currency: 'EUR' }, DE: { costs: 10, currency: 'EUR' }, GB: { costs: 10, currency: 'GBP' } },
      signupCredits: 20,
      loggedOutSearch: 'all',
      showUsFooter: true,
      // Partner cards among search results (issue 18), so the demo shows them.
      memberResell: true,
    },
    {
      ...company,
      domain: 'flirt.localhost',
      name: 'Flirtzone',
      domainLanguage: 'de-DE',
      niche: 6,
      indexTitle: 'Flirtzone – reife Frauen, echte Chats',
      description: 'Flirten mit reifen Frauen in deiner Nähe. Kostenlos anmelden, Nachrichten mit Credits bezahlen – ohne Abo.',
      countries: ['DE', 'AT', 'CH'],
      supportEmail: 'hilfe@flirtzone.example',
      mailName: 'Flirtzone',
      fictionalIcon: '★',
      fictionalWarning: 'Mit ★ gekennzeichnete Profile sind fiktive Profile unseres Teams; ein persönliches Treffen ist nicht möglich.',
      fictionalSingular: 'fiktives Profil',
      fictionalPlural: 'fiktive Profile',
      localizedTexts: FLIRTZONE_TEXTS,
      visibleProfileFields: allProfileFields,
      searchFields: ['country', 'countryregion', 'min_age', 'max_age'],
      signupCredits: 10,
      signups: 'with_trafficsource',
      // A niche brand that looks at every photo before others see it: the console's photo queue.
      photoAutoApprove: false,
    },
  ];
}
