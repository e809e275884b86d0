import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withMatchedRoutesOnly } from './matched-routes';

const route = (id: string, parentId?: string) => ({ id, parentId, path: id, module: `/assets/${id}.js`, hasLoader: true }) as never;

describe('the router context a page renders with', () => {
  const context = {
    manifest: {
      url: '/assets/manifest.js',
      version: '1',
      entry: { module: '/assets/entry.js', imports: [] },
      routes: { root: route('root'), 'routes/members': route('routes/members', 'root'), 'routes/chats': route('routes/chats', 'root') },
    },
    staticHandlerContext: { matches: [{ route: { id: 'root' } }, { route: { id: 'routes/members' } }], loaderData: {} },
    routeModules: {},
    routeDiscovery: { mode: 'initial' },
  } as unknown as EntryContext;

  it('names only the routes the request matched, and keeps the rest of the manifest', () => {
    const narrowed = withMatchedRoutesOnly(context);
    expect(Object.keys(narrowed.manifest.routes)).toEqual(['root', 'routes/members']);
    expect(narrowed.manifest.url).toBe('/assets/manifest.js');
    expect(narrowed.manifest.entry).toBe(context.manifest.entry);
    // React Router fills the render's loader data into the shared handler context.
    expect(narrowed.staticHandlerContext).toBe(context.staticHandlerContext);
  });

  it('keeps every route when the page inlines the manifest it discovers lazily', () => {
    const lazy = { ...context, routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' } } as EntryContext;
    expect(withMatchedRoutesOnly(lazy)).toBe(lazy);
  });

  it('leaves the context it was given whole', () => {
    withMatchedRoutesOnly(context);
    expect(Object.keys(context.manifest.routes)).toHaveLength(3);
  });
});
