import { DEFAULT_LANGUAGE, toSupportedLanguage, type Language } from '../../contract/locales';

/**
 * The page language: the `i18n_redirected` cookie, then the browser's languages in order of
 * preference, then the site's `domain_language`, then English (ADR 0002).
 */
export function chooseLanguage(input: {
  cookie: string | undefined;
  acceptLanguage: string | undefined;
  domainLanguage: string;
}): Language {
  return (
    toSupportedLanguage(input.cookie) ??
    firstSupportedOf(input.acceptLanguage) ??
    toSupportedLanguage(input.domainLanguage) ??
    DEFAULT_LANGUAGE
  );
}

function firstSupportedOf(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { tag, q: quality ? Number(quality.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = toSupportedLanguage(entry.tag);
    if (language) return language;
  }
  return null;
}
