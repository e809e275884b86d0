import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RouteSeries } from '../observability/route-histogram';
import { REQUEST_ID_HEADER, requestIdOf } from '../observability/request-id';

export const LIVENESS_PATH = '/healthz';

/** The liveness probe's answer: the same bytes on every check. */
export const LIVENESS_BODY = Buffer.from(JSON.stringify({ status: 'ok' }));
export const LIVENESS_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Answers a request and says `true`, or leaves it alone and says `false`. */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The liveness probe, answered by the HTTP server's own request listener before Fastify sees the
 * request (ADR 0089). A load balancer asks every instance every few seconds, and the answer needs
 * nothing a member's request does; yet through Fastify, whose logger alone sets up and removes
 * two listeners on every response, it cost about half again a bare `node:http` answer.
 *
 * Only the exact `GET /healthz` is taken here; anything else (HEAD, a query string, the tests'
 * `inject`) reaches the Fastify route, which sends the same body and headers. The answer carries
 * the response headers every answer has and the request's id, and is measured in the route's own
 * series. Strict-Transport-Security is left out: probes come from inside the network, and the
 * header is for browsers, which get it on every page.
 */
export function livenessProbe(options: { headers: Readonly<Record<string, string>>; series: RouteSeries }): EarlyAnswer {
  const headerLines: string[] = [];
  for (const [name, value] of Object.entries(options.headers)) headerLines.push(name, value);
  headerLines.push('content-type', LIVENESS_CONTENT_TYPE, 'content-length', String(LIVENESS_BODY.length), REQUEST_ID_HEADER, '');
  const requestIdSlot = headerLines.length - 1;

  return function answerLivenessProbe(request, response) {
    if (request.url !== LIVENESS_PATH || request.method !== 'GET') return false;
    const started = performance.now();
    // One array for every probe: `writeHead` turns it into the header block before it returns.
    headerLines[requestIdSlot] = requestIdOf(request);
    response.writeHead(200, headerLines);
    response.end(LIVENESS_BODY);
    options.series.observe((performance.now() - started) / 1000, 200);
    return true;
  };
}
