import { createSitesService } from '../domain/sites/sites.service';
import { createSiteThemes } from '../domain/sites/site-theme-styles';
import type { Platform } from './platform';
import type { Stores } from './stores';

/** The white-label sites: their settings as members' requests see them, and their looks. */
export function composeSites(platform: Platform, stores: Stores) {
  const { config, clock, secrets, storage, siteChanges } = platform;
  const siteThemes = createSiteThemes({ mediaUrlOf: (key) => storage.urlOf(key) });
  const sites = createSitesService({
    sites: stores.sites,
    defaultDomain: config.defaultSiteDomain,
    pushPublicKey: secrets.vapid.publicKey,
    clock,
    themes: siteThemes,
  });
  // An operator's site change drops the cached site rows on every instance at once (ADR 0024).
  siteChanges.subscribe(() => sites.invalidate());
  return { sites, siteThemes };
}
