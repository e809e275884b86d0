import { createContext, createElement, useContext } from 'react';
import type { InlinePageSettings, PageSettings, SharedPageSettings } from '../../contract/page-settings';
import { fetchPreloadedJson } from './preloaded-json';

/**
 * The site's settings as pages read them (issue 20, ADR 0049). What every visitor of the site
 * sees in one language is a content-hashed file (`/site-settings/<language>.<hash>.json`) the
 * head preloads and entry.client.tsx loads before hydrating; a page's own data carries only
 * the visitor's country and what the routes' `meta` read. The server renders from the load
 * context's settings, which are the same values, so server and browser draw the same page.
 */

/** Server: the request's page settings (entry.server.tsx provides them). */
const ServerSettings = createContext<PageSettings | null>(null);
export const ServerSettingsProvider = ServerSettings.Provider;

/** Browser: the shared files fetched so far, by address. */
const loaded = new Map<string, SharedPageSettings>();
/** Browser: one merged object per page data's inline part, so every reader gets the same object. */
const merged = new WeakMap<InlinePageSettings, PageSettings>();

/** Fetches a shared settings file once: the page's before hydration, another site language's before it shows. */
export function loadSiteSettings(url: string): Promise<void> {
  if (loaded.has(url)) return Promise.resolve();
  return fetchPreloadedJson<SharedPageSettings>(url).then((shared) => void loaded.set(url, shared));
}

/** Loads the file the server named in the page's head (`siteSettingsLink`). */
export function loadPageSiteSettings(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-site-settings]');
  return link ? loadSiteSettings(link.getAttribute('href')!) : Promise.resolve();
}

/** A preload of the shared settings in the page's head: fetched beside the scripts, found by entry.client.tsx. */
export function siteSettingsLink(url: string) {
  return createElement('link', { rel: 'preload', as: 'fetch', href: url, crossOrigin: 'anonymous', 'data-site-settings': '' });
}

/**
 * The page's settings: the server's own on the server; in the browser, the shared file with
 * the page's inline part over it. Undefined only in a browser whose file could not be loaded.
 */
export function usePageSettings(inline: InlinePageSettings | undefined, url: string | undefined): PageSettings | undefined {
  const server = useContext(ServerSettings);
  if (server) return server;
  if (!inline || !url) return undefined;
  const shared = loaded.get(url);
  if (!shared) return undefined;
  let settings = merged.get(inline);
  if (!settings) {
    settings = { ...shared, ...inline } as PageSettings;
    merged.set(inline, settings);
  }
  return settings;
}
