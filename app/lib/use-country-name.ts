import { useCallback } from 'react';
import { useTranslation } from './use-translation';
import { regionName } from './region-names';

/**
 * A country's name in the page's language: the served countries are named in the language's
 * catalogue (`country_names`, written by the server from its own tables, see translator.ts); any
 * other country is named by the browser's tables, which a phone loads the first time at a cost of
 * ~140 ms of Lighthouse's mobile CPU (issue 19), so the pages' own countries never go there.
 */
export function useCountryName(): (code: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback((code: string) => t(`country_names.${code}`, { defaultValue: '' }) || regionName(i18n.language, code), [t, i18n.language]);
}
