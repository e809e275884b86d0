import type { Language } from './locales';
import type { SiteSettings } from './site';

/**
 * Settings no page reads (the API serves them to whoever needs them). Of the company, pages show
 * the name, address, city and country (footer, contact block, mandate), read from the site's
 * cached settings file (spec §7: company info loaded once and cached, ADR 0071); the registration
 * numbers and trade names are in the legal pages' server-built text, and the console reads a
 * site's settings from its own API.
 */
const UNREAD = [
  'region_data',
  'search_fields',
  'visible_profile_notes',
  'company_id',
  'company_kvk',
  'company_tradenames',
  'company_vat_numbers',
  'company_added',
  'mail_name',
  'member_resell',
  'logged_out_search_trafficsource',
  'domain_language',
  'niche',
  'logged_out_search',
  'signup_credits',
  'fictional_plural',
] as const satisfies readonly (keyof SiteSettings)[];

/**
 * What stays in every page's data: the visitor's own country (from the request), and what the
 * routes' `meta` functions read — they see loader data only, not the settings file.
 */
const INLINE = ['geoip_country', 'geoip_selected_country', 'name', 'index_title', 'description'] as const satisfies readonly (keyof SiteSettings)[];

/** The settings pages read. */
export type PageSettings = Omit<SiteSettings, (typeof UNREAD)[number]>;
/** The part a page carries in its own data. */
export type InlinePageSettings = Pick<SiteSettings, (typeof INLINE)[number]>;
/** The part that is the same for every visitor of a site in one language: a cached file. */
export type SharedPageSettings = Omit<PageSettings, (typeof INLINE)[number]>;

/**
 * What is derived from one settings object, kept beside it: the server hands every request of
 * a site, language and country the same frozen settings (`sites.toPublicSettings`), and each
 * page render used to copy, split, serialise and hash them again (issue 36). Derived objects are
 * frozen too, as they are shared by every page that reads them.
 */
interface Derived {
  page?: PageSettings;
  split?: { inline: InlinePageSettings; shared: SharedPageSettings };
  files?: Map<Language, Promise<SharedSettingsFile>>;
}
const derived = new WeakMap<SiteSettings, Derived>();

function derivedOf(settings: SiteSettings): Derived {
  let entry = derived.get(settings);
  if (!entry) derived.set(settings, (entry = {}));
  return entry;
}

/** The settings pages read, in the settings' own order (so the file's bytes only change with a value). */
export function pageSettingsOf(settings: SiteSettings): PageSettings {
  const entry = derivedOf(settings);
  if (!entry.page) {
    const kept: Record<string, unknown> = { ...settings };
    for (const name of UNREAD) delete kept[name];
    entry.page = Object.freeze(kept) as PageSettings;
  }
  return entry.page;
}

/** Splits the page's settings into what each visitor's page carries and the site's shared file. */
export function splitPageSettings(settings: SiteSettings): { inline: InlinePageSettings; shared: SharedPageSettings } {
  const entry = derivedOf(settings);
  if (!entry.split) {
    const shared: Record<string, unknown> = { ...pageSettingsOf(settings) };
    const inline: Record<string, unknown> = {};
    for (const name of INLINE) {
      inline[name] = shared[name];
      delete shared[name];
    }
    entry.split = Object.freeze({ inline: Object.freeze(inline) as InlinePageSettings, shared: Object.freeze(shared) as SharedPageSettings });
  }
  return entry.split;
}

/** The shared settings' file: `/site-settings/<language>.<hash>.json`, the hash of exactly these bytes. */
export interface SharedSettingsFile {
  url: string;
  hash: string;
  body: string;
}

/**
 * The shared settings of a site in one language as a content-hashed file (issue 20, ADR 0049):
 * the root loader names it and the server serves it, both through this one function, so the
 * address a page names is always the hash of the bytes served for it. Web Crypto, so the same
 * code runs in React Router's server build and in Fastify's.
 */
export function sharedSettingsFileOf(settings: SiteSettings, language: Language): Promise<SharedSettingsFile> {
  const entry = derivedOf(settings);
  entry.files ??= new Map();
  let file = entry.files.get(language);
  if (!file) {
    file = hashedFileOf(settings, language);
    entry.files.set(language, file);
    // A failed digest is not kept: the next page asks again.
    file.catch(() => entry.files?.delete(language));
  }
  return file;
}

async function hashedFileOf(settings: SiteSettings, language: Language): Promise<SharedSettingsFile> {
  const body = JSON.stringify(splitPageSettings(settings).shared);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)));
  const hash = Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return Object.freeze({ url: `/site-settings/${language}.${hash}.json`, hash, body });
}
