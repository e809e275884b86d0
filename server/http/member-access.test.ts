import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisibleMember } from '../../tests/factories/members';
import { createSite } from '../../tests/factories/sites';
import { createTestContext, type TestContext } from '../../tests/setup/test-services';
import type { SiteRow } from '../db/schema/index';

/**
 * The member API's calls that anyone may make. Every other `/api/` call outside the console
 * must state `config.member = 'required'`: a call added without a line here, or without the
 * rule, fails the first test, so nobody adds one without deciding who may make it.
 */
const OPEN_TO_VISITORS = new Set([
  // The site, its catalogues and the visitor's own page views (spec §7).
  'GET /api/settings.php',
  'GET /api/companyinfo.php',
  'GET /api/interests.php',
  'GET /api/regions.php',
  'GET /api/geocode.php',
  'POST /api/page-hidden.php',
  // Search and profiles: visitors see what the site's access rules let them see.
  'GET /api/members.php',
  // Signing up, in and out, and the links mailed to members (each carries its own token).
  'POST /api/signup.php',
  'POST /api/user.php',
  'GET /api/logout.php',
  'GET /api/activate.php',
  'POST /api/password-reset.php',
  'PUT /api/password-reset.php',
  'PUT /api/mail-change.php',
  'POST /api/account-restore.php',
  'GET /api/account.php',
  'GET /api/unsubscribe.php',
  'POST /api/unsubscribe.php',
  // Providers' calls, signed by them.
  'POST /api/payment-webhook.php',
  'POST /api/mail-events.php',
  // Mail the operator's MTA pipes in (bounces, unsubscribe mails), behind the mail-events secret.
  'POST /api/mail-bounce.php',
  'POST /api/mail-unsubscribe.php',
  // The socket checks the session itself, so that a tab learns why it is closed (4401).
  'GET /api/ws',
]);

let ctx: TestContext;
let site: SiteRow;
const table: { route: string; member?: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || !route.url.startsWith('/api/') || route.url.startsWith('/api/admin/') || route.url.startsWith('/api/docs')) continue;
        // Saving a push subscription shares log-in's address, told apart by its query (?push=1).
        const query = route.constraints?.pushQuery ? `?push=${route.constraints.pushQuery}` : '';
        table.push({ route: `${method} ${route.url}${query}`, member: route.config?.member });
      }
    },
  });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
});
afterAll(() => ctx.close());

/** Other spellings of the same call: percent-encoded letters (the router decodes them). */
const SPELLINGS: Record<string, (path: string) => string> = {
  plain: (path) => path,
  'encoded api': (path) => path.replace('/api/', '/%61pi/'),
  'encoded name': (path) => path.replace(/\/api\/(\w)/, (_whole, letter: string) => `/api/%${letter.charCodeAt(0).toString(16)}`),
  'encoded dot': (path) => path.replace('.php', '%2Ephp'),
  'dot segment': (path) => path.replace('/api/', '/api/./'),
};
/** Spellings the router does not take for the call: nothing may answer but "not found". */
const OTHER_SPELLINGS: Record<string, (path: string) => string> = {
  'upper case': (path) => path.toUpperCase(),
  'double slash inside': (path) => path.replace('/api/', '/api//'),
};

/** A call with an empty body where it takes one: a guard must answer before the body counts. */
function call(route: string, spell: (path: string) => string, cookies: Record<string, string> = {}) {
  const [method, path] = route.split(' ');
  const url = spell(path.replace(/:\w+/g, '1'));
  return ctx.app.inject({ method: method as 'GET', url, cookies, ...(method === 'GET' ? {} : { payload: {} }) });
}

describe('member-only calls', () => {
  it('each call outside the console is open to visitors by decision, or states that it needs a member', () => {
    expect(table.length).toBeGreaterThan(30);
    expect(table.filter(({ route, member }) => member !== 'required' && !OPEN_TO_VISITORS.has(route)).map(({ route }) => route)).toEqual([]);
    expect(table.filter(({ route, member }) => member === 'required' && OPEN_TO_VISITORS.has(route)).map(({ route }) => route)).toEqual([]);
  });

  it('answers every spelling of a member-only call without a session with the spec’s 403, before reading its body', async () => {
    for (const { route } of table.filter(({ member }) => member === 'required')) {
      for (const [name, spell] of Object.entries(SPELLINGS)) {
        const response = await call(route, spell);
        expect([route, name, response.statusCode, response.json().error]).toEqual([route, name, 403, 'authentication_required']);
      }
      for (const [name, spell] of Object.entries(OTHER_SPELLINGS)) {
        expect([route, name, (await call(route, spell)).statusCode]).toEqual([route, name, 404]);
      }
      // A session that ended is no session.
      expect((await call(route, SPELLINGS.plain, { rdv_session: 'not-a-session' })).statusCode, route).toBe(403);
    }
  });

  it('lets a signed-in member past the guard of every member-only call', async () => {
    const member = await createVisibleMember(ctx, site);
    const cookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
    for (const { route } of table.filter(({ member }) => member === 'required')) {
      const response = await call(route, SPELLINGS.plain, cookies);
      const error = response.body ? (response.json() as { error?: string }).error : undefined;
      expect([route, error], `${route} answered ${response.statusCode}`).not.toEqual([route, 'authentication_required']);
    }
  });
});
