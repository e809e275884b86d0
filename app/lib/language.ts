import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, type Language } from '../../contract/locales';
import { api } from './api-client';

/** Remembers the chosen language for 365 days (spec §9); the server reads it on every page. */
export function storeLanguageChoice(language: Language) {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${language}; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; path=/; samesite=lax${secure}`;
}

/**
 * A language chosen anywhere (the header's dropdown, `/lang-config`): the browser remembers it,
 * and for a member it is saved with the account (spec §4), so their e-mails and their next
 * sign-in on any device use it. The page keeps the choice even when saving fails; the next
 * change, or the next sign-in from this browser, saves it again.
 */
export async function chooseLanguage(language: Language, { signedIn }: { signedIn: boolean }, save = saveLanguage): Promise<void> {
  storeLanguageChoice(language);
  if (signedIn) await save(language).catch(() => {});
}

const saveLanguage = (language: Language) => api('user.php', { method: 'PUT', body: { language } });
