import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole } from '../../../../contract/admin/roles';
import { createVisibleMember } from '../../../../tests/factories/members';
import { createSite } from '../../../../tests/factories/sites';
import { createStaffMember } from '../../../../tests/factories/staff';
import { createTestContext, type TestContext } from '../../../../tests/setup/test-services';
import type { SiteRow } from '../../../db/schema/index';

/**
 * What every console call needs. A route added under /api/admin/ without a line here fails the
 * first test, so nobody can add one without deciding who may call it.
 */
const RULES: Record<string, Permission | 'public' | 'signed_in'> = {
  'POST /api/admin/session': 'public',
  'GET /api/admin/session': 'public',
  'DELETE /api/admin/session': 'public',
  'POST /api/admin/session/second-factor': 'public',
  'POST /api/admin/session/two-factor': 'public',
  'POST /api/admin/session/two-factor/confirm': 'public',
  'GET /api/admin/invitation': 'public',
  'POST /api/admin/invitation': 'public',
  'POST /api/admin/invitation/confirm': 'public',
  // Every staff member sets their own console language (issue 32).
  'PUT /api/admin/me/language': 'signed_in',
  'GET /api/admin/staff': 'staff.manage',
  'POST /api/admin/staff': 'staff.manage',
  'PATCH /api/admin/staff/{id}': 'staff.manage',
  'POST /api/admin/staff/{id}/two-factor-reset': 'staff.manage',
  'POST /api/admin/staff/{id}/invitation': 'staff.manage',
  'DELETE /api/admin/staff/{id}/invitation': 'staff.manage',
  'GET /api/admin/audit': 'audit.read',
  'GET /api/admin/audit.csv': 'audit.read',
  'GET /api/admin/photos': 'moderation.review',
  'POST /api/admin/photos/{id}/decision': 'moderation.review',
  'GET /api/admin/profile-texts': 'moderation.review',
  'POST /api/admin/profile-texts/{id}/decision': 'moderation.review',
  'GET /api/admin/reports': 'reports.handle',
  'GET /api/admin/reports/{id}': 'reports.handle',
  'PATCH /api/admin/reports/{id}': 'reports.handle',
  'GET /api/admin/sites': 'sites.read',
  'GET /api/admin/sites/{id}/mail-dns': 'sites.read',
  'POST /api/admin/sites': 'sites.write',
  'GET /api/admin/sites/{id}': 'sites.read',
  'PATCH /api/admin/sites/{id}': 'sites.write',
  'GET /api/admin/sites/{id}/bundles': 'sites.read',
  'POST /api/admin/sites/{id}/bundles': 'sites.write',
  'PATCH /api/admin/sites/{id}/bundles/{bundleId}': 'sites.write',
  'GET /api/admin/sites/{id}/theme': 'sites.read',
  'PUT /api/admin/sites/{id}/theme': 'sites.write',
  'POST /api/admin/sites/{id}/theme/{image}': 'sites.write',
  'DELETE /api/admin/sites/{id}/theme/{image}': 'sites.write',
  'GET /api/admin/partner-cards': 'sites.read',
  'GET /api/admin/partner-cards/{id}': 'sites.read',
  'POST /api/admin/partner-cards': 'sites.write',
  'PATCH /api/admin/partner-cards/{id}': 'sites.write',
  'POST /api/admin/partner-cards/{id}/image': 'sites.write',
  'GET /api/admin/orders': 'money.read',
  'GET /api/admin/chargebacks': 'money.read',
  'POST /api/admin/chargebacks/{id}/debt': 'money.write',
  'POST /api/admin/orders/{id}/sepa-return': 'money.write',
  'GET /api/admin/chargebacks/ratio': 'dashboard.read',
  'GET /api/admin/chargebacks/settings': 'dashboard.read',
  'PUT /api/admin/chargebacks/settings': 'money.write',
  'GET /api/admin/orders/totals': 'money.read',
  'GET /api/admin/orders.csv': 'money.read',
  'GET /api/admin/mandates': 'money.read',
  'GET /api/admin/discount-codes': 'money.read',
  'POST /api/admin/discount-codes': 'money.write',
  'POST /api/admin/discount-codes/{id}/disable': 'money.write',
  'GET /api/admin/fictional-profiles': 'fictional.manage',
  'POST /api/admin/fictional-profiles': 'fictional.manage',
  'GET /api/admin/fictional-profiles/{id}': 'fictional.manage',
  'PATCH /api/admin/fictional-profiles/{id}': 'fictional.manage',
  'GET /api/admin/fictional-profiles/{id}/photos': 'fictional.manage',
  'POST /api/admin/fictional-profiles/{id}/photos': 'fictional.manage',
  'DELETE /api/admin/fictional-profiles/{id}/photos/{photoId}': 'fictional.manage',
  'GET /api/admin/inbox': 'fictional.answer',
  'GET /api/admin/inbox/{id}': 'fictional.answer',
  'POST /api/admin/inbox/{id}/claim': 'fictional.answer',
  'DELETE /api/admin/inbox/{id}/claim': 'fictional.answer',
  'POST /api/admin/inbox/{id}/reply': 'fictional.answer',
  'GET /api/admin/inbox/{id}/notes': 'fictional.answer',
  'POST /api/admin/inbox/{id}/notes': 'fictional.answer',
  'DELETE /api/admin/inbox/notes/{id}': 'fictional.answer',
  'GET /api/admin/canned-replies': 'fictional.answer',
  'GET /api/admin/host-figures': 'fictional.answer',
  'POST /api/admin/canned-replies': 'fictional.manage',
  'PATCH /api/admin/canned-replies/{id}': 'fictional.manage',
  'DELETE /api/admin/canned-replies/{id}': 'fictional.manage',
  'GET /api/admin/members': 'members.read',
  'GET /api/admin/members/{id}': 'members.read',
  'GET /api/admin/members/{id}/linked-accounts': 'members.read',
  'GET /api/admin/members/{id}/conversations/{conversationId}/messages': 'members.messages',
  'POST /api/admin/members/{id}/ban': 'members.restrict',
  'POST /api/admin/members/{id}/lift-ban': 'members.restrict',
  'POST /api/admin/members/{id}/confirm-email': 'members.write',
  'POST /api/admin/members/{id}/block-direct-debit': 'members.write',
  'POST /api/admin/members/{id}/unblock-direct-debit': 'members.write',
  'POST /api/admin/members/{id}/credit-corrections': 'credits.correct',
  'POST /api/admin/members/{id}/orders/{orderId}/refund': 'orders.refund',
  // Support's toolbox (issue 33).
  'POST /api/admin/members/{id}/goodwill': 'credits.goodwill',
  'GET /api/admin/members/{id}/notes': 'members.read',
  'POST /api/admin/members/{id}/notes': 'members.notes',
  'POST /api/admin/members/{id}/sign-out': 'members.write',
  'GET /api/admin/members/{id}/export': 'members.write',
  'POST /api/admin/members/{id}/delete': 'members.write',
  // Trust and safety (issue 32).
  'POST /api/admin/photos/{id}/remove': 'moderation.review',
  'POST /api/admin/members/{id}/profile-text/remove': 'moderation.review',
  'POST /api/admin/members/{id}/hide': 'members.restrict',
  'POST /api/admin/members/{id}/show': 'members.restrict',
  'POST /api/admin/members/{id}/suspend': 'members.restrict',
  'POST /api/admin/members/{id}/lift-suspension': 'members.restrict',
  'GET /api/admin/reports/{id}/evidence': 'reports.handle',
  'GET /api/admin/report-assignees': 'reports.handle',
  'POST /api/admin/reports/bulk': 'reports.handle',
  'POST /api/admin/photos/bulk-decision': 'moderation.review',
  'POST /api/admin/profile-texts/bulk-decision': 'moderation.review',
  'GET /api/admin/dashboard': 'dashboard.read',
  'GET /api/admin/traffic': 'dashboard.read',
  'GET /api/admin/figures': 'dashboard.read',
  'GET /api/admin/figures.csv': 'dashboard.read',
  'GET /api/admin/jobs': 'jobs.manage',
  'POST /api/admin/jobs/{id}/retry': 'jobs.manage',
  'GET /api/admin/safety-rules': 'moderation.review',
  'POST /api/admin/safety-rules': 'moderation.review',
  'DELETE /api/admin/safety-rules/{id}': 'moderation.review',
  'GET /api/admin/sites/{id}/safety': 'sites.read',
  'PUT /api/admin/sites/{id}/safety': 'sites.write',
};

let ctx: TestContext;
let site: SiteRow;
const sessions = new Map<StaffRole, Record<string, string>>();
let routes: string[] = [];

beforeAll(async () => {
  // The whole route table as the router holds it, not the API document (which a route can leave).
  const table: string[] = [];
  ctx = await createTestContext({
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') table.push(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    },
  });
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  for (const role of STAFF_ROLES) sessions.set(role, (await createStaffMember(ctx, role)).cookies);
  routes = table.filter((route) => route.split(' ')[1].startsWith('/api/admin/'));
});
afterAll(() => ctx.close());

/** The roles a route lets through: every role for `signed_in`, else those with its permission. */
const allowedRoles = (route: string): readonly StaffRole[] => (RULES[route] === 'signed_in' ? STAFF_ROLES : PERMISSIONS[RULES[route] as Permission]);

/** A request to a route with harmless input; the id in a path is 1. */
function call(route: string, cookies: Record<string, string> = {}, spell: (path: string) => string = (path) => path) {
  const [method, path] = route.split(' ');
  return ctx.app.inject({
    method: method as 'GET',
    url: spell(path.replace(/\{\w+\}/g, '1')),
    cookies,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

/**
 * Other spellings of a console address that an attacker tries: percent-encoded letters (the
 * router decodes them), doubled slashes, dot segments, upper case, a trailing slash.
 */
const SPELLINGS: Record<string, (path: string) => string> = {
  'encoded a': (path) => path.replace('/api/admin/', '/api/%61dmin/'),
  'encoded n': (path) => path.replace('/api/admin/', '/api/admi%6E/'),
  'encoded api': (path) => path.replace('/api/admin/', '/%61pi/admin/'),
  'all encoded': (path) => path.replace('/api/admin/', '/%61%70%69/%61%64%6d%69%6e/'),
  'lower-case escapes': (path) => path.replace('/api/admin/', '/api/%61%64%6D%69%6E/'),
  'double slash in front': (path) => `/${path}`,
  'double slash inside': (path) => path.replace('/api/admin/', '/api//admin/'),
  'dot segment': (path) => path.replace('/api/admin/', '/api/./admin/'),
  'dot-dot segment': (path) => path.replace('/api/admin/', '/api/x/../admin/'),
  'encoded dot-dot': (path) => path.replace('/api/admin/', '/api/x/%2e%2e/admin/'),
  'upper case': (path) => path.replace('/api/admin/', '/API/ADMIN/'),
  'trailing slash': (path) => `${path}/`,
  'encoded slash': (path) => path.replace('/api/admin/', '/api%2Fadmin/'),
};
/** The spellings the router takes for the same route: each is checked as every role too. */
const MATCHING_SPELLINGS = ['encoded a', 'encoded n', 'encoded api', 'all encoded', 'lower-case escapes'];

describe('console access', () => {
  it('has a rule for every /api/admin/ route', () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((route) => !(route in RULES))).toEqual([]);
  });

  it('answers 401 without a staff session, and 403 to a member’s session', async () => {
    const member = await createVisibleMember(ctx, site);
    const memberCookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
    for (const route of routes.filter((candidate) => RULES[candidate] !== 'public')) {
      const anonymous = await call(route);
      expect([route, anonymous.statusCode, anonymous.json().error]).toEqual([route, 401, 'staff_authentication_required']);
      const asMember = await call(route, memberCookies);
      expect([route, asMember.statusCode, asMember.json().error]).toEqual([route, 403, 'staff_forbidden']);
    }
  });

  it('lets each role through exactly the routes its permissions name', async () => {
    for (const route of routes.filter((candidate) => RULES[candidate] !== 'public')) {
      const allowed = allowedRoles(route);
      for (const role of STAFF_ROLES) {
        const response = await call(route, sessions.get(role));
        const label = `${route} as ${role}`;
        if (allowed.includes(role)) expect(response.statusCode, label).not.toBe(403);
        else expect([response.statusCode, response.json().error], label).toEqual([403, 'staff_forbidden']);
        expect(response.statusCode, label).not.toBe(401);
      }
    }
  }, 120_000); // every route as every role, one after another: the allowed ones run their handlers

  it('answers every other spelling of a console address as the route it names, or not at all', async () => {
    const member = await createVisibleMember(ctx, site);
    const memberCookies = { rdv_session: await ctx.services.sessions.start(member.id, 'test') };
    // A route's calls go out together (the refusals touch nothing), routes one after another.
    for (const route of routes.filter((candidate) => RULES[candidate] !== 'public')) {
      await Promise.all(
        Object.entries(SPELLINGS).map(async ([name, spell]) => {
          const [anonymous, asMember] = await Promise.all([call(route, {}, spell), call(route, memberCookies, spell)]);
          const label = `${route} spelled "${name}"`;
          expect([401, 404], label).toContain(anonymous.statusCode);
          if (MATCHING_SPELLINGS.includes(name)) expect(anonymous.statusCode, label).toBe(401);
          expect([403, 404], `${label} as a member`).toContain(asMember.statusCode);
        }),
      );
      const allowed = allowedRoles(route);
      const refusedRoles = STAFF_ROLES.filter((candidate) => !allowed.includes(candidate));
      await Promise.all(
        refusedRoles.flatMap((role) =>
          MATCHING_SPELLINGS.map(async (name) => {
            const response = await call(route, sessions.get(role), SPELLINGS[name]);
            expect([response.statusCode, response.json().error], `${route} spelled "${name}" as ${role}`).toEqual([403, 'staff_forbidden']);
          }),
        ),
      );
    }
  }, 120_000); // every route, spelled eleven ways, as every role: it grows with the route table

  it('refuses to start with a console route that states no staff rule', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: fastifyCookie } = await import('@fastify/cookie');
    const { staffAuthPlugin } = await import('../../admin/staff-auth');
    const app = Fastify();
    await app.register(fastifyCookie);
    await app.register(staffAuthPlugin, { signIn: ctx.services.staffSignIn, findMemberId: async () => null });
    await expect(
      app.register(async (scope) => {
        scope.get('/api/admin/forgotten', async () => ({ secret: true }));
      }),
    ).rejects.toThrow('GET /api/admin/forgotten is a console route without a staff rule');
    await app.close();
  });

  it('does not take a half-signed-in session (password without code) for a signed-in one', async () => {
    const { member } = await createStaffMember(ctx, 'owner');
    const { createStaffRepository } = await import('../../../db/repositories/staff.repository');
    const { createToken } = await import('../../../domain/accounts/session-tokens');
    const { token, hash } = createToken();
    await createStaffRepository(ctx.db).insertSession({ tokenHash: hash, staffId: member.id, expiresAt: new Date(ctx.clock.now().getTime() + 600_000) });
    const response = await ctx.app.inject({ url: '/api/admin/staff', cookies: { rdv_staff: token } });
    expect(response.statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/admin/session', cookies: { rdv_staff: token } })).json()).toEqual({ step: 'second_factor', staff: null });
  });
});
