import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from './metrics';
import type { MetricsAccess } from './metrics-access';
import type { RouteSeries } from './route-histogram';
import { REQUEST_ID_HEADER } from './request-id';
import { runWithRequestId } from './request-scope';

/** The route label of requests no route matched: one series, whatever URL was asked for. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Request ids, request metrics and `/metrics` on the app's port (ADR 0045). Registered before
 * every route: each route gets its histogram series once, labelled by its pattern, and its own
 * response hook that records into it, so a request costs a bucket search and nothing allocated.
 */
export const httpObservabilityPlugin = fp(
  async function httpObservability(app: FastifyInstance, options: { metrics: Metrics; access: MetricsAccess }) {
    const { http } = options.metrics;

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const series = new Map(methods.map((method) => [method, http.seriesFor(method, route.url ?? route.path)]));
      const fallback = series.get(methods[0])!;
      const record: onResponseHookHandler = function recordResponse(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
        (series.get(request.method) ?? fallback).observe(reply.elapsedTime / 1000, reply.statusCode);
        done();
      };
      const existing = route.onResponse;
      route.onResponse = existing === undefined ? [record] : Array.isArray(existing) ? [...existing, record] : [existing, record];
    });

    const unmatched = new Map<string, RouteSeries>();
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) {
        let series = unmatched.get(request.method);
        if (!series) {
          series = http.seriesFor(request.method, UNMATCHED_ROUTE);
          unmatched.set(request.method, series);
        }
        series.observe(reply.elapsedTime / 1000, reply.statusCode);
      }
      done();
    });

    // On the raw response: pages are rendered on a hijacked reply, which sends no Fastify headers.
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
      done();
    });
    // The handler and everything it starts run as part of the request: jobs it enqueues carry its id.
    app.addHook('preHandler', (request, _reply, done) => runWithRequestId(request.id, done));

    app.get('/metrics', { schema: { hide: true }, config: { siteless: true } }, async (request, reply) => {
      const answer = await options.access.answerOnAppPort(request.headers.authorization);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    });
  },
  { name: 'http-observability' },
);
