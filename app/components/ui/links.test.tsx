import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Link as RouterLink, Outlet, StaticRouterProvider, type LinkProps } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPlainServerLink, ServerLink } from './links';

/** Renders `element` on the page at `url`, inside a matched nested route as pages are. */
async function renderAt(url: string, element: ReactNode): Promise<string> {
  const routes = [
    {
      path: '/',
      element: <Outlet />,
      children: [
        { path: 'members/:id', element },
        { index: true, element },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`https://example.test${url}`));
  if (context instanceof Response) throw new Error('unexpected response');
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

const PLAIN = [
  '/',
  '/members',
  '/members/3',
  '/members/3/',
  '/pages/terms',
  '/members?page=2&sort=new',
  '/credits#bundles',
  '/landers/gallery.v2',
  '/a-b_c~d/%C3%A9',
];
const ROUTER_ONLY = ['members', './x', '../x', '/a/../b', '/a/./b', '/a//b', '/members?', '/members#', 'https://elsewhere.test/', '?page=2', '/a b'];

describe('the server-drawn link', () => {
  it.each(PLAIN)('draws the same anchor as React Router for %s, on a nested page too', async (to) => {
    const props: LinkProps = { to, className: 'btn', 'aria-label': 'Go', children: 'go', replace: true, state: { from: 1 }, preventScrollReset: true };
    expect(isPlainServerLink(props)).toBe(true);
    for (const url of ['/', '/members/7']) {
      expect(await renderAt(url, <ServerLink {...props} />)).toBe(await renderAt(url, <RouterLink discover="none" {...props} />));
    }
  });

  it.each(ROUTER_ONLY)('leaves %s to React Router, which resolves it against the page', (to) => {
    expect(isPlainServerLink({ to })).toBe(false);
  });

  it('leaves links that prefetch, reload the document or resolve relative to the route to React Router', () => {
    expect(isPlainServerLink({ to: '/members', prefetch: 'intent' })).toBe(false);
    expect(isPlainServerLink({ to: '/members', reloadDocument: true })).toBe(false);
    expect(isPlainServerLink({ to: '/members', relative: 'path' })).toBe(false);
    expect(isPlainServerLink({ to: { pathname: '/members' } })).toBe(false);
  });
});
