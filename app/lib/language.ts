import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, type Language } from '../../contract/locales';

/** Remembers the chosen language for 365 days (spec §9); the server reads it on every page. */
export function storeLanguageChoice(language: Language) {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${language}; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; path=/; samesite=lax${secure}`;
}
