import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';

type Step = 'onRequest' | 'preHandler' | 'onSend' | 'onResponse';
/** One hook of a route's step (a route takes one or a list). */
type HookOf<S extends Step> = NonNullable<RouteOptions[S]> extends infer H ? (H extends unknown[] ? H[number] : H) : never;

/**
 * Gives each route registered from now on in this scope the hook `hookFor` finds for it, if any,
 * judged once from the route as registered (its methods, pattern and config). A rule most routes
 * do not have (the member and staff rules, CSRF on writes, the page caches' invalidation) is then
 * no step at all for the others: a hook every request passes costs it a call and, to read the
 * matched route's config, a fresh `routeOptions` object (issue 36). `first` puts it before the
 * route hooks added earlier (the rate limits), where an instance-wide hook used to run.
 */
export function hookRoutes<S extends Step>(
  app: FastifyInstance,
  step: S,
  hookFor: (route: RouteOptions) => HookOf<S> | null,
  options: { first?: boolean } = {},
): void {
  app.addHook('onRoute', (route) => {
    const hook = hookFor(route);
    if (hook) addRouteHook(route, step, hook, options);
  });
}

/** Adds one hook to a route's step as it is registered: last, or `first`. */
export function addRouteHook<S extends Step>(route: RouteOptions, step: S, hook: HookOf<S>, options: { first?: boolean } = {}): void {
  const existing = route[step] as unknown;
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as Record<Step, unknown>)[step] = options.first ? [hook, ...hooks] : [...hooks, hook];
}

/** The methods a route answers, as registered. */
export function methodsOf(route: RouteOptions): string[] {
  return [route.method].flat();
}

/** An `async` rule as a callback-style hook: its rejection is the request's error. */
export function callbackHook(run: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
  const hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    run(request, reply).then(() => done(), done);
  };
  // Named after the rule, so the route table (`printRoutes`) says which rules a route runs.
  return Object.defineProperty(hook, 'name', { value: run.name });
}
