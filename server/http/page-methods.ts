import { matchRoutes, type ServerBuild } from 'react-router';

const SUBMISSION_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** Each build's routes as the tree `matchRoutes` takes (development hands over a new build now and then). */
const routeTrees = new WeakMap<ServerBuild, Parameters<typeof matchRoutes>[0]>();
/**
 * Each build's answers by path (its methods, the route it matches): `matchRoutes`
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
 * The page an address is, as React Router will see it: the path of the address it is handed
 * (dot segments resolved, `server/http/ssr.ts` `toWebRequest`) and the deepest route matching
 * it; null for an address that is no URL path.
 */
export function matchedPage(build: ServerBuild, url: string): { path: string; leafId: string | null } | null {
  const { path, leafId } = routesOf(build, url);
  return path === null ? null : { path, leafId };
}

interface PathRoutes {
  methods: readonly string[];
  /** The path React Router matches; null when the address is no URL path. */
  path: string | null;
  leafId: string | null;
}

function routesOf(build: ServerBuild, url: string): PathRoutes {
  const rawPath = url.split('?')[0]!;
  let known = answers.get(build);
  if (!known) answers.set(build, (known = new Map()));
  let routes = known.get(rawPath);
  if (!routes) {
    routes = matchPath(build, routerPathOf(rawPath));
    if (known.size >= MAX_REMEMBERED_PATHS) known.clear();
    known.set(rawPath, routes);
  }
  return routes;
}

/** The pathname of the URL the page handler builds from the address: appended to an origin, as there. */
function routerPathOf(rawPath: string): string | null {
  try {
    return new URL(`http://page.invalid${rawPath}`).pathname;
  } catch {
    return null;
  }
}

function matchPath(build: ServerBuild, path: string | null): PathRoutes {
  if (path === null) return { methods: ['GET', 'HEAD'], path, leafId: null };
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
    path,
    leafId: leaf?.route.id ?? null,
  };
}
