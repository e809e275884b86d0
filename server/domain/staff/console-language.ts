import { DEFAULT_LANGUAGE, firstSupportedLanguage, toSupportedLanguage, type Language } from '../../../contract/locales';

/** What a browser says about its person's languages: the language cookie, and its `Accept-Language`. */
export interface BrowserLanguages {
  cookie?: string;
  acceptLanguage?: string;
}

/**
 * The console's language for someone who has not chosen one (issue 32): the language picked on
 * the site (the `i18n_redirected` cookie), then the browser's languages, then English. Unlike a
 * member page, a site's own language plays no part: the console is the same on every site's
 * address, and the operator's language is their own, not the brand's (ADR 0061).
 */
export function chooseConsoleLanguage(browser: BrowserLanguages): Language {
  return toSupportedLanguage(browser.cookie) ?? firstSupportedLanguage(browser.acceptLanguage) ?? DEFAULT_LANGUAGE;
}
