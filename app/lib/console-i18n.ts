import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../contract/locales';
import type { Messages } from '../../contract/page-context';

/**
 * The console's texts (`locales/admin/<language>.json`, served complete: English under a
 * translation's gaps); one instance per texts object, which is one language's.
 */
const instances = new WeakMap<Messages, i18n>();

export function getConsoleI18n(language: Language, messages: Messages): i18n {
  let instance = instances.get(messages);
  if (!instance || instance.language !== language) {
    instance = i18next.createInstance();
    instance.use(initReactI18next).init({
      lng: language,
      fallbackLng: false,
      resources: { [language]: { admin: messages } },
      ns: ['admin'],
      defaultNS: 'admin',
      interpolation: { escapeValue: false },
      initAsync: false,
      react: { useSuspense: false },
    });
    instances.set(messages, instance);
  }
  return instance;
}
