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
const RULES: Record<string, Permission | 'public'> = {
  'POST /api/admin/session': 'public',
  'GET /api/admin/session': 'public',
  'DELETE /api/admin/session': 'public',
  'POST /api/admin/session/second-factor': 'public',
  'GET /api/admin/invitation': 'public',
  'POST /api/admin/invitation': 'public',
  'POST /api/admin/invitation/confirm': 'public',
  'GET /api/admin/staff': 'staff.manage',
  'POST /api/admin/staff': 'staff.manage',
  'PATCH /api/admin/staff/{id}': 'staff.manage',
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
  'GET /api/admin/inbox': 'fictional.answer',
  'GET /api/admin/inbox/{id}': 'fictional.answer',
  'POST /api/admin/inbox/{id}/claim': 'fictional.answer',
  'DELETE /api/admin/inbox/{id}/claim': 'fictional.answer',
  'POST /api/admin/inbox/{id}/reply': 'fictional.answer',
  'GET /api/admin/members': 'members.read',
  'GET /api/admin/members/{id}': 'members.read',
  'GET /api/admin/members/{id}/conversations/{conversationId}/messages': 'members.messages',
  'POST /api/admin/members/{id}/ban': 'members.write',
  'POST /api/admin/members/{id}/lift-ban': 'members.write',
  'POST /api/admin/members/{id}/confirm-email': 'members.write',
  'POST /api/admin/members/{id}/unblock-direct-debit': 'members.write',
  'POST /api/admin/members/{id}/credit-corrections': 'credits.correct',
  'POST /api/admin/members/{id}/orders/{orderId}/refund': 'orders.refund',
  'POST /api/admin/members/{id}/sign-out': 'members.write',
  'GET /api/admin/members/{id}/export': 'members.write',
  'POST /api/admin/members/{id}/delete': 'members.write',
  'GET /api/admin/dashboard': 'dashboard.read',
  'GET /api/admin/traffic': 'dashboard.read',
  'GET /api/admin/jobs': 'jobs.manage',
  'POST /api/admin/jobs/{id}/retry': 'jobs.manage',
};

let ctx: TestContext;
let site: SiteRow;
const sessions = new Map<StaffRole, Record<string, string>>();
let routes: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  site = await createSite(ctx.db, { domain: ctx.config.defaultSiteDomain });
  for (const role of STAFF_ROLES) sessions.set(role, (await createStaffMember(ctx, role)).cookies);
  const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
});
afterAll(() => ctx.close());

/** A request to a route with harmless input; the id in a path is 1. */
function call(route: string, cookies: Record<string, string> = {}) {
  const [method, path] = route.split(' ');
  return ctx.app.inject({ method: method as 'GET', url: path.replace(/\{\w+\}/g, '1'), cookies, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
}

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
      const allowed = PERMISSIONS[RULES[route] as Permission] as readonly StaffRole[];
      for (const role of STAFF_ROLES) {
        const response = await call(route, sessions.get(role));
        const label = `${route} as ${role}`;
        if (allowed.includes(role)) expect(response.statusCode, label).not.toBe(403);
        else expect([response.statusCode, response.json().error], label).toEqual([403, 'staff_forbidden']);
        expect(response.statusCode, label).not.toBe(401);
      }
    }
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
