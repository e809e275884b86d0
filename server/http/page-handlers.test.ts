import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, loadProductionBuild, type TestContext } from '../../tests/setup/test-services';
import { pageHandlerFor, withoutConsole } from './page-handlers';
import { isConsolePage } from './page-methods';

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

describe('the page handler without the console', () => {
  it('leaves out the console’s routes and only those', () => {
    const site = withoutConsole(build);
    const consoleIds = Object.keys(build.routes).filter((id) => !(id in site.routes));
    expect(consoleIds.length).toBeGreaterThan(20);
    const addresses = sampleAddresses(build.routes);
    for (const id of consoleIds) expect(isConsolePage(build, addresses.get(id)!), addresses.get(id)).toBe(true);
    expect(Object.keys(site.routes)).toContain('root');
    expect(Object.keys(site.routes)).toContain('routes/index');
  });

  it('matches every other address to the same route as the whole build', () => {
    const site = withoutConsole(build);
    const addresses = [...sampleAddresses(build.routes).values(), '/', '/members/12/landing2/spring', '/unknown/page'];
    let compared = 0;
    for (const address of addresses) {
      if (isConsolePage(build, address)) continue;
      expect(leafOf(site.routes, address), address).toBe(leafOf(build.routes, address));
      compared += 1;
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('leaves the console’s pages, data requests and React Router’s own addresses to the whole build', () => {
    const site = pageHandlerFor(build, 'production', '/');
    expect(pageHandlerFor(build, 'production', '/members/7?page=2')).toBe(site);
    for (const address of ['/admin', '/admin/staff', '/ADMIN/staff', '/%61dmin', '/members.data?_routes=routes%2Fmembers%2Fsearch', '/__manifest?p=%2Fadmin']) {
      expect(pageHandlerFor(build, 'production', address), address).not.toBe(site);
    }
  });
});

describe('pages rendered by the two handlers', () => {
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
