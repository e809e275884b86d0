import type { SiteRow } from '../../db/schema/index';

export interface SiteLinkSettings {
  /** The scheme of public sites' links (`SITE_SCHEME`). */
  scheme: 'https' | 'http';
  /** The port in links, when not the scheme's own (`SITE_PORT`). */
  port?: number;
  /** The port the server listens on: where a local site (localhost) is reached. */
  listenPort: number;
}

/** Host names that only ever mean this machine, reached over plain HTTP on the server's own port. */
export function isLocalDomain(domain: string): boolean {
  return domain === 'localhost' || domain.endsWith('.localhost') || domain === '127.0.0.1' || domain === '[::1]';
}

/**
 * Absolute addresses of a site: the one place links in mails, payment return and webhook URLs
 * get their origin. They come from the site's configured domain and the deployment's scheme,
 * never from a request's Host or X-Forwarded-Host, which anybody can set.
 */
export function createSiteUrls(settings: SiteLinkSettings) {
  const suffix = (port: number | undefined, scheme: string) => (port && port !== (scheme === 'https' ? 443 : 80) ? `:${port}` : '');
  return {
    /** e.g. `https://flirtzone.example`, or `http://localhost:3000` for a local site. */
    originOf(site: Pick<SiteRow, 'domain'>): string {
      if (isLocalDomain(site.domain)) return `http://${site.domain}${suffix(settings.port ?? settings.listenPort, 'http')}`;
      return `${settings.scheme}://${site.domain}${suffix(settings.port, settings.scheme)}`;
    },
    /** An absolute URL on the site, from a path that starts with `/`. */
    urlOf(site: Pick<SiteRow, 'domain'>, pathAndQuery: string): string {
      return `${this.originOf(site)}${pathAndQuery}`;
    },
  };
}

export type SiteUrls = ReturnType<typeof createSiteUrls>;
