import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n, type TFunction } from 'i18next';
import { COUNTRY_CODES } from '../../contract/countries';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../../contract/locales';
import { buildCatalogueAssets } from './catalogue-assets';
import { mergeMessages } from './merge-messages';

export type Messages = Record<string, unknown>;
/**
 * `admin`: the console's own texts (`locales/admin/<lang>.json`). A language without its file
 * is spoken as English in the console; a key missing from a file reads in English (issue 32).
 */
export type Namespace = 'common' | 'legal' | 'admin';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

function readJson(file: string): Messages {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Messages) : {};
}

/**
 * The served countries' names in a language, from the server's own ICU tables, kept with the
 * language's texts: the browser gets them in the catalogue it loads anyway, so no page carries
 * them in its data and no phone builds its region tables to name a country (issues 19 and 20).
 */
function countryNames(language: Language): Record<string, string> {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  return Object.fromEntries(COUNTRY_CODES.map((code) => [code, names.of(code) ?? code]));
}

/**
 * All eleven languages, loaded once at boot. The server translates error messages and mails
 * with it, and hands one language's messages to the browser with the page that needs them.
 */
export async function createTranslator(options: { consoleTexts?: Partial<Record<Language, Messages | null>> } = {}) {
  const adminFileOf = (language: Language) => path.join(localesDir, 'admin', `${language}.json`);
  /** A language's console texts: a test's own where given (null: as if it had no file), else its file, else none. */
  const consoleTextsOf = (language: Language): Messages | null => {
    const given = options.consoleTexts?.[language];
    if (given !== undefined) return given;
    return fs.existsSync(adminFileOf(language)) ? readJson(adminFileOf(language)) : null;
  };
  /** The languages the console has texts in; English always. */
  const consoleLanguages = SUPPORTED_LANGUAGES.filter((language) => language === DEFAULT_LANGUAGE || consoleTextsOf(language) !== null);
  const englishAdmin = readJson(adminFileOf(DEFAULT_LANGUAGE));
  const resources: Record<string, Record<Namespace, Messages>> = {};
  for (const language of SUPPORTED_LANGUAGES) {
    resources[language] = {
      common: { ...readJson(path.join(localesDir, `${language}.json`)), country_names: countryNames(language) },
      legal: readJson(path.join(localesDir, 'legal', `${language}.json`)),
      // Complete in every language: English under whatever the language's file says.
      admin: mergeMessages(englishAdmin, language === DEFAULT_LANGUAGE ? {} : (consoleTextsOf(language) ?? {})),
    };
  }
  const instance: i18n = i18next.createInstance();
  await instance.init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: ['common', 'legal', 'admin'],
    defaultNS: 'common',
    // Texts are rendered by React (which escapes) or sent as JSON; escaping here would double it.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // `{{found, safety_reasons}}`: safety categories (comma-separated) named in the text's language,
  // as one list ("a phone number and a link"), for texts that name everything the signals found.
  instance.services.formatter?.add('safety_reasons', (value: unknown, lng: string | undefined) => {
    const language = lng ?? DEFAULT_LANGUAGE;
    const names = String(value)
      .split(',')
      .filter(Boolean)
      .map((category) => instance.t(`safety.reasons.${category}`, { lng: language }));
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
  });
  const fixed = new Map<Language, TFunction>();
  for (const language of SUPPORTED_LANGUAGES) fixed.set(language, instance.getFixedT(language));
  const catalogues = buildCatalogueAssets((language, namespace) => resources[language][namespace], { admin: consoleLanguages });

  return {
    /** A translate function bound to one language. */
    forLanguage(language: Language): TFunction {
      return fixed.get(language)!;
    },
    /** One namespace of one language, as the browser's i18next expects it. */
    getMessages(language: Language, namespace: Namespace = 'common'): Messages {
      return resources[language][namespace];
    },
    /** The languages the console has its own texts in (`locales/admin/<lang>.json`), English first among equals. */
    consoleLanguages: consoleLanguages as readonly Language[],
    /**
     * The language the console actually speaks to someone who wants `wanted`: that language
     * when the console has texts in it, else English — so a page's `lang`, its dates and numbers
     * and its error messages all agree with the words shown.
     */
    consoleTextLanguage(wanted: Language): Language {
      return consoleLanguages.includes(wanted) ? wanted : DEFAULT_LANGUAGE;
    },
    /** The browser's catalogues as content-hashed files (`/locales/…`), served by `catalogue.routes.ts`. */
    catalogues,
  };
}

export type Translator = Awaited<ReturnType<typeof createTranslator>>;
