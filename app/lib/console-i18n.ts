import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from '../../contract/page-context';

/** The console's texts (`locales/admin/`), English first; one instance per texts object. */
const instances = new WeakMap<Messages, i18n>();

export function getConsoleI18n(messages: Messages): i18n {
  let instance = instances.get(messages);
  if (!instance) {
    instance = i18next.createInstance();
    instance.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: false,
      resources: { en: { admin: messages } },
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
