import { DEFAULT_LANGUAGE, firstSupportedLanguage, toSupportedLanguage, type Language } from '../../contract/locales';

/**
 * The page language: the `i18n_redirected` cookie, then the browser's languages in order of
 * preference, then the site's `domain_language`, then English (ADR 0002).
 */
export function chooseLanguage(input: { cookie: string | undefined; acceptLanguage: string | undefined; domainLanguage: string }): Language {
  return toSupportedLanguage(input.cookie) ?? firstSupportedLanguage(input.acceptLanguage) ?? toSupportedLanguage(input.domainLanguage) ?? DEFAULT_LANGUAGE;
}
