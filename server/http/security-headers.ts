import type { FastifyInstance } from 'fastify';
import { hasClarity, hasTagManager, type AnalyticsIds } from '../../contract/analytics';
import helmet, { type HelmetOptions } from 'helmet';
import { REQUEST_ID_HEADER } from '../observability/request-id';

/**
 * The origins each analytics tool needs (the vendors' CSP guides): Tag Manager's container and
 * the Google Analytics 4 tags a container commonly fires; Clarity's tag, its script host and its
 * collection and pixel hosts.
 */
const ANALYTICS_ORIGINS = {
  tagManager: {
    script: ['https://www.googletagmanager.com'],
    connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
    img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
  },
  clarity: {
    script: ['https://www.clarity.ms', 'https://*.clarity.ms'],
    connect: ['https://*.clarity.ms', 'https://c.bing.com'],
    img: ['https://*.clarity.ms', 'https://c.bing.com'],
  },
} as const;

/**
 * The page CSP: scripts only from this origin or inline with this response's nonce; style
 * elements likewise; style attributes stay allowed because React renders `style={…}` props
 * as attributes during SSR. Nothing may frame the site. A site's tag manager and Clarity add
 * exactly their origins, and only when the site has them configured (issue 18); the page still
 * loads them only after consent.
 */
export function buildContentSecurityPolicy(nonce: string, analytics: AnalyticsIds = { tag_manager_id: '', clarity_id: '' }): string {
  return buildPolicy(`'nonce-${nonce}'`, `'nonce-${nonce}'`, analytics);
}

/**
 * The same policy for a page kept in the anonymous page cache (ADR 0038): its inline scripts
 * and style elements are allowed by their hashes instead of a nonce, because one copy is sent
 * to many visitors (and may be kept by a CDN).
 */
export function buildHashedContentSecurityPolicy(
  hashes: { scripts: string[]; styles: string[] },
  analytics: AnalyticsIds = { tag_manager_id: '', clarity_id: '' },
): string {
  return buildPolicy(hashes.scripts.join(' '), hashes.styles.join(' '), analytics);
}

function buildPolicy(inlineScripts: string, inlineStyles: string, analytics: AnalyticsIds): string {
  const tools = [hasTagManager(analytics) && ANALYTICS_ORIGINS.tagManager, hasClarity(analytics) && ANALYTICS_ORIGINS.clarity].filter((tool) => !!tool);
  const extra = (kind: 'script' | 'connect' | 'img') =>
    tools
      .flatMap((tool) => tool[kind])
      .map((origin) => ` ${origin}`)
      .join('');
  return [
    "default-src 'self'",
    ['script-src', "'self'", inlineScripts, "'strict-dynamic'"].filter(Boolean).join(' ') + extra('script'),
    ['style-src-elem', "'self'", inlineStyles].filter(Boolean).join(' '),
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${extra('img')}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra('connect')}`,
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
 * Browser features the site uses: geolocation only, by its own pages (the location picker's
 * "use my location", for distances). Service workers, push, notifications and the app badge are
 * not policy-controlled. Everything else powerful is switched off for the page and anything it
 * might ever embed or load (a tag manager's scripts included): no camera, microphone, payment
 * request, USB … — photo uploads go through the file picker, payments through the provider's
 * hosted checkout on its own origin. Only features Chromium knows are named: an unknown one costs
 * a console warning on every page.
 */
const PERMISSIONS: Record<string, string> = {
  accelerometer: '()',
  autoplay: '()',
  'browsing-topics': '()',
  camera: '()',
  'clipboard-read': '()',
  'display-capture': '()',
  'encrypted-media': '()',
  fullscreen: '()',
  gamepad: '()',
  geolocation: '(self)',
  gyroscope: '()',
  hid: '()',
  'idle-detection': '()',
  'interest-cohort': '()',
  'local-fonts': '()',
  magnetometer: '()',
  microphone: '()',
  midi: '()',
  'otp-credentials': '()',
  payment: '()',
  'picture-in-picture': '()',
  'publickey-credentials-create': '()',
  'publickey-credentials-get': '()',
  'screen-wake-lock': '()',
  serial: '()',
  'speaker-selection': '()',
  usb: '()',
  'window-management': '()',
  'xr-spatial-tracking': '()',
};

export const PERMISSIONS_POLICY = Object.entries(PERMISSIONS)
  .map(([feature, allowlist]) => `${feature}=${allowlist}`)
  .join(', ');

/** Every response's fixed headers, worked out once: over plain HTTP, and over HTTPS (with HSTS when configured). */
export interface ResponseHeaders {
  plain: Readonly<Record<string, string>>;
  https: Readonly<Record<string, string>>;
}

/**
 * Helmet's headers and the Permissions-Policy, which a page's own headers (its CSP) add to later.
 * Strict-Transport-Security goes only with HTTPS answers: over plain HTTP it is ignored at best,
 * and pins a test host at worst (RFC 6797 §7.2).
 */
export function responseHeaders(options: HelmetOptions): ResponseHeaders {
  const { 'strict-transport-security': hsts, ...helmetHeaders } = securityHeaders(options);
  const plain = { ...helmetHeaders, 'permissions-policy': PERMISSIONS_POLICY };
  return { plain, https: hsts ? { ...plain, 'strict-transport-security': hsts } : plain };
}

/**
 * Every response's fixed headers and the request's id (ADR 0045), which a load balancer's logs
 * and ours are joined by, in one hook: each hook is a step on every request (issue 36).
 */
export function addResponseHeaders(app: FastifyInstance, headers: ResponseHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? headers.https : headers.plain).header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
