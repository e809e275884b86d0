import { createRequestHandler, type ServerBuild } from 'react-router';
import { matchedPage } from './page-methods';

type RequestHandler = ReturnType<typeof createRequestHandler>;
type Mode = 'production' | 'development';

/**
 * React Router's handlers for a build, made once per build and route: making one ranks its
 * routes, about a twentieth of a member page's CPU when it was made per request. Development
 * builds change on every edit; the WeakMap lets their handlers go with them.
 */
const handlers = new WeakMap<ServerBuild, Map<string, RequestHandler>>();
/** The key of the handler with every route (route ids are never empty). */
const WHOLE_BUILD = '';

/**
 * The handler that renders a page request. React Router matches a document request twice (once
 * to choose how to answer, once to load its data), each time trying its ranked routes one after
 * another until one fits, and the home page ranks last: matching was 7–9 % of an uncached
 * visitor render. The route a page's address matches is already known here (`page-methods.ts`,
 * remembered per path), so the page is rendered by a handler whose build holds that route and
 * its parents only. It matches the same route: the full build's first match is among its routes
 * and outranks the others. Data requests (`.data`) and React Router's own addresses
 * (`/__manifest`) go to the whole build, since their address is not the page's.
 */
export function pageHandlerFor(build: ServerBuild, mode: Mode, url: string): RequestHandler {
  const page = matchedPage(build, url);
  const ownRoute = page?.leafId && !page.path.endsWith('.data') && !page.path.startsWith('/__') ? page.leafId : WHOLE_BUILD;
  let byRoute = handlers.get(build);
  if (!byRoute) handlers.set(build, (byRoute = new Map()));
  let handler = byRoute.get(ownRoute);
  if (!handler) {
    handler = createRequestHandler(ownRoute === WHOLE_BUILD ? build : withRoutesTo(build, ownRoute), mode);
    byRoute.set(ownRoute, handler);
  }
  return handler;
}

/** The build with only one route and the routes above it (its layouts and the root). */
export function withRoutesTo(build: ServerBuild, leafId: string): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (let id: string | undefined = leafId; id; id = build.routes[id]?.parentId) routes[id] = build.routes[id];
  return { ...build, routes };
}
