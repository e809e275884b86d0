import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../domain/shared/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Only for a route whose signed token in the URL is the whole authority and which changes
     * nothing but what that token names (RFC 8058 one-click unsubscribe, which mailbox
     * providers POST from wherever they are). Such a request carries no ambient authority.
     */
    csrfExempt?: 'signed-url-token';
    /**
     * A GET that the spec's call table fixes as GET but that writes (`auto-like.php` stores a
     * like): served to the site's own pages only, refused cross-site like any other write.
     */
    sameOriginOnly?: true;
  }
}

/**
 * CSRF protection for every state-changing request (ADR 0004). Browsers say where a request
 * comes from (`Sec-Fetch-Site`, `Origin`); a cross-site one is refused before any handler
 * runs. Requests with neither header do not come from a browser page and carry no ambient
 * authority worth forging; the session cookie is SameSite=Lax besides.
 */
export const csrfPlugin = fp(
  async function csrf(app: FastifyInstance) {
    app.addHook('preHandler', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method) && !request.routeOptions.config?.sameOriginOnly) return done();
      if (request.routeOptions.config?.csrfExempt === 'signed-url-token') return done();
      if (!isSameOrigin(request)) return done(new AppError('csrf_failed', { detail: `cross-site ${request.method} ${request.url}` }));
      done();
    });
  },
  { name: 'csrf' },
);

export function isSameOrigin(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}
