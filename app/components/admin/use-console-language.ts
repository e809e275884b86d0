import { useTranslation } from '../../lib/use-translation';
import type { Language } from '../../../contract/locales';

/**
 * The language the console speaks on this page (issue 32): amounts, counts and dates the
 * console formats itself follow it, so a German console writes "1.234,50 €" and "28. Nov.".
 */
export function useConsoleLanguage(): Language {
  return useTranslation().i18n.language as Language;
}
