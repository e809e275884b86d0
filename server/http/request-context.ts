import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { LOCALE_COOKIE, type Language } from '../../contract/locales';
import type { SiteRow } from '../domain/sites/sites.service';
import { normalizeHost } from '../domain/sites/site-facts';
import type { SitesService } from '../domain/sites/sites.service';
import { AppError } from '../domain/shared/app-error';
import type { Translator } from '../i18n/translator';
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
  interface FastifyContextConfig {
    /** Static files, media, health checks, metrics: answered without resolving a site. */
    siteless?: boolean;
    /** Still answered on a disabled site's hosts: the console and payment webhooks. */
    servedWhenSiteDisabled?: boolean;
    /** A call of the JSON API or the socket, answered with a JSON error rather than a page. */
    isApiCall?: boolean;
  }
}

/** Route patterns that never need a site: static files, media, health checks, metrics. */
const SITELESS_PREFIXES = ['/assets/', '/media/', '/healthz', '/readyz', '/favicon', '/api/docs', '/locales/'];

/**
 * What a disabled site still answers: the console's API (its operators may be on the site's own
 * host) and payment webhooks (a payment made before the site was disabled must still settle).
 * The console's pages go through the page route, which decides by the path it matched.
 */
const SERVED_WHEN_DISABLED = ['/api/admin/', '/api/payment-webhook.php'];
/** The catch-all route that renders every page (ssr.ts). */
export const PAGE_ROUTE = '/*';
const CONSOLE_PAGE_PATH = /^admin(\/|\.data$|$)/;

/** Picks the site and the language once per request, before any handler runs. */
export const requestContextPlugin = fp(
  async function requestContext(app: FastifyInstance, options: { sites: SitesService; geoipHeader: string; translator: Translator }) {
    app.decorateRequest('site', null as unknown as SiteRow);
    app.decorateRequest('language', 'en');
    app.decorateRequest('visitorCountry', null);

    // Each route's needs are read from its pattern once, as it is registered; a request is then
    // judged by the route the router matched, whatever spelling of the address reached it.
    app.addHook('onRoute', (route) => {
      route.config = {
        ...route.config,
        siteless: route.config?.siteless ?? SITELESS_PREFIXES.some((prefix) => route.url.startsWith(prefix)),
        servedWhenSiteDisabled: SERVED_WHEN_DISABLED.some((prefix) => route.url.startsWith(prefix)),
        isApiCall: route.url.startsWith('/api/'),
      };
    });

    // Callback style, the site taken from the cache without a promise when it is there: every
    // request but the probes passes here (issue 36).
    app.addHook('onRequest', (request, reply, done) => {
      const config = request.routeOptions.config;
      if (config?.siteless) return done();
      const host = normalizeHost(request.hostname);
      const cached = options.sites.cachedSite(host);
      if (cached) return attachContext(request, cached, options.geoipHeader, reply, done, options.translator);
      options.sites.resolveSite(host).then((site) => attachContext(request, site, options.geoipHeader, reply, done, options.translator), done);
    });
  },
  { name: 'request-context', dependencies: ['@fastify/cookie'] },
);

/**
 * The path a catch-all route matched, decoded by the router (`/%61dmin` is `/admin`), without
 * its leading slash; '' for any other route.
 */
export function wildcardPathOf(request: FastifyRequest): string {
  return (request.params as { '*'?: string } | undefined)?.['*'] ?? '';
}

function isConsolePage(request: FastifyRequest): boolean {
  return CONSOLE_PAGE_PATH.test(wildcardPathOf(request));
}

/**
 * A disabled site's hosts answer 503 (the operator may enable it again; search engines keep it)
 * with a short page in the visitor's language, and serve no member: no sign-in, no API, no
 * socket. It never falls back to another brand, which would show a stranger's site on this
 * domain (ADR 0024).
 */
function answerSiteUnavailable(request: FastifyRequest, reply: FastifyReply, translator: Translator) {
  // Calls and sockets get the error as JSON; pages and unknown addresses get a page.
  if (request.routeOptions.config?.isApiCall) throw new AppError('site_unavailable');
  const text = escapeHtml(translator.forLanguage(request.language)('errors.site_unavailable'));
  const name = escapeHtml(request.site.name);
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .header('retry-after', '3600')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${request.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${name}</title>` +
        `<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;color:#440e24;background:#f8f9fa}main{padding:2rem;text-align:center;max-width:32rem}</style></head>` +
        `<body><main><h1>${name}</h1><p>${text}</p></main></body></html>`,
    );
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Gives the request its site, country and language, then goes on — or, on a disabled site,
 * answers for it (a page) or fails it (a call), and does not go on.
 */
function attachContext(
  request: FastifyRequest,
  site: SiteRow,
  geoipHeader: string,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  translator: Translator,
) {
  request.site = site;
  const country = request.headers[geoipHeader];
  request.visitorCountry = typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null;
  request.language = chooseLanguage({
    cookie: request.cookies[LOCALE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
    domainLanguage: site.domainLanguage,
  });
  if (site.status !== 'disabled' || request.routeOptions.config?.servedWhenSiteDisabled || isConsolePage(request)) return done();
  try {
    answerSiteUnavailable(request, reply, translator);
  } catch (error) {
    done(error as Error);
  }
}
