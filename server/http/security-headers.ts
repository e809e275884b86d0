import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The page CSP: scripts only from this origin or inline with this response's nonce; style
 * elements likewise; style attributes stay allowed because React renders `style={…}` props
 * as attributes during SSR. Nothing may frame the site.
 */
export function buildContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src-elem 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Helmet's response headers, worked out once. They depend on the options only, never on the
 * request, yet `@fastify/helmet` built a new helmet middleware from its options on every
 * request and set each header on the raw response before Fastify set them all again. Running
 * helmet once at start-up against a recording response gives the same headers for nothing.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Sends helmet's headers with every response; a page's own headers (its CSP) are set later and
 * add to them. Strict-Transport-Security goes only with HTTPS answers: over plain HTTP it is
 * ignored at best, and pins a test host at worst (RFC 6797 §7.2).
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { 'strict-transport-security': hsts, ...headers } = securityHeaders(options);
  const withHsts = hsts ? { ...headers, 'strict-transport-security': hsts } : headers;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? withHsts : headers);
    done();
  });
}
