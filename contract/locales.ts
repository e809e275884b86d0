/** The interface languages (spec §1); `en` is the source and the default. */
export const SUPPORTED_LANGUAGES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name, for the language dropdown. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  it: 'Italiano',
  nb: 'Norsk bokmål',
  nl: 'Nederlands',
  pl: 'Polski',
  sv: 'Svenska',
};

/** Cookie that remembers the chosen language (spec §9: 365 days). */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isSupportedLanguage(value: string | null | undefined): value is Language {
  return !!value && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** 'nb-NO', 'no' and 'nn' all mean Norwegian here; other tags match on their first two letters. */
export function toSupportedLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().slice(0, 2);
  if (primary === 'no' || primary === 'nn') return 'nb';
  return isSupportedLanguage(primary) ? primary : null;
}
