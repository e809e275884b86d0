import { matchRoutes, type ServerBuild } from 'react-router';

const SUBMISSION_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** Each build's routes as the tree `matchRoutes` takes (development hands over a new build now and then). */
const routeTrees = new WeakMap<ServerBuild, Parameters<typeof matchRoutes>[0]>();
/**
 * Each build's answers by path (its methods, whether it is the console's): `matchRoutes`
 * flattens and ranks the whole route tree on every call, which cost every page request about as
 * much as rendering its footer. Bounded, since paths carry ids; emptied when full.
 */
const answers = new WeakMap<ServerBuild, Map<string, PathRoutes>>();
const MAX_REMEMBERED_PATHS = 5000;

/**
 * The methods a page address takes: GET and HEAD render it; the submission methods only reach
 * a page whose route has an action (React Router's form posts). The page handler answers any
 * other with 405 before React Router is asked, which would render an error page and log an
 * error for each such request.
 */
export function allowedMethods(build: ServerBuild, url: string): string[] {
  return [...routesOf(build, url).methods];
}

/**
 * Whether a page address is one of the operators' console's (its routes all live under
 * `/admin`, app/routes.ts), as React Router matches it: decoded, case-insensitive.
 */
export function isConsolePage(build: ServerBuild, url: string): boolean {
  return routesOf(build, url).console;
}

/** The console's routes: the top-level route at this path and everything beneath it. */
export const CONSOLE_ROUTE_PATH = 'admin';

interface PathRoutes {
  methods: readonly string[];
  console: boolean;
}

function routesOf(build: ServerBuild, url: string): PathRoutes {
  const path = url.split('?')[0];
  let known = answers.get(build);
  if (!known) answers.set(build, (known = new Map()));
  let routes = known.get(path);
  if (!routes) {
    routes = matchPath(build, path);
    if (known.size >= MAX_REMEMBERED_PATHS) known.clear();
    known.set(path, routes);
  }
  return routes;
}

function matchPath(build: ServerBuild, path: string): PathRoutes {
  let tree = routeTrees.get(build);
  if (!tree) {
    const childrenOf = (parentId: string | undefined): Parameters<typeof matchRoutes>[0] =>
      Object.values(build.routes)
        .filter((route) => route && route.parentId === parentId)
        .map(
          (route) => ({ id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: childrenOf(route!.id) }) as never,
        );
    tree = childrenOf(undefined);
    routeTrees.set(build, tree);
  }
  const matches = matchRoutes(tree, path) ?? [];
  const leaf = matches[matches.length - 1];
  const hasAction = !!leaf && !!build.routes[leaf.route.id!]?.module.action;
  return {
    methods: ['GET', 'HEAD', ...(hasAction ? SUBMISSION_METHODS : [])],
    console: matches.some((match) => build.routes[match.route.id!]?.parentId === 'root' && match.route.path === CONSOLE_ROUTE_PATH),
  };
}
