import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { allowedMethods } from './page-methods';

/** Pages as the production build renders them, for requests a browser would never make. */

let ctx: TestContext;
let cookies: { rdv_session: string };
beforeAll(async () => {
  ctx = await createTestContext({ pages: true });
  const site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  const member = await createVisibleMember(ctx, site);
  cookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
});
afterAll(() => ctx.close());

describe('a page asked with another method than GET', () => {
  it.each([
    ['POST', '/'],
    ['TRACE', '/'],
    ['PATCH', '/demo-checkout/x'],
    ['PUT', '/members/1'],
    ['DELETE', '/login'],
    ['OPTIONS', '/pricing'],
  ])('%s %s answers 405 with the methods it takes', async (method, url) => {
    const response = await ctx.app.inject({ method: method as 'POST', url, cookies });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({ error: 'method_not_allowed', message: 'This address cannot be used with this kind of request.' });
  });

  it('answers a form post to a page without an action the same way, body and all', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a&password=b',
    });
    expect(response.statusCode).toBe(405);
  });

  it('still renders GET and HEAD', async () => {
    expect((await ctx.app.inject({ url: '/' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('lets submissions through to a route that has an action', () => {
    const routes = {
      root: { id: 'root', path: '', module: {} },
      'routes/form': { id: 'routes/form', parentId: 'root', path: 'form/:id', module: { action: async () => null } },
      'routes/view': { id: 'routes/view', parentId: 'root', path: 'view', module: {} },
    } as unknown as ServerBuild['routes'];
    const build = { routes } as ServerBuild;
    expect(allowedMethods(build, '/form/7?x=1')).toEqual(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(allowedMethods(build, '/view')).toEqual(['GET', 'HEAD']);
    expect(allowedMethods(build, '/nowhere')).toEqual(['GET', 'HEAD']);
  });
});

describe('a page address with an id no record can have', () => {
  it.each([
    '/members/2147483648',
    '/members/9007199254740991',
    '/chats/2147483648',
    '/transactions/2147483648',
    '/members/2147483648/chat',
    '/members/2147483648/signup',
    '/directdebit?order=2147483648',
  ])('%s is the site’s 404 page', async (url) => {
    const response = await ctx.app.inject({ url, cookies: url.endsWith('/signup') ? {} : cookies });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('This page could not be found');
  });

  it('shows a mailed link with a broken token as a link that does not work', async () => {
    const reset = await ctx.app.inject({ url: '/reset-password/do?token=%00%00%00%00%00%00%00%00%00%00' });
    expect(reset.statusCode).toBe(200);
    const change = await ctx.app.inject({ url: '/mail-change/do?token=abc%00defghijkl' });
    expect(change.statusCode).toBe(200);
    expect(change.body).toContain('Link expired or invalid, request a new email');
  });
});
