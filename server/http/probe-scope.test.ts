import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';

/**
 * The load balancer's probes live outside the site's scope (issue 36): they pass the response
 * headers (with the request id) and their metrics, and none of the request scope, cookies,
 * site lookup, sessions, CSRF, staff rules or compression a member's call needs. Unmatched
 * requests are measured by the not-found handler's own scope, not by a hook on every route.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { NODE_ENV: 'production' } });
  await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

/** The hooks Fastify lists for one route and method, by lifecycle step. */
function hooksOf(path: string, method: string): Record<string, string[]> {
  const lines = ctx.app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n');
  const start = lines.findIndex((line) => line.includes(`${path} (${method})`));
  expect(start, `${method} ${path} in the route table`).toBeGreaterThanOrEqual(0);
  const hooks: Record<string, string[]> = {};
  for (const line of lines.slice(start + 1)) {
    const hook = /• \((\w+)\) (\[.*\])/.exec(line);
    if (!hook) break;
    hooks[hook[1]] = JSON.parse(hook[2]);
  }
  return hooks;
}

describe('the probes', () => {
  it('run two hooks: the response headers with the request id, and their metrics', () => {
    for (const path of ['/healthz', '/readyz']) {
      const hooks = hooksOf(path, 'GET');
      expect(hooks.onRequest, path).toHaveLength(1);
      expect(hooks.preParsing, path).toBeUndefined();
      // They start no work, so no request scope for jobs to inherit.
      expect(hooks.preHandler, path).toBeUndefined();
      expect(hooks.onSend, path).toBeUndefined();
      expect(hooks.onResponse, path).toEqual(['recordResponse()']);
    }
  });

  it('while a visitor call keeps its cookies, site and compression, and runs no rule it does not have', () => {
    const hooks = hooksOf('/api/settings.php', 'GET');
    expect(hooks.onRequest).toContain('fastifyCookieHandler()');
    expect(hooks.onRequest).not.toContain('requireMember()');
    expect(hooks.onRequest).not.toContain('staffRule()');
    expect(hooks.onSend).toContain('onSend()');
    expect(hooks.onSend).not.toContain('dropChangedMemberPages()');
    // A read: no CSRF check, and nothing to announce to the page caches.
    expect(hooks.preHandler).toEqual(['enterRequestScope()']);
    expect(hooks.onResponse).toEqual(['recordResponse()']);
  });

  it("and a member's write runs the member rule, the CSRF check and the visitors' pages announcement", () => {
    const hooks = hooksOf('/api/profile.php', 'PUT');
    expect(hooks.onRequest).toContain('requireMember()');
    expect(hooks.preHandler).toContain('refuseCrossSiteWrites()');
    expect(hooks.onResponse).toContain('announceShownPagesChanged()');
    expect(hooksOf('/api/admin/members', 'GET').onRequest).toContain('staffRule()');
  });

  it('answer with the security headers and without cookies or a site', async () => {
    const health = await ctx.app.inject({ url: '/healthz', headers: { host: 'unknown.example', cookie: 'rdv_session=x' } });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['x-request-id']).toBeTruthy();
    expect(health.headers['set-cookie']).toBeUndefined();
  });

  it('leave unknown paths to the site scope: its own not-found answer in the site language', async () => {
    const missing = await ctx.app.inject({ url: '/api/nothing-here.php' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'not_found' });
    // The not-found scope comes last in the site's: its answers keep every header the routes' have.
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.headers['x-request-id']).toBeTruthy();
  });
});
