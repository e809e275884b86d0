import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an incoming `X-Request-Id` may be to be kept (a load balancer's or a client's id, a UUID,
 * a trace id): short and plain, so it is safe in a log line, a header and a job's payload.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** Fastify's `genReqId`: the caller's id when it is sane, else a fresh UUID (unique across instances). */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Whether a value read back (from a job's payload) is a request id this module would have kept. */
export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && SANE_REQUEST_ID.test(value);
}
