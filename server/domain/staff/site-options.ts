import type { SiteOptions } from '../../../contract/admin/site-options';
import { allowedSites, type SiteScope } from './site-scope';

/**
 * The sites a console page's picker offers (ADR 0060): those of `scope`, by name. Every console
 * list with a site filter hands these out, so a limited staff member is never offered a site
 * that would only answer with nothing.
 */
export async function siteOptionsFor(sites: { names(): Promise<SiteOptions> }, scope: SiteScope): Promise<SiteOptions> {
  return allowedSites(scope, await sites.names());
}
