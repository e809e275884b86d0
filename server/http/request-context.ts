import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOCALE_COOKIE, type Language } from '../../contract/locales';
import type { SiteRow } from '../db/schema/index';
import { normalizeHost } from '../domain/sites/site-facts';
import type { SitesService } from '../domain/sites/sites.service';
import { chooseLanguage } from './request-language';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site the request's host belongs to (set for API and page requests). */
    site: SiteRow;
    /** The language to answer in. */
    language: Language;
    /** The visitor's country from the CDN's GeoIP header, or null. */
    visitorCountry: string | null;
  }
}

/** Paths that never need a site: static files, media, health checks. */
const SITELESS_PREFIXES = ['/assets/', '/media/', '/healthz', '/readyz', '/favicon', '/api/docs'];

/** Picks the site and the language once per request, before any handler runs. */
export const requestContextPlugin = fp(
  async function requestContext(app: FastifyInstance, options: { sites: SitesService; geoipHeader: string }) {
    app.decorateRequest('site', null as unknown as SiteRow);
    app.decorateRequest('language', 'en');
    app.decorateRequest('visitorCountry', null);

    app.addHook('onRequest', async (request) => {
      if (SITELESS_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
      await attachContext(request, options.sites, options.geoipHeader);
    });
  },
  { name: 'request-context', dependencies: ['@fastify/cookie'] },
);

async function attachContext(request: FastifyRequest, sites: SitesService, geoipHeader: string) {
  request.site = await sites.resolveSite(normalizeHost(request.hostname));
  const country = request.headers[geoipHeader];
  request.visitorCountry = typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null;
  request.language = chooseLanguage({
    cookie: request.cookies[LOCALE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
    domainLanguage: request.site.domainLanguage,
  });
}
