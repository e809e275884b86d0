import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOCALE_COOKIE, type Language } from '../../contract/locales';
import type { SiteRow } from '../db/schema/index';
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
}

/** Paths that never need a site: static files, media, health checks, metrics. */
const SITELESS_PREFIXES = ['/assets/', '/media/', '/healthz', '/readyz', '/favicon', '/api/docs', '/locales/', '/metrics'];

/**
 * What a disabled site still answers: the console (its operators may be on the site's own
 * host) and payment webhooks (a payment made before the site was disabled must still settle).
 */
const SERVED_WHEN_DISABLED = ['/admin', '/api/admin/', '/api/payment-webhook.php'];

/** Picks the site and the language once per request, before any handler runs. */
export const requestContextPlugin = fp(
  async function requestContext(app: FastifyInstance, options: { sites: SitesService; geoipHeader: string; translator: Translator }) {
    app.decorateRequest('site', null as unknown as SiteRow);
    app.decorateRequest('language', 'en');
    app.decorateRequest('visitorCountry', null);

    app.addHook('onRequest', async (request, reply) => {
      if (SITELESS_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
      await attachContext(request, options.sites, options.geoipHeader);
      if (request.site.status === 'disabled' && !SERVED_WHEN_DISABLED.some((prefix) => request.url.startsWith(prefix))) {
        return answerSiteUnavailable(request, reply, options.translator);
      }
    });
  },
  { name: 'request-context', dependencies: ['@fastify/cookie'] },
);

/**
 * A disabled site's hosts answer 503 (the operator may enable it again; search engines keep it)
 * with a short page in the visitor's language, and serve no member: no sign-in, no API, no
 * socket. It never falls back to another brand, which would show a stranger's site on this
 * domain (ADR 0024).
 */
function answerSiteUnavailable(request: FastifyRequest, reply: FastifyReply, translator: Translator) {
  if (request.url.startsWith('/api/') || request.url.startsWith('/ws')) throw new AppError('site_unavailable');
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
