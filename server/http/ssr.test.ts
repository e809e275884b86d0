import { gunzipSync } from 'node:zlib';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import { allowedMethods } from './page-methods';

/** Pages as the production build renders them, for requests a browser would never make. */

let ctx: TestContext;
let cookies: { rdv_session: string };
let otherId: number;
beforeAll(async () => {
  ctx = await createTestContext({ pages: true });
  const site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  const member = await createVisibleMember(ctx, site);
  otherId = (await createVisibleMember(ctx, site)).id;
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

describe('how a page is sent', () => {
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' };
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

  it('sends a page rendered whole as one body with its length, its scripts under a nonce of its own', async () => {
    const first = await ctx.app.inject({ url: '/', headers: browser });
    const second = await ctx.app.inject({ url: '/', headers: browser });
    for (const response of [first, second]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String(response.rawPayload.byteLength));
      expect(response.headers['transfer-encoding']).toBeUndefined();
      expect(response.body.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(response.body.trimEnd().endsWith('</html>')).toBe(true);
      const nonce = nonceOf(response.headers['content-security-policy'] as string);
      expect(nonce).toBeTruthy();
      expect(response.body).toContain(`nonce="${nonce}"`);
    }
    expect(nonceOf(first.headers['content-security-policy'] as string)).not.toBe(nonceOf(second.headers['content-security-policy'] as string));
    // Apart from the nonce, the same request renders the same page.
    const withoutNonce = (response: typeof first) => response.body.replaceAll(nonceOf(response.headers['content-security-policy'] as string)!, 'NONCE');
    expect(withoutNonce(first)).toBe(withoutNonce(second));
  });

  it('compresses a page rendered whole for a browser that takes it, to the same page', async () => {
    const plain = await ctx.app.inject({ url: '/pages/terms', headers: browser });
    const zipped = await ctx.app.inject({ url: '/pages/terms', headers: { ...browser, 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const unzipped = gunzipSync(zipped.rawPayload).toString('utf8');
    const nonceOfResponse = (response: typeof plain) => nonceOf(response.headers['content-security-policy'] as string)!;
    expect(unzipped.replaceAll(nonceOfResponse(zipped), 'NONCE')).toBe(plain.body.replaceAll(nonceOfResponse(plain), 'NONCE'));
  });

  it('answers HEAD with the headers of the page, its length among them, and no body', async () => {
    const page = await ctx.app.inject({ url: '/', headers: browser });
    const response = await ctx.app.inject({ method: 'HEAD', url: '/', headers: browser });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    // A nonce is as long as any other: the page's length does not depend on it.
    expect(response.headers['content-length']).toBe(String(page.rawPayload.byteLength));
    expect(response.rawPayload.byteLength).toBe(0);
  });

  it('still streams a page whose data comes after its first screen (a profile’s related members)', async () => {
    const response = await ctx.app.inject({ url: `/members/${otherId}`, headers: browser, cookies });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBeUndefined();
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.body.trimEnd().endsWith('</html>')).toBe(true);
  });
});

describe('what loaders read of the address', () => {
  it('gives a client navigation’s loaders the page’s address without React Router’s own parameters', async () => {
    const response = await ctx.app.inject({ url: '/members.data?_routes=routes%2Fmembers%2Fsearch&age_min=30', cookies });
    expect(response.statusCode).toBe(200);
    // The search's loader hands back the query it searched with.
    expect(response.body).toContain('age_min');
    expect(response.body).not.toContain('_routes');
  });
});
