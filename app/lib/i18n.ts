import i18next, { type i18n } from 'i18next';
import { createContext, createElement, useContext, useEffect, useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../contract/locales';
import type { Messages } from '../../contract/page-context';
import { fetchPreloadedJson } from './preloaded-json';

/** The catalogues the browser loads as files (`/locales/<namespace>/<language>.<hash>.json`). */
export type CatalogueNamespace = 'common' | 'admin';
type CatalogueSource = (language: Language, namespace: CatalogueNamespace) => Messages;

/**
 * Server: the in-memory catalogues of the load context (entry.server.tsx provides them), so a
 * page renders its texts without carrying them in its loader data (issue 20).
 */
const ServerCatalogues = createContext<CatalogueSource | null>(null);
export const CatalogueProvider = ServerCatalogues.Provider;

const EMPTY: Messages = {};
/** Browser: the catalogues fetched so far, by `<namespace>:<language>`. */
const loaded = new Map<string, Messages>();
const listeners = new Set<() => void>();

const keyOf = (namespace: CatalogueNamespace, language: Language) => `${namespace}:${language}`;

/**
 * Fetches one language's catalogue once (the file is immutable: later pages get it from the
 * browser's cache). entry.client.tsx waits for the page's catalogues before hydrating, and the
 * root's client loader for another language's before a language switch shows, so no text is
 * ever drawn as its key.
 */
export function loadCatalogue(namespace: CatalogueNamespace, language: Language, url: string): Promise<void> {
  const key = keyOf(namespace, language);
  if (loaded.has(key)) return Promise.resolve();
  return fetchPreloadedJson<Messages>(url).then((messages) => {
    if (loaded.has(key)) return;
    loaded.set(key, messages);
    listeners.forEach((listener) => listener());
  });
}

/** Loads the catalogues the server named in the page's head (`catalogueLink`); never rejects. */
export function loadPageCatalogues(): Promise<unknown> {
  const links = Array.from(document.querySelectorAll<HTMLLinkElement>('link[data-catalogue]'));
  return Promise.allSettled(
    links.map((link) => {
      const [namespace, language] = link.dataset.catalogue!.split(':') as [CatalogueNamespace, Language];
      return loadCatalogue(namespace, language, link.getAttribute('href')!);
    }),
  );
}

/** A preload of a catalogue in the page's head: fetched beside the scripts, found by entry.client.tsx. */
export function catalogueLink(namespace: CatalogueNamespace, language: Language, url: string) {
  return createElement('link', { rel: 'preload', as: 'fetch', href: url, crossOrigin: 'anonymous', 'data-catalogue': keyOf(namespace, language) });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * One catalogue's texts for a render: the server's own on the server, the fetched file in the
 * browser. Should the file be missing (it failed to load before hydration), it is fetched again
 * and the page re-renders when it arrives.
 */
export function useCatalogue(namespace: CatalogueNamespace, language: Language, url: string | undefined): Messages {
  const server = useContext(ServerCatalogues);
  const key = keyOf(namespace, language);
  const read = () => loaded.get(key) ?? EMPTY;
  const messages = useSyncExternalStore(subscribe, read, server ? () => server(language, namespace) : read);
  useEffect(() => {
    if (!server && url && !loaded.has(key)) loadCatalogue(namespace, language, url).catch(() => {});
  }, [server, key, namespace, language, url]);
  return server ? server(language, namespace) : messages;
}

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

/** One instance per texts object, which is one language's: the server's shared by every request in that language. */
const instances = new WeakMap<Messages, i18n>();

/**
 * The i18next instance for a render. Each language's texts get an instance of their own, in
 * the browser too: a language switch changes nothing while it renders, and the page's texts
 * change with its data, its `lang` and its formats in one commit. (One browser instance told
 * to change language during a render showed the new texts under the old `lang` for as long
 * as the switch took to commit.)
 */
export function getI18n(language: Language, messages: Messages): i18n {
  let instance = instances.get(messages);
  if (!instance || instance.language !== language) {
    instance = createInstance(language, messages);
    instances.set(messages, instance);
  }
  return instance;
}
