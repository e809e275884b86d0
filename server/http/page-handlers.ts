import { createRequestHandler, type ServerBuild } from 'react-router';
import { matchedPage } from './page-methods';

type RequestHandler = ReturnType<typeof createRequestHandler>;
type Mode = 'production' | 'development';

/**
 * React Router's handlers for a build, made once per build: making one ranks every route, about
 * a twentieth of a member page's CPU when it was made per request. Development builds change on
 * every edit; the WeakMaps let their handlers go with them.
 */
const wholeHandlers = new WeakMap<ServerBuild, RequestHandler>();
const pageHandlers = new WeakMap<ServerBuild, Map<string, RequestHandler>>();

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
  if (!page || !page.leafId || page.path.endsWith('.data') || page.path.startsWith('/__')) return wholeHandler(build, mode);
  let handlers = pageHandlers.get(build);
  if (!handlers) pageHandlers.set(build, (handlers = new Map()));
  let handler = handlers.get(page.leafId);
  if (!handler) {
    handler = createRequestHandler(withRoutesTo(build, page.leafId), mode);
    handlers.set(page.leafId, handler);
  }
  return handler;
}

function wholeHandler(build: ServerBuild, mode: Mode): RequestHandler {
  let handler = wholeHandlers.get(build);
  if (!handler) {
    handler = createRequestHandler(build, mode);
    wholeHandlers.set(build, handler);
  }
  return handler;
}

/** The build with only one route and the routes above it (its layouts and the root). */
export function withRoutesTo(build: ServerBuild, leafId: string): ServerBuild {
  const routes: ServerBuild['routes'] = {};
  for (let id: string | undefined = leafId; id; id = build.routes[id]?.parentId) routes[id] = build.routes[id];
  return { ...build, routes };
}
