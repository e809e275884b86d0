import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onResponseHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from './metrics';
import type { MetricsAccess } from './metrics-access';
import type { RouteSeries } from './route-histogram';
import { addRouteHook } from '../http/route-hooks';
import { runWithRequestId } from './work-scope';

/** The route label of requests no route matched: one series, whatever URL was asked for. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Request ids, request metrics and `/metrics` on the app's port (ADR 0045). Registered before
 * every route: each route gets its histogram series once, labelled by its pattern, and its own
 * response hook that records into it, so a request costs a bucket search and nothing allocated.
 * Answers no route matched are recorded by the not-found handler's scope (`unmatchedResponses`),
 * and the request id goes out with the security headers (`addResponseHeaders`): two hooks fewer
 * on every request (issue 36).
 */
export const httpObservabilityPlugin = fp(
  async function httpObservability(app: FastifyInstance, options: { metrics: Metrics; access: MetricsAccess }) {
    const { http } = options.metrics;

    app.addHook('onRoute', (route) => {
      // The handler and everything it starts run as part of the request: jobs it enqueues carry
      // its id. A route that starts no work (the probes, `/metrics`) skips the step.
      if (route.config?.startsWork !== false) addRouteHook(route, 'preHandler', enterRequestScope);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const series = new Map(methods.map((method) => [method, http.seriesFor(method, route.url ?? route.path)]));
      const fallback = series.get(methods[0])!;
      addRouteHook(
        route,
        'onResponse',
        responseRecorder((method) => series.get(method) ?? fallback),
      );
    });

    app.get('/metrics', { schema: { hide: true }, config: { siteless: true, startsWork: false } }, async (request, reply) => {
      const answer = await options.access.answerOnAppPort(request.headers.authorization);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    });
  },
  { name: 'http-observability' },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` on a route whose handler enqueues no job (a probe): it runs outside a request scope. */
    startsWork?: boolean;
  }
}

const enterRequestScope: preHandlerHookHandler = function enterRequestScope(request, _reply, done) {
  runWithRequestId(request.id, done);
};

/**
 * The response hook of the not-found handler's scope: everything answered there, whatever URL
 * was asked for, is one series per method labelled `unmatched`. Only those answers pay for it.
 */
export function unmatchedResponses(metrics: Metrics): onResponseHookHandler {
  const series = new Map<string, RouteSeries>();
  return responseRecorder((method) => {
    let methodSeries = series.get(method);
    if (!methodSeries) {
      methodSeries = metrics.http.seriesFor(method, UNMATCHED_ROUTE);
      series.set(method, methodSeries);
    }
    return methodSeries;
  });
}

/** A response hook observing each answer's time and status in the series of its method. */
function responseRecorder(seriesOf: (method: string) => RouteSeries): onResponseHookHandler {
  return function recordResponse(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    seriesOf(request.method).observe(reply.elapsedTime / 1000, reply.statusCode);
    done();
  };
}
