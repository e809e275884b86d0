import { matchRoutes, type ServerBuild } from 'react-router';

const SUBMISSION_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** Each build's routes as the tree `matchRoutes` takes (development hands over a new build now and then). */
const routeTrees = new WeakMap<ServerBuild, Parameters<typeof matchRoutes>[0]>();
/**
 * Each build's answers by path: `matchRoutes` flattens and ranks the whole route tree on every
 * call, which cost every page request about as much as rendering its footer. Bounded, since
 * paths carry ids; emptied when full.
 */
const answers = new WeakMap<ServerBuild, Map<string, string[]>>();
const MAX_REMEMBERED_PATHS = 5000;

/**
 * The methods a page address takes: GET and HEAD render it; the submission methods only reach
 * a page whose route has an action (React Router's form posts). The page handler answers any
 * other with 405 before React Router is asked, which would render an error page and log an
 * error for each such request.
 */
export function allowedMethods(build: ServerBuild, url: string): string[] {
  const path = url.split('?')[0];
  let known = answers.get(build);
  if (!known) answers.set(build, (known = new Map()));
  let methods = known.get(path);
  if (!methods) {
    methods = matchMethods(build, path);
    if (known.size >= MAX_REMEMBERED_PATHS) known.clear();
    known.set(path, methods);
  }
  return [...methods];
}

function matchMethods(build: ServerBuild, path: string): string[] {
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
  return ['GET', 'HEAD', ...(hasAction ? SUBMISSION_METHODS : [])];
}
