import { createRequestHandler, type ServerBuild } from 'react-router';
import { CONSOLE_ROUTE_PATH, isConsolePage } from './page-methods';

type RequestHandler = ReturnType<typeof createRequestHandler>;
type Mode = 'production' | 'development';

/**
 * React Router's handlers for a build, made once per build: making one ranks every route, about
 * a twentieth of a member page's CPU when it was made per request. Development builds change on
 * every edit; the WeakMaps let their handlers go with them.
 */
const wholeHandlers = new WeakMap<ServerBuild, RequestHandler>();
const siteHandlers = new WeakMap<ServerBuild, RequestHandler>();

/**
 * The handler that renders a page request. React Router matches a document request twice (once
 * to choose how to answer, once to load its data), each time trying the ranked routes one after
 * another until one fits: the home page ranks late, after most of the console's thirty-odd routes.
 * Pages that are not the console's are rendered by a handler whose build leaves the console's
 * routes out, which matches exactly as the whole one does for them (removing routes never makes
 * an earlier one match). Data requests (`.data`) and React Router's own addresses go to the whole
 * build: their address is not the page's.
 */
export function pageHandlerFor(build: ServerBuild, mode: Mode, url: string): RequestHandler {
  const path = url.split('?')[0]!;
  const whole = path.endsWith('.data') || path.startsWith('/__') || isConsolePage(build, url);
  return whole ? handlerOf(wholeHandlers, build, mode) : handlerOf(siteHandlers, build, mode, withoutConsole);
}

function handlerOf(handlers: WeakMap<ServerBuild, RequestHandler>, build: ServerBuild, mode: Mode, narrow = (whole: ServerBuild) => whole) {
  let handler = handlers.get(build);
  if (!handler) {
    handler = createRequestHandler(narrow(build), mode);
    handlers.set(build, handler);
  }
  return handler;
}

/** The build with the console's routes left out: the top-level `/admin` route and all beneath it. */
export function withoutConsole(build: ServerBuild): ServerBuild {
  const left = new Set(
    Object.values(build.routes)
      .filter((route) => route?.parentId === 'root' && route.path === CONSOLE_ROUTE_PATH)
      .map((route) => route!.id),
  );
  let grew = left.size > 0;
  while (grew) {
    grew = false;
    for (const route of Object.values(build.routes)) {
      if (route && route.parentId && left.has(route.parentId) && !left.has(route.id)) {
        left.add(route.id);
        grew = true;
      }
    }
  }
  return { ...build, routes: Object.fromEntries(Object.entries(build.routes).filter(([id]) => !left.has(id))) };
}
