import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, loadProductionBuild, type TestContext } from '../../tests/setup/test-services';
import { pageHandlerFor, withRoutesTo } from './page-handlers';
import { matchedPage } from './page-methods';

let build: ServerBuild;
let ctx: TestContext;

beforeAll(async () => {
  build = await loadProductionBuild();
  ctx = await createTestContext({ pages: true });
  await createSite(ctx.db, { domain: 'handlers.test' });
});
afterAll(() => ctx.close());

/** A build's routes as the tree React Router matches. */
function treeOf(routes: ServerBuild['routes'], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, children: treeOf(routes, route!.id) }) as RouteObject);
}

/** One address for each route of the build, by route id: its full path with every parameter filled in. */
function sampleAddresses(routes: ServerBuild['routes']): Map<string, string> {
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const own = route.path ?? '';
    return route.parentId ? `${fullPath(route.parentId)}/${own}` : own;
  };
  return new Map(
    Object.keys(routes).map((id) => [
      id,
      `/${fullPath(id)}`
        .replace(/:[\w-]+\??/g, '7')
        .replace(/\*/g, 'nowhere/else')
        .replace(/\/+/g, '/'),
    ]),
  );
}

const leafOf = (routes: ServerBuild['routes'], address: string) => matchRoutes(treeOf(routes), address)?.at(-1)?.route.id;

describe('a page rendered by a handler of its own route', () => {
  it('holds the route and the routes above it only', () => {
    const routes = withRoutesTo(build, 'routes/chat/conversation').routes;
    expect(Object.keys(routes).sort()).toEqual(['root', 'routes/chat/chats', 'routes/chat/conversation', 'routes/layouts/chat']);
  });

  it('matches every address to the same route as the whole build, the console’s included', () => {
    const addresses = [
      ...sampleAddresses(build.routes).values(),
      '/',
      '/members/12/landing2/spring',
      '/unknown/page',
      '/ADMIN/staff',
      '/%61dmin',
      '/members/../admin/staff',
      '/chats/',
    ];
    for (const address of addresses) {
      const page = matchedPage(build, address)!;
      expect(page.leafId, address).toBe(leafOf(build.routes, page.path));
      expect(leafOf(withRoutesTo(build, page.leafId!).routes, page.path), address).toBe(page.leafId);
    }
    expect(matchedPage(build, '/members/../admin/staff')).toEqual({ path: '/admin/staff', leafId: 'routes/admin/staff' });
    expect(addresses.length).toBeGreaterThan(80);
  });

  it('shares one handler between addresses of a route, and leaves data requests and React Router’s own to the whole build', () => {
    const profile = pageHandlerFor(build, 'production', '/members/7');
    expect(pageHandlerFor(build, 'production', '/members/8?tab=photos')).toBe(profile);
    expect(pageHandlerFor(build, 'production', '/')).not.toBe(profile);
    const whole = pageHandlerFor(build, 'production', '/members.data?_routes=routes%2Fmembers%2Fsearch');
    expect(pageHandlerFor(build, 'production', '/__manifest?p=%2Fadmin')).toBe(whole);
    expect(whole).not.toBe(profile);
  });
});

describe('pages rendered by their own route’s handler', () => {
  const visit = (url: string) => ctx.app.inject({ url, headers: { host: 'handlers.test', 'accept-language': 'en', 'accept-encoding': 'identity' } });

  it('renders the home page and the console’s sign-in, whichever way its address is written', async () => {
    const home = await visit('/');
    expect(home.statusCode).toBe(200);
    const signIn = await visit('/admin');
    expect(signIn.statusCode).toBe(200);
    const title = signIn.body.match(/<title>([^<]*)<\/title>/)?.[1];
    expect(title).toBeTruthy();
    expect(home.body.match(/<title>([^<]*)<\/title>/)?.[1]).not.toBe(title);
    for (const address of ['/ADMIN', '/%61dmin']) {
      const page = await visit(address);
      expect(page.statusCode, address).toBe(200);
      expect(page.body.match(/<title>([^<]*)<\/title>/)?.[1], address).toBe(title);
    }
  });
});
