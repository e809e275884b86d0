import type { EntryContext } from 'react-router';

/**
 * The router context a page renders with, its manifest narrowed to the routes the request
 * matched. React Router's `ServerRouter` builds a route object (with wrapper components) for
 * every route of the manifest on every render, ~140 here, then converts them all for a static
 * router whose render only ever uses the matched chain: narrowing it took about a fifth off an
 * uncached page's server CPU (issue 36, ADR 0085). What else reads the manifest during the render — the scripts, links
 * and module preloads — reads the matched routes' entries only, because the browser loads the
 * whole manifest as a file (`routeDiscovery: 'initial'`, ADR 0047). A lazily discovered
 * manifest is inlined per page from this context, so then the context stays whole.
 */
export function withMatchedRoutesOnly(context: EntryContext): EntryContext {
  if (context.routeDiscovery?.mode !== 'initial') return context;
  const routes: EntryContext['manifest']['routes'] = {};
  for (const match of context.staticHandlerContext.matches) {
    const route = context.manifest.routes[match.route.id];
    if (route) routes[match.route.id] = route;
  }
  return { ...context, manifest: { ...context.manifest, routes } };
}
