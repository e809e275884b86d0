import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../domain/shared/app-error';
import { hookRoutes, methodsOf } from './route-hooks';

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
    // Only routes that write (or read only for their own pages) carry the check; it is judged
    // from the route the router matched, once, as the route is registered.
    hookRoutes(app, 'preHandler', (route) => {
      if (route.config?.csrfExempt === 'signed-url-token') return null;
      if (route.config?.sameOriginOnly) return refuseCrossSite;
      return methodsOf(route).some((method) => !SAFE_METHODS.has(method)) ? refuseCrossSiteWrites : null;
    });
  },
  { name: 'csrf' },
);

/** Refuses a request a browser says comes from another site. */
const refuseCrossSite = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
  if (!isSameOrigin(request)) return done(new AppError('csrf_failed', { detail: `cross-site ${request.method} ${request.url}` }));
  done();
};

/** The same for the writes of a route that also reads (a GET and a POST on one pattern). */
const refuseCrossSiteWrites = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
  if (SAFE_METHODS.has(request.method)) return done();
  refuseCrossSite(request, reply, done);
};

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
