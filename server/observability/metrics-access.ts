import { createHash, timingSafeEqual } from 'node:crypto';
import type { Registry } from 'prom-client';

export interface MetricsAnswer {
  status: 200 | 401 | 404;
  headers: Record<string, string>;
  body: string;
}

/**
 * Who may read `/metrics` (ADR 0045). Without METRICS_TOKEN the app's port has no metrics (404:
 * a default install shows nothing); with it, only `Authorization: Bearer <token>` reads them.
 * The separate metrics port (METRICS_PORT, WORKER_METRICS_PORT) is reachable only where its host
 * binding lets it be, and asks for the token too when one is set.
 */
export function createMetricsAccess(options: { registry: Registry; token: string | undefined }) {
  // Both sides are hashed to one length before the constant-time compare: neither the token's
  // content nor its length shows in the time an answer takes.
  const expected = options.token ? digest(options.token) : null;

  function isAuthorized(authorization: string | undefined): boolean {
    if (!expected) return false;
    const presented = /^Bearer ([^\s]+)$/i.exec(authorization ?? '')?.[1];
    return presented !== undefined && timingSafeEqual(digest(presented), expected);
  }

  async function scrape(): Promise<MetricsAnswer> {
    return { status: 200, headers: { 'content-type': options.registry.contentType, 'cache-control': 'no-store' }, body: await options.registry.metrics() };
  }

  return {
    /** On the app's port: 404 without a configured token, 401 without the right one. */
    answerOnAppPort(authorization: string | undefined): Promise<MetricsAnswer> {
      if (!expected) return Promise.resolve(refusal(404));
      return isAuthorized(authorization) ? scrape() : Promise.resolve(refusal(401));
    },
    /** On a metrics port of its own: open unless a token is configured. */
    answerOnMetricsPort(authorization: string | undefined): Promise<MetricsAnswer> {
      return !expected || isAuthorized(authorization) ? scrape() : Promise.resolve(refusal(401));
    },
  };
}

export type MetricsAccess = ReturnType<typeof createMetricsAccess>;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function refusal(status: 401 | 404): MetricsAnswer {
  const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
  if (status === 401) headers['www-authenticate'] = 'Bearer realm="metrics"';
  return { status, headers, body: status === 401 ? 'Unauthorized\n' : 'Not Found\n' };
}
