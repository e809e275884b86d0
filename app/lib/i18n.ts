import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../contract/locales';
import type { Messages } from '../../contract/page-context';

let browserInstance: i18n | null = null;
/** Server: one instance per language and texts object, shared by every request in that language. */
const serverInstances = new WeakMap<Messages, i18n>();

function createInstance(language: Language, messages: Messages): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { common: messages } },
    ns: ['common'],
    defaultNS: 'common',
    // React escapes what it renders; escaping here too would show "&amp;".
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * The i18next instance for a render. The server keeps one per language (its language never
 * changes, so concurrent requests can share it); the browser keeps one and adds each
 * language's texts as they arrive.
 */
export function getI18n(language: Language, messages: Messages): i18n {
  if (typeof document === 'undefined') {
    let instance = serverInstances.get(messages);
    if (!instance || instance.language !== language) {
      instance = createInstance(language, messages);
      serverInstances.set(messages, instance);
    }
    return instance;
  }
  if (!browserInstance) {
    browserInstance = createInstance(language, messages);
    return browserInstance;
  }
  if (!browserInstance.hasResourceBundle(language, 'common')) {
    browserInstance.addResourceBundle(language, 'common', messages);
  }
  if (browserInstance.language !== language) void browserInstance.changeLanguage(language);
  return browserInstance;
}
