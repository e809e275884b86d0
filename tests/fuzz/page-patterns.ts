import type { ServerBuild } from 'react-router';

/**
 * Every page route of the React Router build as a full path pattern (`/members/:id`,
 * `/credits/:id/:paymentmethod?`, `/*` for the catch-all), so that a new page is fuzzed
 * without anyone listing it.
 */
export function listPagePatterns(routes: ServerBuild['routes']): string[] {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
  };
  const patterns = Object.keys(routes).map((id) => fullPath(id) || '/');
  return [...new Set(patterns)].sort();
}
