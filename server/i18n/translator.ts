import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n, type TFunction } from 'i18next';
import { COUNTRY_CODES } from '../../contract/countries';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '../../contract/locales';
import { buildCatalogueAssets } from './catalogue-assets';

export type Messages = Record<string, unknown>;
/** `admin`: the console's own texts, in English only for now (other languages fall back to it). */
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
export async function createTranslator() {
  const resources: Record<string, Record<Namespace, Messages>> = {};
  for (const language of SUPPORTED_LANGUAGES) {
    resources[language] = {
      common: { ...readJson(path.join(localesDir, `${language}.json`)), country_names: countryNames(language) },
      legal: readJson(path.join(localesDir, 'legal', `${language}.json`)),
      admin: readJson(path.join(localesDir, 'admin', `${language}.json`)),
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
  const fixed = new Map<Language, TFunction>();
  for (const language of SUPPORTED_LANGUAGES) fixed.set(language, instance.getFixedT(language));
  const catalogues = buildCatalogueAssets((language, namespace) => resources[language][namespace]);

  return {
    /** A translate function bound to one language. */
    forLanguage(language: Language): TFunction {
      return fixed.get(language)!;
    },
    /** One namespace of one language, as the browser's i18next expects it. */
    getMessages(language: Language, namespace: Namespace = 'common'): Messages {
      return resources[language][namespace];
    },
    /** The browser's catalogues as content-hashed files (`/locales/…`), served by `catalogue.routes.ts`. */
    catalogues,
  };
}

export type Translator = Awaited<ReturnType<typeof createTranslator>>;
