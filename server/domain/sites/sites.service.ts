import { analyticsIdsOf } from './site-analytics';
import { COUNTRIES, isCountryCode, REGION_WORDS, type CountryCode, type RegionWord } from '../../../contract/countries';
import { SUPPORTED_LANGUAGES, type Language } from '../../../contract/locales';
import type { CompanyInfo, SiteSettings } from '../../../contract/site';
import type { SitesRepository } from '../../db/repositories/sites.repository';
import type { SiteRow } from '../../db/schema/index';
import type { Clock } from '../shared/clock';
import { resolveSiteTexts } from './site-texts';
import { createSiteThemes, type SiteThemes } from './site-theme-styles';

/** A site as the domain hands it out (`resolveSite`, the request's site). */
export type { SiteRow };

export interface VisitorContext {
  /** ISO country code from the CDN's GeoIP header, if any. */
  country: string | null;
}

interface CachedSite {
  site: SiteRow | null;
  loadedAt: number;
  /** The load or refresh under way, shared by every caller that needs it. */
  loading?: Promise<SiteRow | null>;
}

/** Settings JSONs one site row keeps: per language and country (two-letter codes: at most 676 each). */
const MAX_SETTINGS_PER_SITE = 700 * SUPPORTED_LANGUAGES.length;

/**
 * Which site a request is for, and what that site tells the browser. Sites change rarely and
 * are read on every request, so rows are cached per host for a short time; an operator's edit
 * shows within `cacheTtlMs` on every instance.
 *
 * One host's row is loaded by one query at a time, however many requests need it: when the
 * row expired under load, each of them used to send its own query, and the pool opened new
 * connections for them (a latency spike every `cacheTtlMs` on a busy chat). A row in the last
 * quarter of its time is refreshed in the background while requests go on using it, so a busy
 * host never waits for its site.
 */
export function createSitesService(deps: {
  sites: SitesRepository;
  defaultDomain: string;
  pushPublicKey: string;
  clock: Clock;
  cacheTtlMs?: number;
  /** The sites' stylesheets (ADR 0041); without it, media keys are addressed under /media/. */
  themes?: SiteThemes;
}) {
  const themes = deps.themes ?? createSiteThemes({ mediaUrlOf: (key) => `/media/${key}` });
  const ttl = deps.cacheTtlMs ?? 30_000;
  const refreshAfter = ttl * 0.75;
  const cache = new Map<string, CachedSite>();
  /** Settings per site row, page language and visitor country (see `toPublicSettings`). */
  const settingsObjects = new WeakMap<SiteRow, Map<string, SiteSettings>>();
  /** Settings JSON bytes per site row, page language and visitor country (see `publicSettingsBody`). */
  const settingsBodies = new WeakMap<SiteRow, Map<string, Buffer>>();
  // Bumped by `invalidate`: a load that started before it must not put back what it read.
  let generation = 0;

  function load(domain: string, entry: CachedSite | undefined): Promise<SiteRow | null> {
    if (entry?.loading) return entry.loading;
    const startedAt = deps.clock.now().getTime();
    const startedIn = generation;
    const loading = deps.sites.findByDomain(domain).then(
      (site) => {
        if (startedIn !== generation) return site;
        // Unknown hosts are cached too, so a flood of random Host headers cannot hammer the database.
        if (cache.size > 10_000) cache.clear();
        cache.set(domain, { site, loadedAt: startedAt });
        return site;
      },
      (error: unknown) => {
        // A failed refresh keeps the row it would have replaced; the next request tries again.
        const failed = cache.get(domain);
        if (failed?.loading === loading) cache.set(domain, { site: failed.site, loadedAt: failed.loadedAt });
        throw error;
      },
    );
    cache.set(domain, { site: entry?.site ?? null, loadedAt: entry?.loadedAt ?? -Infinity, loading });
    return loading;
  }

  function publicSettings(site: SiteRow, visitor: VisitorContext, language: Language): SiteSettings {
    return keptFor(settingsObjects, site, visitor, language, () => Object.freeze(presentSettings(site, visitor, language, deps.pushPublicKey, themes)));
  }

  /**
   * The cached row for a domain while it is young enough to use (null: a domain known to have no
   * site), refreshed in the background once it is old; undefined when it must be loaded first.
   */
  function cachedNow(domain: string): SiteRow | null | undefined {
    const entry = cache.get(domain);
    const age = entry ? deps.clock.now().getTime() - entry.loadedAt : Infinity;
    if (!entry || age >= ttl) return undefined;
    if (age >= refreshAfter && !entry.loading) load(domain, entry).catch(() => {});
    return entry.site;
  }

  async function findCached(domain: string): Promise<SiteRow | null> {
    const cached = cachedNow(domain);
    return cached === undefined ? load(domain, cache.get(domain)) : cached;
  }

  return {
    /**
     * The site for a host name; an unknown host falls back to the default site so that
     * localhost and fresh deployments work. Throws when not even the default site exists.
     */
    async resolveSite(host: string): Promise<SiteRow> {
      const site = (host && (await findCached(host))) || (await findCached(deps.defaultDomain));
      if (!site) throw new Error(`No site is configured for "${host}" nor for the default domain "${deps.defaultDomain}"`);
      return site;
    },

    /**
     * `resolveSite` without a promise when the answer is in the cache: every request asks, and
     * almost every answer is there (issue 36). Undefined: ask `resolveSite`.
     */
    cachedSite(host: string): SiteRow | undefined {
      const own = host ? cachedNow(host) : null;
      if (own !== null) return own;
      return cachedNow(deps.defaultDomain) ?? undefined;
    },

    /** Forgets cached rows, e.g. after an operator edits a site. */
    invalidate(): void {
      generation += 1;
      cache.clear();
    },

    /**
     * What the browser may know about the site, with the operator's texts in the page's language.
     * Kept per site row, language and visitor country, and frozen: every page render reads them,
     * and what pages derive from them (the settings file's hash, the page's part) is kept per
     * settings object in turn (contract/page-settings.ts), so an uncached page no longer builds
     * and hashes them afresh (issue 36). A refreshed or edited row is a new object.
     */
    toPublicSettings: publicSettings,

    /**
     * `toPublicSettings` as UTF-8 JSON bytes, kept per site row, page language and visitor
     * country. `/api/settings.php` is the first call of every page load, and its answer changes
     * only with the row: a refreshed or edited row is a new object, so its JSON is worked out
     * afresh and the old one goes with the old row. Bytes rather than a string: a string answer
     * is measured (Buffer.byteLength) and encoded again on every send, a fifth of the call's CPU
     * (issue 36).
     */
    publicSettingsBody(site: SiteRow, visitor: VisitorContext, language: Language): Buffer {
      return keptFor(settingsBodies, site, visitor, language, () => Buffer.from(JSON.stringify(publicSettings(site, visitor, language))));
    },

    toCompanyInfo(site: SiteRow): CompanyInfo {
      return {
        name: site.companyName,
        address: site.companyAddress,
        kvk: site.companyKvk,
        city: site.companyCity,
        country: site.companyCountry,
        tradenames: site.companyTradenames,
        vat_numbers: site.companyVatNumbers,
        support_phone: site.supportPhone,
        delete_discount: site.deleteDiscount,
        added: site.companyAdded.toISOString(),
      };
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;

/** The word for a first-level region in this country: the operator's choice, else the country's usual one. */
export function regionWordOf(site: Pick<SiteRow, 'regionWords'>, country: CountryCode): RegionWord {
  const chosen = site.regionWords[country];
  return chosen && (REGION_WORDS as readonly string[]).includes(chosen) ? (chosen as RegionWord) : COUNTRIES[country].regionWord;
}

/** The visitor's country when the site serves it, else the site's first country. */
export function selectVisitorCountry(site: SiteRow, visitorCountry: string | null): string {
  if (visitorCountry && site.countries.includes(visitorCountry)) return visitorCountry;
  return site.countries[0] ?? 'US';
}

function presentSettings(site: SiteRow, visitor: VisitorContext, language: Language, pushPublicKey: string, themes: SiteThemes): SiteSettings {
  const texts = resolveSiteTexts(site, language);
  const regionData: SiteSettings['region_data'] = {};
  for (const country of site.countries) {
    if (isCountryCode(country)) regionData[country] = { region_word: regionWordOf(site, country) };
  }
  return {
    name: site.name,
    domain: site.domain,
    domain_language: site.domainLanguage,
    cdn_prefix: site.cdnPrefix,
    niche: site.niche,
    signups: site.signups,
    logged_out_search: site.loggedOutSearch,
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource,
    geoip_country: visitor.country,
    geoip_selected_country: selectVisitorCountry(site, visitor.country),
    enable_site_entry_popup: site.enableSiteEntryPopup,
    site_entry_popup_countries: site.siteEntryPopupCountries,
    minimum_message_costs: site.minimumMessageCosts,
    support_phone: site.supportPhone,
    support_email: site.supportEmail,
    push_public_key: pushPublicKey,
    fictional_icon: site.fictionalIcon,
    fictional_warning: texts.fictional_warning,
    fictional_singular: texts.fictional_singular,
    fictional_plural: texts.fictional_plural,
    description: texts.description,
    index_title: texts.index_title,
    countries: site.countries,
    visible_profile_fields: site.visibleProfileFields,
    visible_profile_notes: site.visibleProfileNotes,
    search_fields: site.searchFields,
    region_data: regionData,
    interests: site.interests,
    message_credits: site.messageCredits,
    signup_credits: site.signupCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    message_length: site.messageLength,
    refund_days: site.refundDays,
    delete_discount: site.deleteDiscount,
    member_resell: site.memberResell,
    show_us_footer: site.showUsFooter,
    mail_name: site.mailName || site.name,
    company_id: site.companyId,
    company_name: site.companyName,
    company_address: site.companyAddress,
    company_kvk: site.companyKvk,
    company_city: site.companyCity,
    company_country: site.companyCountry,
    company_tradenames: site.companyTradenames,
    company_vat_numbers: site.companyVatNumbers,
    company_added: site.companyAdded.toISOString(),
    ...analyticsIdsOf(site),
    theme: themes.publicThemeOf(site),
  };
}

/**
 * What a site row keeps per page language and visitor country, worked out on first use. Languages
 * and two-letter countries keep each map small; the bound only guards odd callers.
 */
function keptFor<T>(kept: WeakMap<SiteRow, Map<string, T>>, site: SiteRow, visitor: VisitorContext, language: Language, build: () => T): T {
  let byKey = kept.get(site);
  if (!byKey) kept.set(site, (byKey = new Map()));
  const key = `${language}:${visitor.country ?? ''}`;
  let value = byKey.get(key);
  if (value === undefined) {
    value = build();
    if (byKey.size < MAX_SETTINGS_PER_SITE) byKey.set(key, value);
  }
  return value;
}
